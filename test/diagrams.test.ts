import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture } from './helpers/index.js'
import { openFixture, type BrowserSite } from './helpers/browser.js'
import { darkPixels } from './helpers/pixels.js'

// Diagrams: readable on a phone (full-size view, text equivalent) and dark in dark mode.

let site: BrowserSite
test.before(async () => {
  site = await openFixture('images')
})
test.after(() => site?.close())

test("a diagram carries its labels as a folded list of steps, in the diagram's order", async () => {
  const html = String((await buildFixture('images')).output.get('index.html'))
  const list =
    /<img[^>]*sequence\.svg"[^>]*><\/p><details class="diagram-text"><summary>The diagram as text<\/summary><ul>(.*?)<\/ul>/.exec(
      html,
    )
  assert.ok(list, 'no text equivalent after the diagram')
  assert.equal(
    [...list[1]!.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]),
    [
      '<strong>Feeding</strong>',
      '<strong>Keeper</strong>',
      '<strong>Kennel</strong>',
      '1. Open the kennel · with the blue key',
      '2. Fill the bowl',
      '3. Close the kennel',
    ],
  )
})

test('on a phone, a shrunk diagram opens at its own size in a scrolling view; Escape closes it', async () => {
  const { page } = await site.newPage({ width: 390 })
  await page.goto(site.url + '/')
  const img = page.locator('.markdown img[src$="sequence.svg"]')
  assert.ok((await img.evaluate((i) => i.clientWidth)) < 700)
  await img.click()
  const view = page.locator('dialog.diagram-view[open]')
  await view.waitFor()
  assert.is(await view.locator('img').evaluate((i) => i.clientWidth), 700)
  assert.ok(await view.locator('.diagram-view-scroll').evaluate((s) => s.scrollWidth > s.clientWidth))
  await page.keyboard.press('Escape')
  await view.waitFor({ state: 'detached' })
})

test('in dark mode a diagram is a dark card, in the page and in the full-size view', async () => {
  const { page } = await site.newPage({ width: 390, mode: 'dark' })
  await page.goto(site.url + '/')
  const img = page.locator('.markdown img[src$="sequence.svg"]')
  await img.scrollIntoViewIfNeeded()
  assert.ok((await darkPixels(page, await img.screenshot())) > 0.8, 'the diagram is not dark')
  await img.click()
  const big = page.locator('dialog.diagram-view img')
  await big.waitFor()
  assert.ok((await darkPixels(page, await big.screenshot())) > 0.8, 'the full-size view is not dark')
})

test.run()
