import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page, Route } from 'playwright-core'
import { openFixture, type BrowserSite } from './helpers/browser.js'

// The client when things go wrong or get in the way: storage that throws, a page fetch that
// fails during client navigation, and the hide-on-scroll navbar after anchor jumps.

let site: BrowserSite

/** The basic fixture with a hide-on-scroll navbar and a long page with a table of contents. */
test.before(async () => {
  site = await openFixture('basic', {
    config: 'export default { navbar: { hideOnScroll: true } }\n',
    prepare(dir) {
      const parts = Array.from({ length: 12 }, (_, i) =>
        [
          `## Part ${i + 1}`,
          ...Array.from({ length: 8 }, () => 'A paragraph of text that takes some room. '.repeat(8)),
        ].join('\n\n'),
      )
      fs.writeFileSync(
        path.join(dir, 'content/docs/v2/guide/long.md'),
        `---\ntitle: Long page\n---\n\nJump [to the last part](#part-12).\n\n${parts.join('\n\n')}\n`,
      )
    },
  })
})
test.after(() => site?.close())

const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker)
const setMarker = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1))
/** Two frames: scroll events caused by what came before have been handled. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
const navbarHidden = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-navbar-hidden'))

test('storage unavailable: one console warning per page load, however many readers', async () => {
  const { context, page } = await site.newPage()
  await context.addInitScript(() =>
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
    }),
  )
  const warnings: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().includes('storage is unavailable')) warnings.push(m.text())
  })
  await page.goto(site.url + '/guide/intro/')
  // The colour toggle writes, the version links and code tabs read, on every page shown.
  await page.click('.color-toggle')
  await page.click('.color-toggle')
  await page.click('.sidebar a[href="/guide/setup/"]')
  await page.waitForFunction(() => document.title.startsWith('Setup'))
  await page.click('.color-toggle')
  assert.is(await page.getAttribute('html', 'data-theme'), 'dark')
  assert.is(warnings.length, 1, warnings.join('\n'))
  // A new page load warns again, once.
  await page.reload()
  await page.click('.color-toggle')
  assert.is(warnings.length, 2, warnings.join('\n'))
})

/** Holds requests for `route` until `release` is called, then answers each with `answer`. */
function hold(answer: (r: Route) => Promise<void>) {
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  let requests = 0
  const handler = async (r: Route) => {
    requests++
    await released
    await answer(r)
  }
  return { handler, release, requests: () => requests }
}

for (const [what, answer] of [
  ['a 503', (r: Route) => r.fulfill({ status: 503, contentType: 'text/html', body: 'down' })],
  ['a network error', (r: Route) => r.abort('failed')],
] as const) {
  test(`${what} during client navigation: the page stays, the loading screen shows the error; Retry loads the page`, async () => {
    const { page, errors } = await site.newPage()
    // Routed before the page loads: the pager's prefetch of the next page is held too.
    const held = hold(answer)
    await page.route(site.url + '/guide/setup/', held.handler)
    await page.goto(site.url + '/guide/intro/')
    await setMarker(page)
    // The hover's prefetch is still under way when the click comes: the click waits for it.
    await page.click('.sidebar a[href="/guide/setup/"]')
    // The loading indicator appears (after its 200 ms delay) while the fetch hangs.
    await page.waitForSelector('#nprogress')
    held.release()
    await page.waitForSelector('.loading-screen[role=alert]')
    const text = (await page.textContent('.loading-screen')) ?? ''
    assert.match(text, 'This page could not be loaded:')
    assert.match(text, what === 'a 503' ? /HTTP 503/ : /Failed to fetch/)
    assert.is(await page.textContent('h1'), 'Introduction')
    assert.is(new URL(page.url()).pathname, '/guide/intro/')
    assert.is(await marker(page), 1)
    // The server is back: Retry shows the page.
    await page.unroute(site.url + '/guide/setup/')
    await page.route(site.url + '/guide/setup/', (r) => r.continue())
    await page.click('.loading-screen button')
    await page.waitForFunction(() => document.title.startsWith('Setup'))
    assert.is(new URL(page.url()).pathname, '/guide/setup/')
    assert.is(await page.locator('.loading-screen').count(), 0)
    assert.is(await marker(page), 1)
    assert.equal(errors, [])
  })
}

test('Retry while the fetch still fails keeps the loading screen, with the new error', async () => {
  const { page } = await site.newPage()
  const held = hold((r) => r.fulfill({ status: 502, body: 'bad gateway' }))
  await page.route(site.url + '/guide/setup/', held.handler)
  await page.goto(site.url + '/guide/intro/')
  await page.click('.sidebar a[href="/guide/setup/"]')
  held.release()
  await page.waitForSelector('.loading-screen')
  const before = held.requests()
  await page.click('.loading-screen button')
  await page.waitForFunction(
    () => document.querySelector('.loading-screen')?.getAttribute('data-state') === 'error',
  )
  assert.ok(held.requests() > before, 'Retry fetched the page again')
  assert.match((await page.textContent('.loading-screen')) ?? '', /HTTP 502/)
  assert.is(await page.textContent('h1'), 'Introduction')
})

test('a prefetch that failed (hover) leads to a full page load on click', async () => {
  const { page } = await site.newPage()
  // Every fetch of the page fails, a page load of it does not. (Turning the page back on after the
  // hover let the prefetch that the click's focus starts succeed first, now and then: the click
  // then swapped the page in, rightly, and the test failed.)
  await page.route(site.url + '/guide/setup/', (r) =>
    r.request().isNavigationRequest() ? r.continue() : r.abort('failed'),
  )
  await page.goto(site.url + '/guide/intro/')
  await setMarker(page)
  const failed = page.waitForEvent('requestfailed')
  await page.hover('.sidebar a[href="/guide/setup/"]')
  await failed
  await page.click('.sidebar a[href="/guide/setup/"]')
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Setup')
  assert.is(await marker(page), undefined)
  assert.is(await page.locator('.loading-screen').count(), 0)
})

test('hide on scroll: hides scrolling down, comes back scrolling up and after a TOC or anchor jump', async () => {
  const { page } = await site.newPage()
  await page.goto(site.url + '/guide/long/')
  await page.mouse.move(400, 500)
  await page.mouse.wheel(0, 1500)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-navbar-hidden'))
  await page.mouse.wheel(0, -300)
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-navbar-hidden'))
  await page.mouse.wheel(0, 600)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-navbar-hidden'))
  // A table-of-contents jump scrolls down; the navbar comes back and stays.
  await page.click('.toc a[href="#part-10"]')
  await page.waitForFunction(() => location.hash === '#part-10')
  await settle(page)
  assert.not.ok(await navbarHidden(page))
  assert.ok((await page.evaluate(() => scrollY)) > 2000)
  // The reader's own scrolling down hides it again.
  await page.mouse.move(400, 500)
  await page.mouse.wheel(0, 400)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-navbar-hidden'))
  // An anchor link in the text, from the top of the page.
  await page.evaluate(() => scrollTo(0, 0))
  await settle(page)
  await page.mouse.wheel(0, 200)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-navbar-hidden'))
  await page.click('main a[href="#part-12"]')
  await page.waitForFunction(() => location.hash === '#part-12')
  await settle(page)
  assert.not.ok(await navbarHidden(page))
})

test.run()
