import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { openDrawer, openFixture, type BrowserSite } from './helpers/browser.js'
import { axeViolations } from './helpers/axe.js'

let server: BrowserSite

test.before(async () => {
  server = await openFixture('blog', {
    config:
      "export default { title: 'Fixture', url: 'https://fixture.example', blog: { postsPerPage: 2 } }\n",
  })
})
test.after(() => server?.close())

const newPage = (width = 1280, mode: 'light' | 'dark' = 'light') => server.newPage({ width, mode })

test('Read more opens the post without a full reload; the sidebar follows; back returns to the list', async () => {
  const { page, errors } = await newPage()
  await page.goto(server.url + '/blog/')
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7))
  await page.click('a.read-more[href="/blog/hello-world/"]')
  await page.waitForFunction(() => document.title.startsWith('Hello world'))
  assert.is(await page.textContent('h1'), 'Hello world')
  assert.is(await page.getAttribute('.blog-sidebar a[href="/blog/hello-world/"]', 'aria-current'), 'page')
  assert.is(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 7)
  await page.click('.pager-next')
  await page.waitForFunction(() => document.title.startsWith('An old post'))
  await page.goBack()
  await page.goBack()
  await page.waitForFunction(() => document.title.startsWith('Blog'))
  assert.equal(errors, [])
})

test('mobile: the blog sidebar is hidden and its posts are in the drawer, by year', async () => {
  const { page } = await newPage(420)
  await page.goto(server.url + '/blog/hello-world/')
  assert.not.ok(await page.isVisible('.blog-sidebar'))
  await openDrawer(page)
  assert.ok(await page.isVisible('.mobile-drawer .mobile-secondary'))
  assert.ok(await page.isVisible('.mobile-secondary >> text=2023'))
  assert.ok(await page.isVisible('.mobile-secondary a[href="/blog/old-post/"]'))
})

for (const mode of ['light', 'dark'] as const) {
  test(`axe finds no violation on any blog page kind (${mode})`, async () => {
    const { page } = await newPage(1280, mode)
    for (const p of [
      '/blog/',
      '/blog/page/2/',
      '/blog/hello-world/',
      '/blog/hidden/',
      '/blog/tags/',
      '/blog/tags/news/',
      '/blog/authors/',
      '/blog/authors/alice/',
      '/blog/archive/',
      '/vi/blog/second-post/',
    ]) {
      await page.goto(server.url + p)
      const violations = await axeViolations(page)
      assert.equal(violations, [], `${p} (${mode})`)
    }
  })
}

test.run()
