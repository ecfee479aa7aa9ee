import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { openFixture, type BrowserSite } from './helpers/browser.js'
import { axeViolations } from './helpers/axe.js'

let site: BrowserSite
let mock: http.Server
let mockUrl = ''
const received: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> = []

test.before(async () => {
  site = await openFixture('api')
  // The API under test: a loopback mock that allows the docs page's origin.
  mock = http.createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': site.url,
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'GET, POST',
    }
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end()
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      res
        .writeHead(201, { ...cors, 'content-type': 'application/json', 'x-mock': 'yes' })
        .end(JSON.stringify({ id: 'pet_1', name: 'Rex' }))
    })
  })
  await new Promise<void>((r) => mock.listen(0, '127.0.0.1', r))
  mockUrl = `http://127.0.0.1:${(mock.address() as AddressInfo).port}`
})
test.after(async () => {
  await site?.close()
  mock?.close()
})

test('the chosen code-sample language is kept across reloads, pages and tabs', async () => {
  const context = await site.browser.newContext()
  const page = await context.newPage()
  await page.goto(site.url + '/api/create-pet/')
  assert.ok(await page.isVisible('#panel-create-pet-sample-curl'))
  assert.not.ok(await page.isVisible('#panel-create-pet-sample-python'))
  const other = await context.newPage()
  await other.goto(site.url + '/api/list-pets/')
  await page.click('#tab-create-pet-sample-python')
  assert.ok(await page.isVisible('#panel-create-pet-sample-python'))
  await other.waitForSelector('#panel-list-pets-sample-python', { state: 'visible' })
  await page.reload()
  assert.ok(await page.isVisible('#panel-create-pet-sample-python'))
  assert.is(await page.getAttribute('#tab-create-pet-sample-python', 'aria-selected'), 'true')
  await page.click('.sidebar a[href="/api/get-pet/"]')
  await page.waitForSelector('#panel-get-pet-sample-python', { state: 'visible' })
  await context.close()
})

test('a deep link to a field opens its folded parent', async () => {
  const page = await site.browser.newPage()
  await page.goto(site.url + '/api/create-pet/#request-body-owner-friend')
  assert.ok(await page.isVisible('#request-body-owner-friend'))
  await page.close()
})

test('wide screens: samples beside the reference, staying in view while it scrolls; one column below 1,200 px', async () => {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 700 } })
  await page.goto(site.url + '/api/create-pet/')
  const box = async (selector: string) => (await page.locator(selector).boundingBox())!
  const reference = await box('.api-columns > div:first-child')
  let aside = await box('.api-aside')
  assert.ok(aside.x >= reference.x + reference.width, 'the samples are to the right of the reference')
  assert.ok(reference.height > 700, 'the reference is longer than the window (the test needs a scroll)')
  await page.evaluate(() => window.scrollTo(0, 500))
  await page.waitForFunction(() => window.scrollY === 500)
  aside = await box('.api-aside')
  assert.ok(aside.y >= 0 && aside.y < 200, `the samples stay at the top of the window (y = ${aside.y})`)
  await page.setViewportSize({ width: 1100, height: 700 })
  await page.evaluate(() => window.scrollTo(0, 0))
  const narrow = await box('.api-columns > div:first-child')
  aside = await box('.api-aside')
  assert.ok(aside.y >= narrow.y + narrow.height, 'below 1,200 px the samples follow the reference')
  await page.close()
})

test('the explorer sends the request to the chosen server and shows the answer', async () => {
  const page = await site.browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  await page.goto(site.url + '/api/create-pet/')
  await page.click('.explorer-open button')
  await page.waitForSelector('.explorer')
  await page.fill('.explorer-row input', mockUrl)
  await page.fill('.explorer fieldset input[type=password]', 'key-123')
  assert.match(await page.inputValue('.explorer textarea'), /"name": "Rex"/)
  // The preview follows the fields as the panel re-renders (on the next frame, not at once).
  const curl = `--url '${mockUrl}/pets'[\\s\\S]*X-Api-Key: key-123`
  await page
    .waitForFunction(
      (re) => new RegExp(re).test(document.querySelector('.explorer-curl')?.textContent ?? ''),
      curl,
      { timeout: 5000 },
    )
    .catch(() => undefined)
  assert.match((await page.textContent('.explorer-curl')) ?? '', new RegExp(curl))
  await page.click('.explorer-actions .button:not(.button-secondary)')
  await page.waitForSelector('.explorer-result')
  assert.match((await page.textContent('.explorer-result')) ?? '', /201/)
  assert.match((await page.textContent('.explorer-response')) ?? '', /"id": "pet_1"/)
  const req = received.find((r) => r.method === 'POST')!
  assert.is(req.url, '/pets')
  assert.is(req.headers['x-api-key'], 'key-123')
  assert.equal(JSON.parse(req.body), { name: 'Rex', species: 'dog', owner: { name: 'Ann' } })
  // An unreachable server gives the CORS/network message, not a crash.
  await page.fill('.explorer-row input', 'http://127.0.0.1:9')
  await page.click('.explorer-actions .button:not(.button-secondary)')
  await page.waitForFunction(() => document.querySelector('.explorer-error')?.textContent?.includes('CORS'))
  assert.equal(errors, [])
  await page.close()
})

for (const mode of ['light', 'dark'] as const) {
  test(`axe finds no violation on the API pages (${mode})`, async () => {
    const context = await site.browser.newContext()
    if (mode === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'))
    const page = await context.newPage()
    for (const p of ['/api/', '/api/pet-store-api/', '/api/pets/', '/api/create-pet/', '/api/changes/']) {
      await page.goto(site.url + p)
      assert.equal(await axeViolations(page), [], `${p} (${mode})`)
    }
    await page.goto(site.url + '/api/create-pet/')
    await page.click('.explorer-open button')
    await page.waitForSelector('.explorer')
    assert.equal(await axeViolations(page), [], `explorer (${mode})`)
    await context.close()
  })
}

test.run()
