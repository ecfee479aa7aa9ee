import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { openFixture, type BrowserSite } from './helpers/browser.js'

// The mobile drawer is a modal dialog, used here with the keyboard only.

let site: BrowserSite

test.before(async () => {
  site = await openFixture('basic')
})
test.after(() => site?.close())

const active = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement!
    return { inDrawer: !!el.closest('.mobile-drawer-panel'), toggle: el.classList.contains('menu-toggle') }
  })

test('focus moves into the drawer, Tab cycles inside it, Escape closes it and focus returns to the toggle', async () => {
  const { page } = await site.newPage({ width: 390 })
  await page.goto(site.url + '/guide/setup/')
  await page.focus('.menu-toggle')
  await page.keyboard.press('Enter')
  await page.waitForSelector('.mobile-drawer-panel[aria-modal="true"]', { state: 'visible' })
  assert.ok((await active(page)).inDrawer, 'focus moved into the drawer')
  // More presses than the drawer has stops, both ways: focus never leaves it.
  const stops = await page.evaluate(
    () => document.querySelectorAll('.mobile-drawer-panel a, .mobile-drawer-panel button').length,
  )
  for (let i = 0; i < stops + 3; i++) {
    await page.keyboard.press('Tab')
    assert.ok((await active(page)).inDrawer, `Tab ${i + 1} left the drawer`)
  }
  for (let i = 0; i < stops + 3; i++) {
    await page.keyboard.press('Shift+Tab')
    assert.ok((await active(page)).inDrawer, `Shift+Tab ${i + 1} left the drawer`)
  }
  await page.keyboard.press('Escape')
  await page.waitForSelector('.mobile-drawer-panel', { state: 'hidden' })
  assert.ok((await active(page)).toggle, 'focus is back on the toggle')
})

test('the page behind the open drawer does not scroll', async () => {
  const { page } = await site.newPage({ width: 390 })
  await page.setViewportSize({ width: 390, height: 300 })
  await page.goto(site.url + '/guide/setup/')
  await page.click('.menu-toggle')
  await page.mouse.move(370, 280)
  await page.mouse.wheel(0, 600)
  await page.keyboard.press('PageDown')
  assert.is(await page.evaluate(() => getComputedStyle(document.documentElement).overflow), 'hidden')
  assert.is(await page.evaluate(() => scrollY), 0)
})

test('versions and languages are sub-menus of the drawer, opened in place', async () => {
  const { page } = await site.newPage({ width: 390 })
  await page.goto(site.url + '/guide/setup/')
  await page.click('.menu-toggle')
  await page.click('.back-to-main')
  const group = page.locator('.mobile-primary details', { hasText: 'English' })
  assert.not.ok(await page.isVisible('.mobile-primary a[lang="vi"]'), 'closed sub-menu hides its links')
  await group.locator('summary').focus()
  await page.keyboard.press('Enter')
  assert.ok(await page.isVisible('.mobile-primary a[lang="vi"]'))
  assert.ok(await page.isVisible('.mobile-primary details summary:has-text("v2")'))
})

test.run()
