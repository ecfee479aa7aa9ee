import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture } from './helpers/index.js'
import { openFixture, type BrowserSite } from './helpers/browser.js'

let site: BrowserSite

test.before(async () => {
  site = await openFixture('basic', {
    config: "export default { title: 'Docs', search: true }\n",
    prepare(dir) {
      const added = {
        'content/docs/v2/guide/setup.md':
          '\n## Idempotency keys\n\nEvery wallet callback carries an idempotency key. Text with <script>alert(1)</script> and &lt;img src=x onerror=alert(2)&gt;.\n',
        'content/i18n/vi/docs/v2/index.md': '\nHướng dẫn tích hợp ví chuyển khoản.\n',
      }
      for (const [file, text] of Object.entries(added)) fs.appendFileSync(path.join(dir, file), text)
    },
  })
})
test.after(() => site?.close())

test('an in-memory build carries the index; only content pages are indexed', async () => {
  const result = await buildFixture('basic', { search: true })
  assert.ok([...result.output.keys()].some((f) => f === 'pagefind/pagefind.js'))
  assert.match(
    String(result.output.get('guide/setup/index.html')),
    /<main id="__main" tabindex="-1" class="main" data-pagefind-body="" data-pagefind-filter="version:v2">/,
  )
  assert.not.match(String(result.output.get('404.html')), /data-pagefind-body/)
  assert.not.match(String(result.output.get('tags/index.html')), /data-pagefind-body/)
  const without = await buildFixture('basic')
  assert.not.ok([...without.output.keys()].some((f) => f.startsWith('pagefind/')))
  assert.not.match(String(without.output.get('index.html')), /class="search"/)
})

test('typing finds pages; Enter opens the first; results show text, never markup', async () => {
  const page = (await site.newPage()).page
  let alerted = false
  page.on('dialog', (d) => ((alerted = true), d.dismiss()))
  await page.goto(site.url + '/')
  await page.fill('.search-input', 'idempotency')
  await page.waitForSelector('.search-hit')
  assert.is(await page.textContent('.search-hit .search-hit-title'), 'Setup')
  assert.match((await page.textContent('.search-hit mark')) ?? '', /idempotency/i)
  assert.is(await page.locator('.search-hit-excerpt script, .search-hit-excerpt img').count(), 0)
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => location.pathname === '/guide/setup/')
  assert.not.ok(alerted)
  await page.close()
})

test('Vietnamese is searched in its own index, diacritics optional; "/" focuses the box', async () => {
  const page = (await site.newPage()).page
  await page.goto(site.url + '/vi/')
  // The shortcut works once the island has hydrated.
  const focused = () => page.evaluate(() => !!document.activeElement?.classList.contains('search-input'))
  for (let i = 0; i < 30 && !(await focused()); i++) {
    await page.keyboard.press('/')
    await page.waitForTimeout(100)
  }
  assert.ok(await focused())
  await page.keyboard.type('chuyen khoan')
  await page.waitForSelector('.search-hit')
  assert.is(await page.textContent('.search-hit .search-hit-title'), 'Chào mừng')
  await page.keyboard.press('Escape')
  assert.is(await page.inputValue('.search-input'), '')
  await page.close()
})

test.run()
