// In Chromium: a Docusaurus site's redirect pages (test/fixtures/docusaurus/site-options, baseUrl
// /handbook/) send the reader on with the query and #hash they arrived with; without JavaScript
// their refresh still reaches the page.
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildOrThrow, openSite, type BrowserSite } from './helpers/browser.js'
import { FIXTURES, tempDir } from './helpers/index.js'

let site: BrowserSite
let dir: string
test.before(async () => {
  dir = tempDir('docs-site-redirects-')
  const project = path.join(dir, 'project')
  fs.cpSync(path.join(FIXTURES, 'docusaurus/site-options'), project, { recursive: true })
  // Served from the folder above the output, so the pages are at their baseUrl, /handbook/.
  buildOrThrow(['build', '--root', project, '--out-dir', path.join(dir, 'www/handbook'), '--quiet'])
  site = await openSite(path.join(dir, 'www'))
})
test.after(async () => {
  await site?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Where the browser ends up from `from`, and the heading it shows there. */
async function land(from: string, javaScriptEnabled = true): Promise<{ url: string; h1: string | null }> {
  const context = await site.browser.newContext({ javaScriptEnabled })
  await context.route('**/*', (r) => (r.request().url().startsWith(site.url) ? r.continue() : r.abort()))
  const page = await context.newPage()
  await page.goto(site.url + from)
  await page.waitForURL((u) => !/\/(setup|requirements|updates)\/?/.test(u.pathname), { timeout: 10_000 })
  await page.waitForSelector('h1')
  const out = { url: page.url().slice(site.url.length), h1: await page.textContent('h1') }
  await context.close()
  return out
}

test('the reader’s query and #hash are kept on the way to the page', async () => {
  const r = await land('/handbook/docs/setup/?from=mail#requirements')
  assert.is(r.url, '/handbook/docs/guides/install/?from=mail#requirements')
  assert.is(r.h1, 'Install the field kit')
})

test('a target with its own query and #hash: the reader’s query joins it, the target’s #hash stays', async () => {
  const r = await land('/handbook/docs/requirements/?ref=flyer')
  assert.is(r.url, '/handbook/docs/guides/install/?tab=linux&ref=flyer#requirements')
})

test('in another locale the redirect leads to that locale’s page', async () => {
  const r = await land('/handbook/fr/updates/#latest')
  assert.is(r.url, '/handbook/fr/news/#latest')
})

test('without JavaScript the refresh reaches the page', async () => {
  const r = await land('/handbook/docs/setup/', false)
  assert.is(r.url, '/handbook/docs/guides/install/')
  assert.is(r.h1, 'Install the field kit')
})

test.run()
