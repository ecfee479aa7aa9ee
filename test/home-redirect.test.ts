// A site of docs only, none of them at `slug: /`, has no page at its root; the logo, the 404 page
// and readers typing the address all go there. The root of each locale then sends the reader on
// to the first page of its docs, instead of the build failing on a broken link to "/" from
// every page.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildDir, html, tempSite } from './helpers/index.js'

const docsOnly = (home?: string) =>
  tempSite('docs-site-home-', {
    'content/docs/v1/setup.md': `---\ntitle: Setup\nsidebar_position: 2\n${home ?? ''}---\n\nInstall it.\n`,
    'content/docs/v1/start.md': '---\ntitle: Start\nsidebar_position: 1\n---\n\nRead this first.\n',
    'content/i18n/vi/docs/v1/start.md': '---\ntitle: Bắt đầu\nsidebar_position: 1\n---\n\nĐọc trước.\n',
  })

test('each locale root without a page leads to the first page of its sidebar', async () => {
  const result = await buildDir(docsOnly())
  assert.equal(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  )
  const home = html(result, 'index.html')
  assert.match(home, '<meta http-equiv="refresh" content="0; url=/start/">')
  assert.match(home, '<a href="/start/">')
  const vi = html(result, 'vi/index.html')
  assert.match(vi, 'url=/vi/start/')
  assert.match(vi, '<html lang="vi">')
  // Not a page of the site: no sitemap entry, no search record.
  assert.not.ok(result.site.routes.some((r) => r.outFile === 'index.html'))
})

test('a doc at slug: / stays the home page', async () => {
  const result = await buildDir(docsOnly('slug: /\n'))
  const home = html(result, 'index.html')
  assert.match(home, '<h1>Setup</h1>')
  assert.not.match(home, 'http-equiv="refresh"')
})

test.run()
