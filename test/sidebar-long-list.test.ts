// A long list in a large sidebar (10,000 pages in one folder is a real site's shape) must not be
// copied into every page: a page shows the items around its own, and a placeholder on each side
// stands for the rest, which come from the sidebar's shared file when the reader asks. A
// generated site: 1,200 pages at the top level, and a collapsed category of 300 pages.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { buildOrThrow, openDrawer, openSite, type BrowserSite } from './helpers/browser.js'
import { LONG_LIST, WINDOW_SIDE } from '../src/sidebar-view.js'
import { reachable, tempDir } from './helpers/index.js'

const TOP = 1200
const IN_CATEGORY = 300
const pad = (n: number) => String(n).padStart(4, '0')

function generate(dir: string) {
  const docs = path.join(dir, 'content/docs/v1')
  fs.mkdirSync(path.join(docs, 'zz-archive'), { recursive: true })
  for (let i = 0; i < TOP; i++)
    fs.writeFileSync(
      path.join(docs, `page-${pad(i)}.md`),
      `---\ntitle: Page ${i}\n${i === 0 ? 'slug: /\n' : ''}---\n\nText of page ${i}.\n`,
    )
  // Sorted after the pages: the category is the top level's last item.
  fs.writeFileSync(path.join(docs, 'zz-archive/_category_.yml'), 'label: Archive\ncollapsed: true\n')
  for (let i = 0; i < IN_CATEGORY; i++)
    fs.writeFileSync(
      path.join(docs, `zz-archive/old-${pad(i)}.md`),
      `---\ntitle: Old ${i}\n---\n\nText of old page ${i}.\n`,
    )
  fs.writeFileSync(path.join(dir, 'docs-site.config.ts'), `export default { title: 'Long lists' }\n`)
}

const dir = tempDir('docs-site-long-list-')
let site: BrowserSite

test.before(() => {
  assert.ok(IN_CATEGORY > LONG_LIST, 'the category must hold a long list')
  generate(dir)
  buildOrThrow(['build', '--root', dir, '--quiet'])
})
test.after(async () => {
  await site?.close()
  if (!process.env.KEEP) fs.rmSync(dir, { recursive: true, force: true })
})

const read = (route: string) => fs.readFileSync(path.join(dir, 'build', route, 'index.html'), 'utf8')
const sidebarOf = (html: string) => /<nav class="sidebar-nav"[\s\S]*?<\/nav>/.exec(html)![0]
const labels = (html: string) =>
  [...sidebarOf(html).matchAll(/<a class="menu-link[^"]*" href="[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1]!)
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)].map((m) => m[1]!)

test('a page shows the items around its own and a placeholder on each side for the rest', () => {
  const html = read('page-0600')
  const shown = labels(html)
  const pages = shown.filter((l) => /^Page \d+$/.test(l))
  assert.equal(
    pages,
    Array.from({ length: 2 * WINDOW_SIDE + 1 }, (_, k) => `Page ${600 - WINDOW_SIDE + k}`),
  )
  const from = 600 - WINDOW_SIDE
  // Written as the locale writes numbers.
  assert.ok(shown.includes(`Show ${from} earlier items`), shown.join(' | '))
  const after = TOP + 1 - (from + 2 * WINDOW_SIDE + 1)
  assert.ok(shown.includes(`Show ${after.toLocaleString('en')} more items`), shown.join(' | '))
  assert.match(html, `data-sidebar-list="0" data-from="0" data-to="${from}"`)
  assert.match(html, 'aria-current="page"')
  // Without JavaScript a placeholder leads to the nearest item it stands for.
  assert.match(sidebarOf(html), `href="/page-${pad(from - 1)}/" data-sidebar-more=""`)
  // The page's size does not grow with the list: the first page's sidebar is as small.
  assert.ok(sidebarOf(html).length < 12000, `${sidebarOf(html).length} characters of sidebar`)
  assert.ok(Math.abs(read('').length - html.length) < 2000)
})

test('at the ends of the list the window stays full; the pager and breadcrumbs are unchanged', () => {
  const first = labels(read(''))
  assert.equal(first.filter((l) => l.startsWith('Page ')).length, 2 * WINDOW_SIDE + 1)
  assert.not.ok(first.some((l) => l.includes('earlier')))
  // The category on the last page's path is open, its own long list windowed around the page.
  const last = read('zz-archive/old-0299')
  const shown = labels(last)
  assert.ok(shown.includes('Old 299') && shown.includes(`Old ${299 - 2 * WINDOW_SIDE}`), shown.join(' | '))
  assert.not.ok(shown.includes('Old 0'))
  const mid = read('page-0600')
  assert.match(mid, '<a class="pager-link pager-prev" href="/page-0599/"')
  assert.match(mid, '<a class="pager-link pager-next" href="/page-0601/"')
  assert.match(
    read('zz-archive/old-0100'),
    '<ol><li><span>Archive</span></li><li><span aria-current="page">Old 100</span></li></ol>',
  )
})

test("the shared file holds each long list's items one by one, in order", () => {
  const src = /data-sidebar-src="\/([^"]+)"/.exec(read(''))![1]!
  const file = JSON.parse(fs.readFileSync(path.join(dir, 'build', src), 'utf8')) as Record<
    string,
    string | string[]
  >
  const top = file['0']
  assert.ok(Array.isArray(top))
  assert.is(top.length, TOP + 1)
  assert.match(top[600]!, '>Page 600<')
  assert.match(top[TOP]!, 'Archive')
  const lists = Object.values(file).filter(Array.isArray)
  assert.ok(
    lists.some((l) => l.length === IN_CATEGORY && l[299]!.includes('>Old 299<')),
    "the category's list",
  )
})

test('without JavaScript every page is reachable by following links from the home page', () => {
  const seen = reachable(path.join(dir, 'build'), (html) => hrefs(sidebarOf(html)))
  for (let i = 1; i < TOP; i++) assert.ok(seen.has(`/page-${pad(i)}/`), `/page-${pad(i)}/ unreachable`)
  for (let i = 0; i < IN_CATEGORY; i++)
    assert.ok(seen.has(`/zz-archive/old-${pad(i)}/`), `/zz-archive/old-${pad(i)}/ unreachable`)
})

test('in the browser a placeholder brings in its items, keeps the focus, and their links work', async () => {
  site = await openSite(path.join(dir, 'build'))
  const { page, errors } = await site.newPage()
  await page.goto(site.url + '/page-0600/')
  const list = page.locator('.sidebar .sidebar-nav > .menu-list')
  const earlier = list.locator('[data-sidebar-more]', { hasText: 'earlier' })
  await earlier.focus()
  await page.keyboard.press('Enter')
  await list.locator('a:has-text("Page 3")').first().waitFor()
  assert.is(
    await page.evaluate(() => location.pathname),
    '/page-0600/',
    'bringing items in does not navigate',
  )
  assert.is(
    await page.evaluate(() => document.activeElement?.textContent),
    `Page ${600 - WINDOW_SIDE - 1}`,
    'the focus moves to the item next to where the placeholder was',
  )
  await list.locator('[data-sidebar-more]', { hasText: 'more' }).click()
  await list.locator(':scope > li', { hasText: 'Archive' }).waitFor()
  assert.is(await list.locator(':scope > li').count(), TOP + 1)
  assert.is(await list.locator('[data-sidebar-more]').count(), 0)
  // The category's own long list: expanded from its lazy items, then its placeholder.
  const archive = list.locator(':scope > li.menu-category', { hasText: 'Archive' })
  await archive.locator('[data-category-toggle]').first().click()
  await archive.locator('a:has-text("Old 0")').waitFor()
  // The category opens with an animation of its height: a click meanwhile may hit what moved.
  await page.waitForFunction(() => document.getAnimations().length === 0)
  await archive.locator('[data-sidebar-more]').click()
  await archive.locator('a:has-text("Old 299")').click()
  await page.waitForURL(/\/zz-archive\/old-0299\/$/)
  assert.match(await page.locator('h1').innerText(), 'Old 299')
  assert.equal(errors, [])
})

test("the sidebar shows the current page's item on load and after a client navigation", async () => {
  const { page, errors } = await site.newPage()
  const inView = () =>
    page.evaluate(() => {
      const nav = document.querySelector('.sidebar .sidebar-nav')!.getBoundingClientRect()
      const item = document.querySelector('.sidebar a[aria-current="page"]')!.getBoundingClientRect()
      return item.top >= nav.top && item.bottom <= nav.bottom
    })
  await page.goto(site.url + '/page-0600/')
  assert.ok(await inView(), 'on load')
  assert.is(await page.evaluate(() => window.scrollY), 0, 'the page itself does not scroll')
  await page.locator('.pager-next').click()
  await page.waitForURL(/\/page-0601\/$/)
  assert.ok(await inView(), 'after a client navigation')
  assert.equal(errors, [])
})

test('in the mobile drawer a placeholder brings its items in and the drawer stays open', async () => {
  const { page, errors } = await site.newPage({ width: 390 })
  await page.goto(site.url + '/page-0600/')
  await openDrawer(page)
  const drawer = page.locator('.mobile-drawer')
  await drawer.locator('[data-sidebar-more]', { hasText: 'more' }).click()
  await drawer.locator('a:has-text("Page 1199")').waitFor({ state: 'attached' })
  assert.ok(await drawer.locator('a:has-text("Page 601")').isVisible(), 'the drawer is still open')
  assert.is(await page.evaluate(() => location.pathname), '/page-0600/')
  assert.equal(errors, [])
})

test.run()
