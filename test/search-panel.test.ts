import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { openFixture, type BrowserSite } from './helpers/browser.js'

// The search panel, used as a reader would: with the keyboard, the mouse and its filters.

let site: BrowserSite

const GUIDE = `# Adoption guide

Adopting is a short process.

## Adoption paperwork {#paperwork}

Every adoption needs a signed kennel form.

## Returning a pet

A kennel return is free within thirty days.
`

test.before(async () => {
  site = await openFixture('api', {
    config: `export default {
      title: 'Pets',
      search: true,
      docs: {
        versions: [{ name: 'v2' }, { name: 'v1' }],
        sidebars: { guide: ['index', 'adoption'], apiSidebar: [{ type: 'api' }] },
      },
      navbar: { items: [
        { type: 'docSidebar', sidebarId: 'guide', label: 'Guides' },
        { type: 'docSidebar', sidebarId: 'apiSidebar', label: 'API' },
        { type: 'docsVersionDropdown', position: 'right' },
      ] },
    }\n`,
    prepare(dir) {
      for (const v of ['v1', 'v2']) fs.writeFileSync(path.join(dir, `content/docs/${v}/adoption.md`), GUIDE)
    },
  })
})
test.after(() => site?.close())

async function searchFor(page: Page, q: string) {
  await page.fill('.search-input', q)
  await page.waitForSelector('.search-hit')
}
const hits = (page: Page) =>
  page.$$eval('.search-hit', (as) => as.map((a) => ({ href: a.getAttribute('href')!, text: a.textContent! })))

test('results deep-link to the sections that match, and excerpts carry no stray "#"', async () => {
  const { page } = await site.newPage()
  await page.goto(site.url + '/')
  await searchFor(page, 'kennel')
  const found = await hits(page)
  assert.ok(
    found.some((h) => h.href === '/adoption/#paperwork' && /Adoption paperwork/.test(h.text)),
    JSON.stringify(found),
  )
  assert.ok(found.some((h) => h.href === '/adoption/#returning-a-pet'))
  for (const h of found) assert.not.match(h.text, /#|</)
})

test('an API operation shows its method and path; filters narrow by section, method and version', async () => {
  const { page } = await site.newPage()
  await page.goto(site.url + '/')
  await searchFor(page, 'pet')
  assert.ok((await hits(page)).some((h) => h.text.includes('POST /pets')))
  await page.selectOption('.search-filters label:has-text("Method") select', 'GET')
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.search-hit-endpoint')].every((e) => e.textContent!.startsWith('GET ')),
  )
  await page.selectOption('.search-filters label:has-text("Method") select', '')
  await page.selectOption('.search-filters label:has-text("Section") select', 'Guides')
  await page.waitForFunction(() => document.querySelectorAll('.search-hit-endpoint').length === 0)
  await page.fill('.search-input', 'kennel')
  await page.selectOption('.search-filters label:has-text("Version") select', 'v1')
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.search-hit')].every((a) => a.getAttribute('href')!.startsWith('/v1/')),
  )
})

test('arrow keys move through results and sections, Enter opens the chosen one', async () => {
  const { page } = await site.newPage()
  await page.goto(site.url + '/')
  await searchFor(page, 'kennel')
  const rows = await hits(page)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  const chosen = await page.getAttribute('.search-input', 'aria-activedescendant')
  assert.is(await page.getAttribute(`[id="${chosen}"]`, 'href'), rows[1]!.href)
  await page.keyboard.press('Enter')
  await page.waitForFunction((h) => location.pathname + location.hash === h, rows[1]!.href)
})

test('Escape and a click outside close the panel; focus stays in (or returns to) the box', async () => {
  const { page } = await site.newPage()
  await page.goto(site.url + '/')
  await searchFor(page, 'kennel')
  await page.focus('.search-filters select')
  await page.keyboard.press('Escape')
  assert.is(await page.locator('.search-panel').count(), 0)
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('search-input')))
  await searchFor(page, 'kennel')
  await page.mouse.click(600, 600)
  assert.is(await page.locator('.search-panel').count(), 0)
})

test('typing is debounced: one search for a word typed quickly, none until the typing pauses', async () => {
  const { page } = await site.newPage()
  // Pagefind's module, wrapped so that each search call is counted.
  await page.route('**/pagefind/pagefind.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `import * as pf from './pagefind.js?real'
        export const filters = pf.filters
        export function search(q, o) { (globalThis.__searches ??= []).push(q); return pf.search(q, o) }`,
    }),
  )
  await page.clock.install()
  await page.goto(site.url + '/')
  await page.focus('.search-input')
  // Time stands still while typing: only the clock's own advance can fire the debounce.
  await page.clock.pauseAt(Date.now() + 60_000)
  await page.keyboard.type('kennel')
  assert.is(await page.evaluate(() => (globalThis as { __searches?: string[] }).__searches), undefined)
  await page.clock.runFor(1000)
  await page.waitForSelector('.search-hit')
  assert.equal(await page.evaluate(() => (globalThis as { __searches?: string[] }).__searches), ['kennel'])
})

test.run()
