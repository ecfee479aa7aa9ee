// MDX Tabs in Chromium (test/fixtures/mdx-site): groups sharing a groupId follow each other on a
// page and on the next page (Docusaurus's storage key), `?os=mac` chooses a tab, and a
// 'use client' component hydrates while static pages load no module of their own; a ```mermaid
// fence on an MDX page is drawn as on a markdown page.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { openFixture, type BrowserSite, type FixtureSite } from './helpers/browser.js'

let server: FixtureSite

test.before(async () => {
  server = await openFixture('mdx-site', { removeOnClose: true })
})
test.after(() => server?.close())

/** The selected tab's value of each `os` group on the page, in order. */
const chosen = (page: Awaited<ReturnType<BrowserSite['newPage']>>['page']) =>
  page.$$eval('.tabs[data-group-id="os"]', (groups) =>
    groups.map((g) => g.querySelector<HTMLElement>('[role=tab][aria-selected=true]')?.dataset.tab),
  )

test('choosing a tab switches the other group of its groupId, and is remembered on another page', async () => {
  const { page, errors } = await server.newPage()
  await page.goto(server.url + '/tabs/')
  await page.waitForSelector('.tabs.tabs-ready')
  assert.equal(await chosen(page), ['linux', 'linux'])
  assert.ok(await page.isHidden('.tabs[data-group-id="os"] >> nth=1 >> text=macOS again.'))
  await page.click('.tabs[data-group-id="os"] >> nth=0 >> [role=tab][data-tab=mac]')
  assert.equal(await chosen(page), ['mac', 'mac'])
  assert.ok(await page.isVisible('text=macOS again.'))
  assert.ok(await page.isHidden('text=Linux again.'))
  assert.is(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os')), 'mac')
  // queryString: the choice is in the address too.
  assert.match(page.url(), /[?&]os=mac/)
  await page.goto(server.url + '/other/')
  await page.waitForSelector('.tabs.tabs-ready')
  assert.equal(await chosen(page), ['mac'])
  assert.ok(await page.isVisible('text=macOS on the other page.'))
  assert.equal(errors, [])
})

test('?os=mac selects the tab of a group with queryString', async () => {
  const { page, errors } = await server.newPage()
  await page.goto(server.url + '/tabs/?os=mac')
  await page.waitForSelector('.tabs.tabs-ready')
  assert.is(
    await page.getAttribute('.tabs[data-query-string="os"] [role=tab][data-tab=mac]', 'aria-selected'),
    'true',
  )
  assert.ok(await page.isVisible('text=Run make on macOS.'))
  assert.equal(errors, [])
})

test('a "use client" component hydrates; a static MDX page loads no islands module', async () => {
  const { page, errors } = await server.newPage()
  const loaded: string[] = []
  page.on('request', (r) => loaded.push(r.url()))
  await page.goto(server.url + '/tabs/')
  await page.waitForSelector('[data-mdx-island][data-hydrated]')
  await page.click('button.counter')
  await page.waitForFunction(
    () => document.querySelector('button.counter')?.textContent === 'Clicked 4 times',
  )
  assert.ok(loaded.some((u) => /mdx-islands\.[^/]+\.js$/.test(u)))
  const { page: other } = await server.newPage()
  const staticLoads: string[] = []
  other.on('request', (r) => staticLoads.push(r.url()))
  await other.goto(server.url + '/static/')
  await other.waitForSelector('.admonition')
  assert.not.ok(
    staticLoads.some((u) => /mdx-islands/.test(u)),
    staticLoads.join('\n'),
  )
  assert.equal(errors, [])
})

test('a mermaid diagram on an MDX page is drawn, with its source kept for search', async () => {
  const { page, errors } = await server.newPage()
  await page.goto(server.url + '/formulas/')
  await page.waitForSelector('figure.mermaid-drawn img.mermaid-diagram', { timeout: 20_000 })
  const svg = await page.$eval('img.mermaid-diagram', (img) =>
    decodeURIComponent((img as HTMLImageElement).src.replace(/^data:image\/svg\+xml;charset=utf-8,/, '')),
  )
  assert.match(svg, 'POST /wallet/bet')
  assert.is(await page.isHidden('.mermaid-source'), true)
  // KaTeX's fonts and stylesheet load: a formula is laid out, not shown as raw TeX.
  assert.ok(await page.isVisible('.katex-display'))
  assert.equal(errors, [])
})

test.run()
