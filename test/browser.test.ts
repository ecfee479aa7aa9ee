import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, tempCopy } from './helpers/index.js'
import { serveStatic } from './helpers/static-server.js'
import { breakDropdownOn, openDrawer, openFixture, type BrowserSite } from './helpers/browser.js'
import { axeViolations } from './helpers/axe.js'

let server: BrowserSite

test.before(async () => {
  server = await openFixture('basic')
})
test.after(() => server?.close())

const newPage = (width = 1280) => server.newPage({ width })

/**
 * A copy of the basic fixture with `config` as its config, built and served on its own port,
 * and a page of the shared browser allowed to reach that port.
 */
async function ownSite(config: string) {
  const dir = tempCopy('basic')
  const rebuild = (text: string) => {
    fs.writeFileSync(path.join(dir, 'docs-site.config.ts'), text)
    assert.is(cli(['build', '--root', dir, '--quiet']).code, 0)
  }
  rebuild(config)
  const served = await serveStatic(path.join(dir, 'build'))
  const { page } = await newPage()
  await page.route('**/*', (r) => r.continue())
  return { page, url: served.url, rebuild, close: served.close }
}

test('starts light; the toggle switches to dark, persists across reloads and syncs other tabs', async () => {
  const { context, page, errors } = await newPage()
  await page.goto(server.url + '/guide/setup/')
  assert.is(await page.getAttribute('html', 'data-theme'), 'light')
  const other = await context.newPage()
  await other.goto(server.url + '/')
  await page.click('.color-toggle')
  assert.is(await page.getAttribute('html', 'data-theme'), 'dark')
  assert.is(await page.evaluate(() => localStorage.getItem('theme')), 'dark')
  await other.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
  await page.reload()
  assert.is(await page.getAttribute('html', 'data-theme'), 'dark')
  // Alt+click resets: the stored value is removed and the default (light) applies.
  await page.click('.color-toggle', { modifiers: ['Alt'] })
  assert.is(await page.evaluate(() => localStorage.getItem('theme')), null)
  assert.is(await page.getAttribute('html', 'data-theme'), 'light')
  assert.equal(errors, [])
})

test('a sidebar link changes the page without a full reload; back works', async () => {
  const { page, errors } = await newPage()
  await page.goto(server.url + '/guide/intro/')
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42))
  await page.click('.sidebar a[href="/guide/setup/"]')
  await page.waitForFunction(() => document.title.startsWith('Setup'))
  assert.is(new URL(page.url()).pathname, '/guide/setup/')
  assert.is(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42)
  assert.is(await page.textContent('h1'), 'Setup')
  assert.is(await page.getAttribute('.sidebar a[href="/guide/setup/"]', 'aria-current'), 'page')
  // The head follows the page.
  assert.is(
    await page.locator('head meta[property="og:title"]').getAttribute('content'),
    'Setup | Documentation',
  )
  // Islands hydrate again after the swap.
  await page.click('.color-toggle')
  assert.is(await page.getAttribute('html', 'data-theme'), 'dark')
  await page.goBack()
  await page.waitForFunction(() => document.title.startsWith('Introduction'))
  assert.is(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42)
  assert.equal(errors, [])
})

test('a failed fetch falls back to a full page load', async () => {
  const { page } = await newPage()
  await page.goto(server.url + '/guide/intro/')
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1))
  await page.evaluate(() => {
    const a = document.createElement('a')
    a.href = '/does-not-exist/'
    a.id = 'dead'
    a.textContent = 'dead'
    document.querySelector('main')!.prepend(a)
  })
  await page.click('#dead')
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Page Not Found')
  assert.is(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), undefined)
})

test('an island that crashes shows the crash screen; Try again re-renders it', async () => {
  const { context, page } = await newPage()
  await breakDropdownOn(context, server.url + '/guide/intro/')
  await page.goto(server.url + '/guide/intro/')
  await page.waitForSelector('.crash')
  assert.is(await page.textContent('.crash-title'), 'This page crashed.')
  assert.match((await page.textContent('.crash-message')) ?? '', /null|map/)
  await page.click('.crash button')
  await page.waitForSelector('.crash')
  // The rest of the page is unaffected.
  assert.is(await page.textContent('h1'), 'Introduction')
})

test('links are prefetched on hover, except on save-data connections', async () => {
  const { page } = await newPage()
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  await page.goto(server.url + '/guide/intro/')
  await page.hover('.sidebar a[href="/guide/setup/"]')
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => e.name.endsWith('/guide/setup/')),
  )
  const saver = await newPage()
  await saver.page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
  )
  const seen: string[] = []
  saver.page.on('request', (r) => seen.push(new URL(r.url()).pathname))
  await saver.page.goto(server.url + '/guide/intro/')
  await saver.page.hover('.sidebar a[href="/guide/setup/"]')
  await saver.page.waitForTimeout(500)
  assert.not.ok(seen.includes('/guide/setup/'))
  assert.ok(requested.includes('/guide/setup/'))
})

test('served under another path than its baseUrl, the home page says so and suggests one', async () => {
  const { page, url, close } = await ownSite("export default { baseUrl: '/docs/' }\n")
  try {
    await page.goto(url + '/')
    await page.waitForSelector('#__baseurl-banner:not([hidden])')
    assert.match(
      (await page.textContent('#__baseurl-banner')) ?? '',
      /The configured baseUrl is \/docs\/, but the page is served at \/\. We suggest trying baseUrl = \/\./,
    )
  } finally {
    await close()
  }
})

test('images in the body zoom on click, with the configured margin', async () => {
  const { page } = await newPage()
  await page.goto(server.url + '/guide/intro/')
  // Zoom attaches 1000 ms after load (spec §9).
  await page.waitForFunction(
    () => document.querySelector('.markdown img')?.classList.contains('medium-zoom-image'),
    undefined,
    { timeout: 5000 },
  )
  await page.click('.markdown img')
  await page.waitForSelector('.medium-zoom-overlay')
  await page.keyboard.press('Escape')
})

test('the announcement bar stays dismissed across reloads until its id changes', async () => {
  const config = (id: string) =>
    `export default { announcementBar: { id: '${id}', content: 'Big <b>news</b>', isCloseable: true } }\n`
  const { page, url, rebuild, close } = await ownSite(config('one'))
  try {
    await page.goto(url + '/')
    assert.ok(await page.isVisible('.announcement-bar'))
    await page.click('.announcement-close')
    assert.not.ok(await page.isVisible('.announcement-bar'))
    assert.is(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss')), 'true')
    await page.reload()
    assert.not.ok(await page.isVisible('.announcement-bar'))
    rebuild(config('two'))
    await page.reload()
    await page.waitForSelector('.announcement-bar')
    assert.is(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id')), 'two')
  } finally {
    await close()
  }
})

test('the chosen docs version is remembered and used by doc links outside the docs', async () => {
  const { page } = await newPage()
  await page.goto(server.url + '/nope/')
  assert.is(await page.getAttribute('a.navbar-link[data-versions]', 'href'), '/category/guide/')
  await page.goto(server.url + '/guide/intro/')
  await page.click('.dropdown-toggle:has-text("v2")')
  await page.click('.dropdown-menu a[data-version="v1"]')
  await page.waitForFunction(() => location.pathname === '/v1/')
  assert.is(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')), 'v1')
  await page.goto(server.url + '/nope/')
  await page.waitForFunction(
    () => document.querySelector('a.navbar-link[data-versions]')?.getAttribute('href') === '/v1/',
  )
})

test('the skip link is the first tab stop and targets main', async () => {
  const { page } = await newPage()
  await page.goto(server.url + '/guide/setup/')
  await page.keyboard.press('Tab')
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Skip to main content')
  assert.ok(
    await page.evaluate(() => (document.activeElement as HTMLElement).getBoundingClientRect().height > 0),
  )
  await page.keyboard.press('Enter')
  assert.is(await page.evaluate(() => document.activeElement?.id), '__main')
})

test('version dropdown: keyboard opens it, Escape closes and returns focus', async () => {
  const { page } = await newPage()
  await page.goto(server.url + '/')
  const button = page.locator('.dropdown-toggle', { hasText: 'v2' })
  await button.focus()
  await page.keyboard.press('Enter')
  assert.is(await button.getAttribute('aria-expanded'), 'true')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Escape')
  assert.is(await button.getAttribute('aria-expanded'), 'false')
  assert.ok(await button.evaluate((b) => b === document.activeElement))
})

test('the language switch keeps the query and the hash', async () => {
  const { page } = await newPage()
  await page.goto(server.url + '/guide/setup/?tab=2#install')
  await page.click('.dropdown-toggle:has-text("English")')
  await page.click('a[lang="vi"]')
  await page.waitForURL(/\/vi\/guide\/setup\/\?tab=2#install$/)
})

test('code copy button copies the block', async () => {
  const { context, page } = await newPage()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
  await page.goto(server.url + '/')
  await page.hover('.code-wrap')
  await page.click('.copy-button')
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /"amount": "10.00"/)
})

test('mobile: the menu opens the drawer, which closes when the layout becomes desktop', async () => {
  const { page } = await newPage(420)
  await page.goto(server.url + '/guide/setup/')
  assert.not.ok(await page.isVisible('.sidebar'))
  await openDrawer(page)
  assert.ok(await page.isVisible('.mobile-drawer .mobile-secondary'))
  // The drawer's sidebar is the page's own, copied in on open (not rendered twice in the HTML).
  assert.ok(await page.isVisible('.mobile-secondary a[href="/guide/setup/"][aria-current="page"]'))
  await page.click('.back-to-main')
  assert.ok(await page.isVisible('.mobile-drawer .mobile-primary'))
  await page.setViewportSize({ width: 1200, height: 900 })
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-menu-open'))
})

test('sidebar categories collapse and expand (instantly under reduced motion); back to top scrolls up', async () => {
  const { page, errors } = await newPage()
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(server.url + '/guide/setup/')
  const caret = page.locator('.sidebar .menu-caret').first()
  assert.is(await caret.getAttribute('aria-expanded'), 'true')
  await caret.click()
  assert.is(await caret.getAttribute('aria-expanded'), 'false')
  await page.waitForFunction(() =>
    document.querySelector('.sidebar .menu-category')!.classList.contains('collapsed'),
  )
  assert.not.ok(await page.isVisible('.sidebar a[href="/guide/intro/"]'))
  await caret.click()
  await page.waitForSelector('.sidebar a[href="/guide/intro/"]', { state: 'visible' })
  assert.not.ok(await page.isVisible('.back-to-top'))
  await page.setViewportSize({ width: 1280, height: 200 })
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await page.waitForSelector('.back-to-top', { state: 'visible' })
  await page.click('.back-to-top')
  await page.waitForFunction(() => window.scrollY === 0)
  assert.equal(errors, [])
})

for (const mode of ['light', 'dark'] as const) {
  test(`axe finds no violation on a doc page, a category page and the 404 page (${mode})`, async () => {
    const { context, page, outside } = await newPage()
    if (mode === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'))
    for (const p of ['/guide/intro/', '/category/guide/', '/vi/', '/nope/']) {
      await page.goto(server.url + p)
      assert.equal(await axeViolations(page), [], `${p} (${mode})`)
    }
    assert.equal(outside, [])
  })
}

test.run()
