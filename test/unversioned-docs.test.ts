// Without a config, the folders of content/docs/ are versions. A site whose docs are not
// versioned puts them in content/docs/ itself: those are one set of docs, served at the root,
// with their folders as categories (before, they were left out without a word, and their folders
// became versions).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { buildDir, tempDir } from './helpers/index.js'
import { loadConfig } from '../src/config.js'

function site(files: Record<string, string>) {
  const dir = tempDir('docs-site-unversioned-')
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    fs.writeFileSync(path.join(dir, rel), text)
  }
  return dir
}

const text = (v: string | Uint8Array | undefined) =>
  typeof v === 'string' ? v : v ? new TextDecoder().decode(v) : ''

test('Markdown in content/docs/ itself is one set of docs; its folders are categories', async () => {
  const dir = site({
    'content/docs/intro.md': '---\ntitle: Welcome\nslug: /\n---\n\nStart with [setup](./guides/setup.md).\n',
    'content/docs/guides/setup.md': '---\ntitle: Setup\n---\n\nInstall it.\n',
    'content/i18n/vi/docs/guides/setup.md': '---\ntitle: Cài đặt\n---\n\nCài đặt gói.\n',
  })
  const config = await loadConfig(dir)
  assert.equal(
    config.versions.map((v) => [v.name, v.path]),
    [['current', '']],
  )
  const result = await buildDir(dir)
  assert.equal(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  )
  assert.match(text(result.output.get('index.html')), '<h1>Welcome</h1>')
  const setup = text(result.output.get('guides/setup/index.html'))
  assert.match(setup, '<h1>Setup</h1>')
  assert.match(setup, /class="menu-link menu-category-label"[^>]*>guides</)
  assert.match(text(result.output.get('vi/guides/setup/index.html')), '<h1>Cài đặt</h1>')
})

test('version folders stay versions beside a README for the writers', async () => {
  const dir = site({
    'content/docs/README.md': '# How to write these docs\n',
    'content/docs/v2/intro.md': '---\ntitle: Two\nslug: /\n---\n\nNew.\n',
    'content/docs/v1/intro.md': '---\ntitle: One\nslug: /\n---\n\nOld.\n',
  })
  const config = await loadConfig(dir)
  assert.equal(
    config.versions.map((v) => [v.name, v.path]),
    [
      ['v2', ''],
      ['v1', 'v1'],
    ],
  )
})

test.run()
