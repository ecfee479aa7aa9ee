// Mistakes in a Docusaurus project are diagnostics with the file and line, the config exit code
// (3) or the content one (1), and no stack trace.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { cli, tempDir } from './helpers/index.js'
import { loadConfig } from '../src/config.js'
import { DocsSiteError } from '../src/errors.js'

/** A small Docusaurus project in a temp folder, from file name → text. */
function project(files: Record<string, string>): string {
  const dir = tempDir('docs-site-docusaurus-err-')
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

test('a sidebar naming a doc that does not exist: an error at the id in sidebars.js, exit 1', () => {
  const r = buildIn(
    project({
      'docusaurus.config.js': `module.exports = { title: 'T', presets: [['classic', { docs: { sidebarPath: './sidebars.js' }, blog: false }]] }\n`,
      'sidebars.js': `module.exports = {\n  docs: [\n    'intro',\n    { type: 'doc', id: 'guides/missing' },\n  ],\n}\n`,
      'docs/intro.md': '# Intro\n',
    }),
  )
  assert.is(r.code, 1)
  assert.match(
    r.stderr,
    'sidebars.js:4:25: error: sidebar "docs" refers to doc id "guides/missing", which does not exist',
  )
  assert.not.match(r.stderr, 'docusaurus.config.js')
  noStack(r.stderr)
})

test('a versioned sidebar naming a doc that does not exist: an error in its JSON file', () => {
  const r = buildIn(
    project({
      'docusaurus.config.js': `module.exports = { title: 'T', presets: [['classic', { blog: false }]] }\n`,
      'sidebars.json': `{ "docs": ["intro"] }\n`,
      'docs/intro.md': '# Intro\n',
      'versions.json': '["1.0"]\n',
      'versioned_docs/version-1.0/intro.md': '# Intro\n',
      'versioned_sidebars/version-1.0-sidebars.json': `{\n  "docs": [\n    "intro",\n    "old/gone"\n  ]\n}\n`,
    }),
  )
  assert.is(r.code, 1)
  assert.match(
    r.stderr,
    'versioned_sidebars/version-1.0-sidebars.json:4:6: error: sidebar "docs" refers to doc id "old/gone"',
  )
  noStack(r.stderr)
})

test('a package the config imports comes from the project’s node_modules; a missing one says so', async () => {
  const dir = project({
    'docusaurus.config.mjs': `import { brand } from 'quill-brand'\nexport default { title: brand.name }\n`,
    'node_modules/quill-brand/package.json': '{"name":"quill-brand","main":"index.js"}',
    'node_modules/quill-brand/index.js': 'exports.brand = { name: "Quill from a package" }\n',
  })
  try {
    assert.is((await loadConfig(dir)).title, 'Quill from a package')
    // Another project (Node keeps a package once loaded): the same config, no node_modules.
    fs.rmSync(path.join(dir, 'node_modules'), { recursive: true })
    const bare = tempDir('docs-site-docusaurus-err-')
    fs.cpSync(dir, bare, { recursive: true })
    const err = await loadConfig(bare).then(
      () => undefined,
      (e: unknown) => e,
    )
    assert.ok(err instanceof DocsSiteError)
    assert.is(err.exitCode, 3)
    const message = err.diagnostics[0]!.message
    assert.match(message, "Cannot find module 'quill-brand'")
    assert.match(message, 'npm ci')
    assert.not.match(message, 'Require stack')
    fs.rmSync(bare, { recursive: true, force: true })
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
