// A large sidebar must not be copied into every page: its collapsed categories' items live in one
// shared file, fetched when a category is expanded, and every page stays reachable without
// JavaScript. A generated site of 12 categories × 3 sub-categories × 8 pages (288 docs).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { buildOrThrow, openSite, type BrowserSite } from './helpers/browser.js'
import { LAZY_SIDEBAR_PAGES } from '../src/sidebar-view.js'
import { reachable, tempDir } from './helpers/index.js'

const CATEGORIES = 12
const SUBS = 3
const PAGES = 8

function generate(dir: string, config: string) {
  const docs = path.join(dir, 'content/docs/v1')
  fs.mkdirSync(docs, { recursive: true })
  fs.writeFileSync(
    path.join(docs, 'intro.md'),
    '---\ntitle: Introduction\nslug: /\nsidebar_position: 0\n---\n\nStart here.\n',
  )
  for (let c = 1; c <= CATEGORIES; c++) {
    const cat = path.join(docs, `area-${c}`)
    fs.mkdirSync(cat)
    // Every other category has a page of its own (generated index); the rest have none.
    const link = c % 2 === 0 ? `link:\n  type: generated-index\n` : ''
    fs.writeFileSync(path.join(cat, '_category_.yml'), `label: Area ${c}\nposition: ${c}\n${link}`)
    for (let s = 1; s <= SUBS; s++) {
      const sub = path.join(cat, `topic-${s}`)
      fs.mkdirSync(sub)
      fs.writeFileSync(path.join(sub, '_category_.yml'), `label: Area ${c} topic ${s}\nposition: ${s}\n`)
      for (let p = 1; p <= PAGES; p++)
        fs.writeFileSync(
          path.join(sub, `page-${p}.md`),
          `---\ntitle: Page ${c}.${s}.${p}\nsidebar_position: ${p}\n---\n\nText of page ${c}.${s}.${p}.\n`,
        )
    }
  }
  fs.writeFileSync(path.join(dir, 'docs-site.config.ts'), config)
}

const dir = tempDir('docs-site-sidebar-scale-')
let site: BrowserSite

test.before(() => {
  assert.ok(CATEGORIES * SUBS * PAGES > LAZY_SIDEBAR_PAGES, 'the generated sidebar must count as large')
  generate(
    dir,
    `export default { title: 'Scale', i18n: { defaultLocale: 'en', locales: { en: { label: 'English', htmlLang: 'en' } } } }\n`,
  )
  buildOrThrow(['build', '--root', dir, '--quiet'])
})
test.after(async () => {
  await site?.close()
  if (!process.env.KEEP) fs.rmSync(dir, { recursive: true, force: true })
})

const read = (route: string) => fs.readFileSync(path.join(dir, 'build', route, 'index.html'), 'utf8')
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)].map((m) => m[1]!)

test('a page carries the path to itself, not the items of collapsed categories', () => {
  const html = read('area-3/topic-2/page-5')
  assert.match(html, 'href="/area-3/topic-2/page-4/"', 'siblings of the current page are there')
  assert.match(html, 'aria-current="page"')
  assert.not.match(html, 'Page 7.1.1', 'items of a collapsed category are left out')
  assert.not.match(html, 'Page 3.1.1', 'items of a collapsed sibling category are left out')
  assert.match(html, /data-sidebar-src="\/assets\/sidebars\/en-v1-[\w-]+\.[0-9a-f]{10}\.json"/)
  // Pages of the same sidebar are about the size of their own content, not of the whole sidebar.
  const other = read('area-11/topic-3/page-8')
  assert.ok(Math.abs(other.length - html.length) < 4000, `${other.length} vs ${html.length}`)
})

test("the shared file holds each collapsed category's items once, nested ones lazily", () => {
  const src = /data-sidebar-src="\/([^"]+)"/.exec(read(''))![1]!
  const items = JSON.parse(fs.readFileSync(path.join(dir, 'build', src), 'utf8')) as Record<string, string>
  const all = Object.values(items).join('')
  for (let c = 1; c <= CATEGORIES; c++)
    for (let s = 1; s <= SUBS; s++)
      for (let p = 1; p <= PAGES; p++) {
        const n = all.split(`>Page ${c}.${s}.${p}<`).length - 1
        assert.is(n, 1, `Page ${c}.${s}.${p} appears ${n} times`)
      }
})

test('without JavaScript every page is reachable by following links from the home page', () => {
  const seen = reachable(path.join(dir, 'build'), (html) =>
    hrefs(html).filter((href) => !href.startsWith('/assets/')),
  )
  for (let c = 1; c <= CATEGORIES; c++)
    for (let s = 1; s <= SUBS; s++)
      for (let p = 1; p <= PAGES; p++)
        assert.ok(
          seen.has(`/area-${c}/topic-${s}/page-${p}/`),
          `/area-${c}/topic-${s}/page-${p}/ unreachable`,
        )
})

test('a category without a page of its own leads to its first page, where it is open', () => {
  const html = read('')
  assert.match(
    html,
    /<a class="menu-link menu-category-label" href="\/area-1\/topic-1\/page-1\/" data-category-toggle=""/,
  )
  assert.match(read('area-1/topic-1/page-1'), /<li class="menu-item menu-category"[^>]*>.*?Area 1 topic 1/s)
})

test('docs.sidebarCollapsed: false keeps categories open, items inline', () => {
  const open = tempDir('docs-site-sidebar-open-')
  try {
    generate(open, `export default { title: 'Scale', docs: { sidebarCollapsed: false } }\n`)
    buildOrThrow(['build', '--root', open, '--quiet'])
    const html = fs.readFileSync(path.join(open, 'build/index.html'), 'utf8')
    assert.match(html, 'Page 7.1.1')
    assert.not.match(html, 'menu-category collapsed')
  } finally {
    fs.rmSync(open, { recursive: true, force: true })
  }
})

test('in the browser a collapsed category expands with its items, and its links work', async () => {
  site = await openSite(path.join(dir, 'build'))
  const { page, errors } = await site.newPage()
  await page.goto(site.url + '/')
  const area = page.locator('.sidebar li.menu-category', { hasText: 'Area 5' }).first()
  assert.is(await area.locator('a:has-text("Page 5.2.3")').count(), 0)
  await area.locator(':scope > .menu-category-row [data-category-toggle]').first().click()
  const topic = area.locator('li.menu-category', { hasText: 'Area 5 topic 2' })
  await topic.waitFor()
  assert.is(await page.evaluate(() => location.pathname), '/', 'expanding does not navigate')
  await topic.locator(':scope > .menu-category-row [data-category-toggle]').first().click()
  await topic.locator('a:has-text("Page 5.2.3")').click()
  await page.waitForURL(/\/area-5\/topic-2\/page-3\/$/)
  assert.match(await page.locator('h1').innerText(), 'Page 5.2.3')
  assert.equal(errors, [])
})

test('the shared file is fetched once the pointer comes into the sidebar, before a click', async () => {
  site ??= await openSite(path.join(dir, 'build'))
  const { page, errors } = await site.newPage()
  const fetched: string[] = []
  page.on('request', (r) => void (r.url().includes('/assets/sidebars/') && fetched.push(r.url())))
  await page.goto(site.url + '/area-2/topic-1/page-1/')
  await page.waitForLoadState('networkidle')
  assert.equal(fetched, [], 'not fetched while the reader is elsewhere')
  await page.locator('.sidebar a:has-text("Page 2.1.2")').hover()
  await page.waitForResponse((r) => r.url().includes('/assets/sidebars/'))
  await page.locator('.sidebar .menu-link', { hasText: 'Area 3' }).first().hover()
  await page.locator('.sidebar .menu-link', { hasText: 'Area 3' }).first().click()
  await page.locator('.sidebar li.menu-category', { hasText: 'Area 3 topic 1' }).first().waitFor()
  assert.is(fetched.length, 1, 'fetched once')
  assert.equal(errors, [])
})

test.run()
