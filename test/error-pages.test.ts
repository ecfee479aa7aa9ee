// Error pages are titled 'Page Error': a page whose island crashed (the crash screen keeps the
// one 'This page crashed.' with its full stop) and serve's page for a failed build.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { breakDropdownOn, openFixture, type BrowserSite } from './helpers/browser.js'
import { statusPage } from '../src/serve/status-page.js'

let server: BrowserSite
test.before(async () => {
  server = await openFixture('basic')
})
test.after(() => server?.close())

test('a crashed page is titled "Page Error | <site>"; the crash screen says "This page crashed."', async () => {
  const { context, page } = await server.newPage()
  await breakDropdownOn(context, server.url + '/guide/intro/')
  await page.goto(server.url + '/guide/intro/')
  await page.waitForSelector('.crash')
  assert.is(await page.textContent('.crash-title'), 'This page crashed.')
  assert.is(await page.title(), 'Page Error | Documentation')
  const text = (await page.textContent('body')) ?? ''
  assert.is(text.split('This page crashed.').length - 1, 1)
  await context.close()
})

test('serve’s page for a failed build is titled "Page Error"', () => {
  const html = statusPage('Docs', [{ text: 'a.md:1:1: error: broken' } as never])
  assert.match(html, '<title>Page Error · Docs</title>')
  assert.match(statusPage('Docs', undefined), '<title>Building… · Docs</title>')
})

test.run()
