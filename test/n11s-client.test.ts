// The N11S site in Chromium with its browser runtime (Preact hydrating React's server markup): no
// console error or hydration warning on a docs page, an API page with its explorer open, the blog
// and a post; islands keep the server's markup; search's ids match; a docs page's JavaScript
// stays within a third of Docusaurus's (171 KB gzipped on the same kind of page, bench/docusaurus.mjs).
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildOrThrow, openSite, type BrowserSite } from './helpers/browser.js'
import { consoleProblems, islandMarkupChanges, scriptsOf, type PageLoad } from './helpers/client-runtime.js'
import { tempDir } from './helpers/index.js'

const DOCS_PAGE = '/integration/launch-game/'
let site: BrowserSite
let out: string

test.before(async () => {
  out = path.join(tempDir('docs-site-n11s-client-'), 'build')
  buildOrThrow(['build', '--out-dir', out, '--quiet'])
  site = await openSite(out)
})
test.after(async () => {
  await site?.close()
  fs.rmSync(path.dirname(out), { recursive: true, force: true })
})

async function open(route: string): Promise<PageLoad> {
  const opened = await site.newPage()
  const scripts = scriptsOf(opened.page, out)
  const logs = consoleProblems(opened.page)
  await opened.page.goto(site.url + route, { waitUntil: 'networkidle' })
  return { ...opened, scripts, logs }
}

test('no console error or warning, islands as the server rendered them: docs, API with the explorer, blog', async () => {
  for (const route of [DOCS_PAGE, '/api/bet/', '/blog/', '/blog/retry-mechanism/', '/vi/']) {
    const { context, page, errors, logs } = await open(route)
    assert.equal(await islandMarkupChanges(page), [], route)
    if (route === '/api/bet/') {
      // The explorer's panel is a chunk of its own, loaded and rendered on the click.
      await page.click('.explorer-open button')
      await page.waitForSelector('.explorer form')
    }
    assert.equal(errors, [], route)
    assert.equal(logs, [], route)
    await context.close()
  }
})

test('search: the results list has the id the box names (made after hydration, in the browser)', async () => {
  const { context, page, errors, logs } = await open(DOCS_PAGE)
  const box = page.locator('.navbar .search-input').first()
  await box.fill('wallet')
  await page.waitForSelector('.search-hit')
  const list = (await box.getAttribute('aria-controls'))!
  assert.is(await page.locator(`[id="${list}"]`).getAttribute('role'), 'listbox')
  await box.press('ArrowDown')
  const active = (await box.getAttribute('aria-activedescendant'))!
  assert.is(await page.locator(`[id="${active}"]`).getAttribute('role'), 'option')
  assert.equal(errors, [])
  assert.equal(logs, [])
  await context.close()
})

test("a docs page loads at most 57 KB of JavaScript gzipped (a third of Docusaurus's 171 KB)", async () => {
  const { context, scripts } = await open(DOCS_PAGE)
  assert.ok(scripts.total() <= 57 * 1024, `${scripts.total()} bytes: ${[...scripts.files.keys()].join(', ')}`)
  await context.close()
})

test.run()
