import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { openFixture, type FixtureSite } from './helpers/browser.js'

// Diagrams in a real browser (test/fixtures/markdown): drawn from a module only their pages load,
// in the page's colour mode, zoomable; pages without one keep the first-load budget.

let site: FixtureSite
let built: string
test.before(async () => {
  site = await openFixture('markdown')
  built = path.join(site.dir, 'build')
})
test.after(() => site?.close())

/** Opens a page and records every script it fetches (path below the site root). */
async function open(route: string, mode: 'light' | 'dark' = 'light', width = 1280) {
  const tab = await site.newPage({ mode, width })
  const scripts: string[] = []
  tab.page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  await tab.page.goto(site.url + route)
  return { ...tab, scripts }
}

const gzipped = (files: readonly string[]) =>
  files.reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(built, f))).length, 0)

const drawn = (page: Page) =>
  page.waitForSelector('figure.mermaid-drawn img.mermaid-diagram', { timeout: 20_000 })

/** The SVG inside the diagram's data: URL. */
const svgOf = (page: Page) =>
  page.$eval('img.mermaid-diagram', (img) =>
    decodeURIComponent((img as HTMLImageElement).src.replace(/^data:image\/svg\+xml;charset=utf-8,/, '')),
  )

test('a diagram is drawn in light mode, and drawn again in dark mode when the mode changes', async () => {
  const { page, errors, outside } = await open('/diagram/')
  await drawn(page)
  const light = await svgOf(page)
  assert.match(light, '<svg')
  assert.match(light, 'POST /wallet/bet')
  // Source text stays in the document (search, readers without JavaScript), hidden once drawn.
  assert.is(await page.isHidden('.mermaid-source'), true)
  assert.match((await page.textContent('.mermaid-source')) ?? '', 'Game->>Wallet')
  const before = await page.$eval('img.mermaid-diagram', (img) => (img as HTMLImageElement).src)
  await page.click('.color-toggle')
  assert.is(await page.getAttribute('html', 'data-theme'), 'dark')
  await page.waitForFunction(
    (src) => {
      const img = document.querySelector<HTMLImageElement>('figure.mermaid-drawn img.mermaid-diagram')
      return img !== null && img.src !== src
    },
    before,
    { polling: 200, timeout: 20_000 },
  )
  const dark = await svgOf(page)
  assert.is.not(dark, light)
  assert.equal(errors, [])
  assert.equal(outside, [])
})

test('a page opened in dark mode draws its diagram with the dark theme; it zooms like an image', async () => {
  const { page, errors } = await open('/diagram/', 'dark')
  await drawn(page)
  const light = await (async () => {
    const other = await open('/diagram/')
    await drawn(other.page)
    return svgOf(other.page)
  })()
  assert.is.not(await svgOf(page), light)
  // medium-zoom attaches to the diagram once it is drawn.
  await page.waitForSelector('img.mermaid-diagram.medium-zoom-image', { timeout: 10_000 })
  await page.click('img.mermaid-diagram')
  await page.waitForSelector('.medium-zoom-image--opened')
  assert.equal(errors, [])
})

test('on a phone a wide diagram keeps its text size and scrolls sideways', async () => {
  const { page } = await open('/diagram/', 'light', 390)
  await drawn(page)
  const { shown, natural } = await page.$eval('img.mermaid-diagram', (img) => ({
    shown: (img as HTMLImageElement).getBoundingClientRect().width,
    natural: (img as HTMLImageElement).naturalWidth,
  }))
  assert.ok(shown >= Math.min(natural, natural * 0.75) - 1, `${shown} of ${natural}`)
})

test('a broken diagram shows its source and the error, not an empty box', async () => {
  const { page } = await open('/diagram/')
  await drawn(page)
  await page.evaluate(async () => {
    const fig = document.querySelector('figure.mermaid')!
    fig.querySelector('.mermaid-source code')!.textContent = 'sequenceDiagram\n  A->>>B oops'
    document.documentElement.setAttribute('data-theme', 'dark')
  })
  await page.waitForSelector('figure.mermaid .mermaid-error', { timeout: 20_000 })
  assert.match((await page.textContent('.mermaid-error')) ?? '', /^This diagram could not be drawn: /)
  assert.is(await page.isVisible('.mermaid-source'), true)
  assert.is(await page.$('img.mermaid-diagram'), null)
})

/** The page's module script (what `npm run bench` counts as first-load JavaScript). */
const entryOf = (route: string) =>
  /<script type="module" src="\/([^"]+)"/.exec(
    fs.readFileSync(path.join(built, route, 'index.html'), 'utf8'),
  )![1]!

test('first-load JavaScript: 75 KB with or without a diagram; a page without one loads no mermaid code', async () => {
  const plain = await open('/plain/')
  // Past the image zoom's delayed load: everything the page will ever fetch by itself.
  await plain.page.waitForSelector('.medium-zoom-image', { timeout: 10_000 })
  await plain.page.waitForLoadState('networkidle')
  assert.ok(plain.scripts.length > 0)
  assert.not.ok(
    plain.scripts.some((s) => s.includes('mermaid')),
    plain.scripts.join('\n'),
  )
  const withDiagram = await open('/diagram/')
  await drawn(withDiagram.page)
  assert.ok(
    withDiagram.scripts.some((s) => s.includes('/mermaid.')),
    'mermaid is fetched on the diagram page',
  )
  // Both pages start from the same entry; mermaid is not part of it.
  assert.is(entryOf('diagram'), entryOf('plain'))
  const entryGz = gzipped([entryOf('plain')])
  assert.ok(entryGz <= 75 * 1024, `${entryGz} bytes gzipped`)
  assert.not.match(fs.readFileSync(path.join(built, entryOf('plain')), 'utf8'), 'sequenceDiagram')
})

test.run()
