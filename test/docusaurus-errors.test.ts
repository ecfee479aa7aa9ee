// Mistakes in a Docusaurus project are diagnostics with the file and line, the config exit code
// (3) or the content one (1), and no stack trace.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { cli } from './helpers/index.js'

/** A small Docusaurus project in a temp folder, from file name → text. */
function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-site-docusaurus-err-'))
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    fs.writeFileSync(path.join(dir, name), text)
  }
  return dir
}

function buildIn(dir: string) {
  try {
    return cli(['build', '--root', dir, '--out-dir', path.join(dir, 'out')])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const noStack = (text: string) => assert.not.match(text, /\n\s+at .+:\d+:\d+\)?\n/)

test('a config that throws: exit 3, its message, the file, no stack trace', () => {
  const r = buildIn(
    project({
      'docusaurus.config.js': `export default async function createConfig() {\n  throw new Error('ALGOLIA_KEY is not set')\n}\n`,
    }),
  )
  assert.is(r.code, 3)
  assert.match(
    r.stderr,
    /docusaurus\.config\.js: error: evaluating the Docusaurus config failed: ALGOLIA_KEY is not set/,
  )
  noStack(r.stderr)
})

test('a syntax error in the config: file:line:col, exit 3, no stack trace', () => {
  const r = buildIn(
    project({
      'docusaurus.config.js': `module.exports = {\n  title: 'Broken',\n  tagline: 'a' 'b',\n}\n`,
    }),
  )
  assert.is(r.code, 3)
  assert.match(r.stderr, /docusaurus\.config\.js:3:\d+: error: /)
  noStack(r.stderr)
})

test('a sidebar naming a doc that does not exist: an error naming the id, exit 1', () => {
  const r = buildIn(
    project({
      'docusaurus.config.js': `module.exports = { title: 'T', presets: [['classic', { docs: { sidebarPath: './sidebars.js' }, blog: false }]] }\n`,
      'sidebars.js': `module.exports = { docs: ['intro', 'guides/missing'] }\n`,
      'docs/intro.md': '# Intro\n',
    }),
  )
  assert.is(r.code, 1)
  assert.match(r.stderr, 'sidebar "docs" refers to doc id "guides/missing", which does not exist')
  noStack(r.stderr)
})

test.run()
