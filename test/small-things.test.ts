import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture } from './helpers/index.js'
import { openFixture, type BrowserSite } from './helpers/browser.js'

// Small things readers notice: announcements to screen readers, where focus goes, version
// switches, the S3 error page in Vietnamese, and the API changes page's links (to operations
// and to the fields they name).

let site: BrowserSite

test.before(async () => {
  site = await openFixture('basic', {
    config: "export default { title: 'Docs', announcementBar: { id: 'a1', content: 'Hello' } }\n",
    prepare(dir) {
      // v1's copy of guide/setup lives at another path: the version switch must still find it.
      fs.mkdirSync(path.join(dir, 'content/docs/v1/guide'), { recursive: true })
      fs.writeFileSync(
        path.join(dir, 'content/docs/v1/guide/setup.md'),
        '---\ntitle: Setting up (v1)\nslug: /getting-set-up\n---\n\n## Install\n\nRun `npm install`.\n',
      )
    },
  })
})
test.after(() => site?.close())

test('the copy button announces "Copied" through a live region', async () => {
  const { context, page } = await site.newPage()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url })
  await page.goto(site.url + '/')
  await page.hover('.code-wrap')
  await page.click('.copy-button')
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[aria-live]')].some((e) => e.textContent === 'Copied'),
  )
})

test('closing the announcement bar puts focus on the navbar, not on the page start', async () => {
  const { page } = await site.newPage()
  await page.goto(site.url + '/')
  await page.focus('.announcement-close')
  await page.keyboard.press('Enter')
  await page.waitForSelector('.announcement-bar', { state: 'detached' })
  assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.navbar')))
})

test("a version switch to the page's twin keeps the #hash", async () => {
  const { page } = await site.newPage()
  await page.goto(site.url + '/#usage')
  await page.click('.dropdown-toggle:has-text("v2")')
  await page.click('.dropdown-menu a[data-version="v1"]')
  await page.waitForURL(/\/v1\/#usage$/)
})

test('a version switch lands on the twin at its own path, keeping the #hash', async () => {
  const { page } = await site.newPage()
  await page.goto(site.url + '/guide/setup/#install')
  await page.click('.dropdown-toggle:has-text("v2")')
  await page.click('.dropdown-menu a[data-version="v1"]')
  await page.waitForURL(/\/v1\/getting-set-up\/#install$/)
  assert.is(await page.textContent('h1'), 'Setting up (v1)')
})

test('the root 404.html speaks Vietnamese under /vi/ (S3 serves it for every missing path)', async () => {
  const { page } = await site.newPage()
  await page.goto(site.url + '/vi/no-such-page/')
  assert.is(await page.textContent('.not-found h1'), 'Không tìm thấy trang')
  assert.is(await page.evaluate(() => document.documentElement.lang), 'vi')
  await page.goto(site.url + '/no-such-page/')
  assert.is(await page.textContent('.not-found h1'), 'Page Not Found')
})

test('the changes page links removed operations and moved endpoints to their pages', async () => {
  const html = String((await buildFixture('api')).output.get('api/changes/index.html'))
  assert.match(html, /<a class="is-removed" href="\/v1\/api\/adopt-pet\/">/)
})

test('each field a change names links to that field on the page that has it', async () => {
  const { output } = await buildFixture('api')
  const html = String(output.get('api/changes/index.html'))
  const links = [...html.matchAll(/<a href="([^"#]*)#([^"]+)"><code>([^<]*)<\/code><\/a>/g)]
  const named = (field: string) => links.find((l) => l[3] === field)
  // A removed parameter on the old version's page; added fields, inside an array, a nested
  // object and a oneOf variant, on the new one.
  assert.equal(named('query page')?.slice(1, 3), ['/v1/api/list-pets/', 'parameter-query-page'])
  assert.equal(named('[].owner.name')?.slice(1, 3), ['/api/list-pets/', 'response-200-owner-name'])
  assert.equal(named('[].prize.metal')?.slice(1, 3), ['/api/list-pets/', 'response-200-prize-1-metal'])
  assert.ok(links.length >= 10, `${links.length} field links`)
  for (const [, page, anchor] of links) {
    const target = String(output.get(`${page!.slice(1)}index.html`))
    assert.ok(target.includes(` id="${anchor}"`), `${page}#${anchor} exists`)
  }
})

test.run()
