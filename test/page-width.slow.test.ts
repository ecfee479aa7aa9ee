import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildOrThrow, openSite, type BrowserSite } from './helpers/browser.js'
import { darkPixels } from './helpers/pixels.js'
import { tempDir } from './helpers/index.js'

// Every built page of the N11S site: each image sized at build time, and, at phone and tablet
// widths, no page wider than the viewport (a page that scrolls sideways is the first thing a
// phone reader notices). About
// 400 pages × 3 widths take minutes on a shared machine, so `npm test` leaves this file out;
// .ci/run runs it as its own step (`node test/run.mjs .slow.test.ts`).

const WIDTHS = [320, 390, 768]
let site: BrowserSite
let out: string

/** Every page's URL path, from the built folder (the search index and assets are not pages). */
function pages(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.html') && !/^(pagefind|assets)\//.test(f))
    .map(
      (f) =>
        '/' +
        f
          .split(path.sep)
          .join('/')
          .replace(/(^|\/)index\.html$/, '$1'),
    )
    .sort()
}

test.before(async () => {
  out = path.join(tempDir('docs-site-width-'), 'build')
  buildOrThrow(['build', '--out-dir', out, '--quiet'])
  site = await openSite(out)
})
test.after(async () => {
  await site.close()
  fs.rmSync(path.dirname(out), { recursive: true, force: true })
})

test('every image of every N11S page has its width and height (no layout shift as it loads)', () => {
  const missing: string[] = []
  for (const route of pages(out)) {
    const file = path.join(out, route.endsWith('/') ? route + 'index.html' : route)
    for (const [tag] of fs.readFileSync(file, 'utf8').matchAll(/<img\b[^>]*>/g))
      if (!/\swidth="\d+"/.test(tag) || !/\sheight="\d+"/.test(tag)) missing.push(`${route}: ${tag}`)
  }
  assert.equal(missing, [], `${missing.length} images without a size:\n${missing.slice(0, 20).join('\n')}`)
})

test('no page of the N11S site is wider than the viewport at 320, 390 and 768 px', async () => {
  const routes = pages(out)
  assert.ok(routes.length > 300, `${routes.length} pages found`)
  // One page reused for every route, its viewport resized in place: a new page per route and
  // width would triple the time. Image bytes are not needed: every <img> carries its size.
  const { page, errors } = await site.newPage({ width: WIDTHS[0] })
  await page.route(/\.(png|jpe?g|gif|webp|svg)$/, (r) => r.abort())
  const wide: string[] = []
  for (const route of routes) {
    await page.goto(site.url + route, { waitUntil: 'domcontentloaded' })
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 })
      const found = await page.evaluate((w) => {
        const scroll = document.documentElement.scrollWidth
        if (scroll <= w) return undefined
        // Name the innermost element that sticks out, so the failure says what to fix.
        const culprit = [...document.querySelectorAll<HTMLElement>('body *')].find(
          (el) =>
            el.getBoundingClientRect().right > w + 0.5 &&
            ![...el.children].some((c) => c.getBoundingClientRect().right > w + 0.5),
        )
        const name = culprit ? `${culprit.tagName.toLowerCase()}.${culprit.className}` : '?'
        return `${scroll} px (${name}: "${(culprit?.textContent ?? '').trim().slice(0, 40)}")`
      }, width)
      if (found) wide.push(`${route} at ${width} px: ${found}`)
    }
  }
  assert.equal(wide, [], `${wide.length} page widths overflow:\n${wide.slice(0, 40).join('\n')}`)
  assert.equal(errors, [])
})

test('in dark mode every diagram of the N11S site is a dark card', async () => {
  // The first page showing each diagram (en and vi, v1 and v2 share files).
  const first = new Map<string, string>()
  for (const route of pages(out)) {
    const file = path.join(out, route.endsWith('/') ? route + 'index.html' : route)
    for (const [, src] of fs.readFileSync(file, 'utf8').matchAll(/<p><img\b[^>]*\ssrc="([^"]+\.svg)"/g))
      if (!first.has(src!)) first.set(src!, route)
  }
  assert.ok(first.size >= 16, `${first.size} diagrams found`)
  const { page } = await site.newPage({ mode: 'dark' })
  const light: string[] = []
  for (const [src, route] of first) {
    await page.goto(site.url + route)
    const img = page.locator(`.markdown img[src="${src}"]`).first()
    await img.scrollIntoViewIfNeeded()
    await img.evaluate((i: HTMLImageElement) => i.decode())
    const share = await darkPixels(page, await img.screenshot())
    if (share < 0.6) light.push(`${src} on ${route}: ${Math.round(share * 100)}% dark`)
  }
  assert.equal(light, [])
})

test.run()
