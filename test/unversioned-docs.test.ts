// Without a config, the folders of content/docs/ are versions. A site whose docs are not
// versioned puts them in content/docs/ itself: those are one set of docs, served at the root,
// with their folders as categories (before, they were left out without a word, and their folders
// became versions).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildDir, html, tempSite } from './helpers/index.js'
import { loadConfig } from '../src/config.js'

/** The versions the config finds in a site of these files, as [name, path]. */
async function versionsOf(dir: string) {
  return (await loadConfig(dir)).versions.map((v) => [v.name, v.path])
}

test('Markdown in content/docs/ itself is one set of docs; its folders are categories', async () => {
  const dir = tempSite('docs-site-unversioned-', {
    'content/docs/intro.md': '---\ntitle: Welcome\nslug: /\n---\n\nStart with [setup](./guides/setup.md).\n',
    'content/docs/guides/setup.md': '---\ntitle: Setup\n---\n\nInstall it.\n',
    'content/i18n/vi/docs/guides/setup.md': '---\ntitle: Cài đặt\n---\n\nCài đặt gói.\n',
  })
  assert.equal(await versionsOf(dir), [['current', '']])
  const result = await buildDir(dir)
  assert.equal(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  )
  assert.match(html(result, 'index.html'), '<h1>Welcome</h1>')
  const setup = html(result, 'guides/setup/index.html')
  assert.match(setup, '<h1>Setup</h1>')
  assert.match(setup, /class="menu-link menu-category-label"[^>]*>guides</)
  assert.match(html(result, 'vi/guides/setup/index.html'), '<h1>Cài đặt</h1>')
})

test('version folders stay versions beside a README for the writers', async () => {
  const dir = tempSite('docs-site-unversioned-', {
    'content/docs/README.md': '# How to write these docs\n',
    'content/docs/v2/intro.md': '---\ntitle: Two\nslug: /\n---\n\nNew.\n',
    'content/docs/v1/intro.md': '---\ntitle: One\nslug: /\n---\n\nOld.\n',
  })
  assert.equal(await versionsOf(dir), [
    ['v2', ''],
    ['v1', 'v1'],
  ])
})

test.run()
