// The browser runtime (Preact through preact/compat) on MDX islands (test/fixtures/client-runtime):
// a page with site components loads the theme's runtime once, not a second copy; ids made with
// useId, React's default export and a portal work after Preact hydrates React's server markup.
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { openFixture, type FixtureSite } from './helpers/browser.js'
import { consoleProblems, islandMarkupChanges, scriptsOf, type PageLoad } from './helpers/client-runtime.js'

let site: FixtureSite

test.before(async () => {
  site = await openFixture('client-runtime', { removeOnClose: true })
})
test.after(() => site?.close())

async function open(route: string): Promise<PageLoad> {
  const opened = await site.newPage()
  const load = scriptsOf(opened.page, path.join(site.dir, 'build'))
  const logs = consoleProblems(opened.page)
  await opened.page.goto(site.url + route, { waitUntil: 'networkidle' })
  return { ...opened, scripts: load, logs }
}

test('a page with MDX islands loads the theme runtime once: only its islands module and components more', async () => {
  const plain = await open('/')
  const islands = await open('/islands/')
  await islands.page.waitForSelector('[data-mdx-island][data-hydrated]')
  const extra = [...islands.scripts.files.keys()].filter((f) => !plain.scripts.files.has(f))
  const extraBytes = extra.reduce((n, f) => n + islands.scripts.files.get(f)!, 0)
  // A second copy of a React runtime (Preact is ~10 KB gzipped, React ~60 KB) would not fit here.
  assert.ok(extraBytes < 3 * 1024, `${extraBytes} bytes gzipped more: ${extra.join(', ')}`)
  assert.ok(
    extra.some((f) => /mdx-islands\.[^/]+\.js$/.test(f)),
    extra.join(', '),
  )
  assert.equal(
    [...plain.scripts.files.keys()].filter((f) => !islands.scripts.files.has(f)),
    [],
  )
  assert.equal(islands.errors, [])
  assert.equal(islands.logs, [])
})

test("Preact keeps React's server markup of every island as it is", async () => {
  const { page, errors, logs } = await open('/islands/')
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-mdx-island]')].every((e) => e.hasAttribute('data-hydrated')),
  )
  assert.equal(await islandMarkupChanges(page), [])
  assert.equal(errors, [])
  assert.equal(logs, [])
})

test('ids from useId match after hydration: a panel shown later has the id its button names', async () => {
  const { page, errors, logs } = await open('/islands/')
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-mdx-island]')].every((e) => e.hasAttribute('data-hydrated')),
  )
  const toggles = page.locator('.disclosure-toggle')
  assert.is(await toggles.count(), 2)
  const controls: string[] = []
  for (const i of [0, 1]) {
    await toggles.nth(i).click()
    const id = (await toggles.nth(i).getAttribute('aria-controls'))!
    controls.push(id)
    await page.waitForSelector(`[id="${id}"]`)
    assert.is(
      await page.locator(`[id="${id}"]`).textContent(),
      i === 0 ? 'Refunds settle within a day.' : 'Limits reset at midnight.',
    )
  }
  assert.is.not(controls[0], controls[1])
  // The label written on the server names the output the browser updates.
  await page.click('.stepper button')
  const forId = (await page.getAttribute('.stepper label', 'for'))!
  assert.is(await page.locator(`[id="${forId}"]`).textContent(), '3')
  // A portal: the dialog opens in the body, labelled by the title it renders.
  await page.click('.disclosure-more >> nth=1')
  const dialog = page.locator('body > .fixture-dialog')
  const labelledBy = (await dialog.getAttribute('aria-labelledby'))!
  assert.is(await page.locator(`[id="${labelledBy}"]`).textContent(), 'Limits')
  await dialog.locator('button').click()
  assert.is(await page.locator('.fixture-dialog').count(), 0)
  assert.equal(errors, [])
  assert.equal(logs, [])
})

test.run()
