import fs from 'node:fs'
import path from 'node:path'
import { createHmac } from 'node:crypto'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { openFixture, type FixtureSite } from './helpers/browser.js'
import { axeViolations } from './helpers/axe.js'
import { startRecordingApi, type RecordingApi, type Received } from './helpers/recording-api.js'

// The request explorer (theme/islands/ExplorerPanel.tsx and theme/islands/explorer/) in Chromium,
// against a loopback server that records what arrives (test/fixtures/explorer: v2 names a loopback
// server, v1 none). The request building it relies on is tested without a browser in
// api-explorer-serialise, api-explorer-plan and api-explorer-prepare.

let site: FixtureSite
let api: RecordingApi
let apiUrl = ''
const received: Received[] = []
let built = ''

test.before(async () => {
  site = await openFixture('explorer')
  built = path.join(site.dir, 'build')
  api = await startRecordingApi(received)
  apiUrl = api.url
})
test.after(async () => {
  await site?.close()
  api?.close()
})

/** Opens the explorer of a page, pointed at the loopback API unless told otherwise. */
async function openExplorer(
  route: string,
  server: string | null = apiUrl,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await site.browser.newContext()
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  // Nothing but the docs site and the loopback API.
  await context.route('**/*', (r) =>
    r.request().url().startsWith(site.url) || r.request().url().startsWith(apiUrl)
      ? r.continue()
      : (errors.push(`outside: ${r.request().url()}`), r.abort()),
  )
  await page.goto(site.url + route)
  await page.click('.explorer-open button')
  await page.waitForSelector('.explorer')
  if (server !== null) await page.fill('.explorer-row input', server)
  return { page, errors, close: () => context.close() }
}

/** Clicks Send and waits for the request to reach the API and its answer to show. */
async function send(page: Page): Promise<Received> {
  const before = received.length
  await page.click('.explorer-actions button[type=submit]')
  for (let i = 0; received.length === before && i < 200; i++) await new Promise((r) => setTimeout(r, 25))
  assert.is(received.length, before + 1, 'one request reached the API')
  // The API answers with how many requests it has seen: this answer, not an earlier one.
  await page.waitForFunction(
    (n) => document.querySelector('.explorer-response')?.textContent?.includes(`"n": ${n}`),
    received.length,
  )
  assert.match((await page.textContent('.explorer-result')) ?? '', /200/)
  return received[received.length - 1]!
}
/** A control of the explorer by its label (the page around it has links named alike). */
const field = (page: Page, name: string | RegExp) => page.locator('.explorer').getByLabel(name)
const curl = async (page: Page) => (await page.textContent('.explorer-curl')) ?? ''
/** The curl once it shows `text`: Preact renders after the input event, and a busy machine may lag. */
const curlWith = async (page: Page, text: string) => {
  await page
    .locator('.explorer-curl', { hasText: text })
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined)
  return curl(page)
}
const sendDisabled = (page: Page) => page.isDisabled('.explorer-actions button[type=submit]')

test('an urlencoded form with HTTP Basic: fields as URLSearchParams, empty ones left out, base64(user:pass)', async () => {
  const { page, errors, close } = await openExplorer('/api/submit-form/')
  await field(page, 'Username').fill('ann')
  await field(page, 'Password').fill('pä:ss')
  // A required field left empty blocks Send, naming it.
  await field(page, /^name\b/).fill('')
  assert.ok(await sendDisabled(page))
  assert.match((await page.textContent('.explorer-problems')) ?? '', /name: required/)
  await field(page, /^name\b/).fill('Ann Lee')
  const req = await send(page)
  const basic = `Basic ${Buffer.from('ann:pä:ss', 'utf8').toString('base64')}`
  assert.is(req.method, 'POST')
  assert.is(req.url, '/forms/urlencoded')
  assert.is(req.headers['content-type'], 'application/x-www-form-urlencoded')
  assert.is(req.headers.authorization, basic)
  assert.equal(
    [...new URLSearchParams(req.body.toString())],
    [
      ['name', 'Ann Lee'],
      ['note', 'fish & chips = 100%'],
    ],
  )
  const c = await curl(page)
  assert.match(c, `--header 'Authorization: ${basic}'`)
  assert.match(c, `--data-urlencode 'name=Ann Lee' \\\n  --data-urlencode 'note=fish & chips = 100%'`)
  assert.not.match(c, 'empty=')
  assert.match((await page.textContent('.explorer-response')) ?? '', /"ok": true/)
  assert.equal(errors, [])
  await close()
})

test('a multipart form with a file part and an OAuth2 bearer token', async () => {
  const { page, errors, close } = await openExplorer('/api/upload-file/')
  await field(page, 'Token').fill('tok-1')
  assert.ok(await sendDisabled(page), 'the required file is missing')
  assert.match((await page.textContent('.explorer-problems')) ?? '', /file: required/)
  await page.setInputFiles('.explorer input[type=file]', {
    name: 'hello.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello, file\n'),
  })
  const req = await send(page)
  assert.is(req.headers.authorization, 'Bearer tok-1')
  assert.match(String(req.headers['content-type']), /^multipart\/form-data; boundary=/)
  const form = await new Response(new Uint8Array(req.body), {
    headers: { 'content-type': String(req.headers['content-type']) },
  }).formData()
  assert.is(form.get('title'), 'Holiday')
  const file = form.get('file') as File
  assert.is(file.name, 'hello.txt')
  assert.is(await file.text(), 'hello, file\n')
  const c = await curl(page)
  assert.match(c, `--header 'Authorization: Bearer tok-1'`)
  assert.match(c, `--form-string 'title=Holiday' \\\n  --form 'file=@hello.txt;type=text/plain'`)
  assert.not.match(c, /Content-Type/i)
  assert.equal(errors, [])
  await close()
})

test('API keys in header and query; optional parameters not sent when empty; arrays with explode false', async () => {
  const { page, errors, close } = await openExplorer('/api/list-items/')
  await field(page, 'X-Api-Key').fill('hk-1')
  await field(page, 'api_key').fill('q k')
  let req = await send(page)
  assert.is(req.method, 'GET')
  assert.is(req.url, '/items?ids=1,2,3&api_key=q%20k')
  assert.is(req.headers['x-api-key'], 'hk-1')
  assert.is(req.headers['x-trace'], undefined)
  assert.match(
    await curl(page),
    `--url '${apiUrl}/items?ids=1,2,3&api_key=q%20k' \\\n  --header 'X-Api-Key: hk-1'`,
  )
  // Filled, the optional ones go: exploded array, deepObject, header.
  await field(page, 'tags').fill('a, b')
  await field(page, 'filter').fill('{"color":"red"}')
  await field(page, 'X-Trace').fill('t-9')
  req = await send(page)
  assert.is(req.url, '/items?ids=1,2,3&tags=a&tags=b&filter[color]=red&api_key=q%20k')
  assert.is(req.headers['x-trace'], 't-9')
  // An object that is not JSON blocks Send.
  await field(page, 'filter').fill('{red')
  assert.ok(await sendDisabled(page))
  assert.match((await page.textContent('.explorer-problems')) ?? '', /filter/)
  assert.equal(errors, [])
  await close()
})

test('an HMAC-signed JSON body: the signature covers the exact bytes received, per media type', async () => {
  const { page, errors, close } = await openExplorer('/api/create-payment/')
  await field(page, 'Secret').fill('wallet-secret')
  let req = await send(page)
  const expected = (body: Buffer) => createHmac('sha256', 'wallet-secret').update(body).digest('hex')
  assert.is(req.headers['content-type'], 'application/json')
  assert.equal(JSON.parse(req.body.toString('utf8')), { amount: 1000, memo: 'Phở €' })
  assert.is(req.headers['x-signature'], expected(req.body))
  assert.match(await curl(page), `--header 'X-Signature: ${expected(req.body)}'`)
  // The other media type: the signature follows the body.
  await field(page, 'Content type').selectOption('text/plain')
  req = await send(page)
  assert.is(req.body.toString(), 'amount=1000')
  assert.is(req.headers['content-type'], 'text/plain')
  assert.is(req.headers['x-signature'], expected(req.body))
  // Invalid JSON blocks Send with the message.
  await field(page, 'Content type').selectOption('application/json')
  await page.fill('.explorer textarea', '{"amount": 10,')
  assert.ok(await sendDisabled(page))
  assert.match((await page.textContent('.explorer-problems')) ?? '', /The body is not valid JSON/)
  assert.equal(errors, [])
  await close()
})

test('an HMAC over the query string when there is no body (SHA-512, base64)', async () => {
  const { page, errors, close } = await openExplorer('/api/get-report/')
  await field(page, 'Secret').fill('k2')
  const req = await send(page)
  const query = req.url.slice(req.url.indexOf('?') + 1)
  assert.is(query, 'from=2024-01-01')
  assert.is(req.headers['x-query-signature'], createHmac('sha512', 'k2').update(query).digest('base64'))
  assert.equal(errors, [])
  await close()
})

test('cookies: shown in the curl with --cookie, explained, sent with the browser credentials', async () => {
  const { page, errors, close } = await openExplorer('/api/get-session/')
  await field(page, 'session').fill('abc')
  assert.match(await curlWith(page, 'session=abc'), `--cookie 'theme=dark; session=abc'`)
  assert.match((await page.textContent('.explorer-note')) ?? '', /cookies only for their own sites/)
  const req = await send(page)
  assert.is(req.url, '/session')
  assert.not.match(String(req.headers.cookie ?? ''), 'session=abc')
  assert.equal(errors, [])
  await close()
})

test('a binary body is the raw file; a path parameter is encoded', async () => {
  const { page, errors, close } = await openExplorer('/api/put-blob/')
  const bytes = Buffer.from([0, 1, 2, 255, 254])
  await page.setInputFiles('.explorer input[type=file]', {
    name: 'blob.bin',
    mimeType: 'application/octet-stream',
    buffer: bytes,
  })
  const req = await send(page)
  assert.is(req.method, 'PUT')
  assert.is(req.url, '/blobs/b%201')
  assert.is(req.headers['content-type'], 'application/octet-stream')
  assert.ok(req.body.equals(bytes))
  assert.match(await curl(page), `--data-binary '@blob.bin'`)
  assert.equal(errors, [])
  await close()
})

test('mock mode answers with the first 2xx example, says so, and sends nothing', async () => {
  const { page, errors, close } = await openExplorer('/api/get-pet/', 'http://127.0.0.1:9')
  const network: string[] = []
  page.on('request', (r) => void (r.url().startsWith(site.url) || network.push(r.url())))
  const before = received.length
  await field(page, "Answer with the spec's example").check()
  // Nothing is sent, so nothing left empty stops it (the spec lists 404 first: the 2xx answers).
  await field(page, /^petId/).fill('')
  await page.click('.explorer-actions button[type=submit]')
  await page.waitForSelector('.explorer-mock-note')
  assert.ok(await page.isVisible('.explorer-mock-note'))
  assert.match(
    (await page.textContent('.explorer-live')) ?? '',
    /Example answer from the spec, not from a server\.[\s\S]*200/,
  )
  assert.match((await page.textContent('.explorer-response')) ?? '', /"name": "Rex"/)
  assert.is(received.length, before)
  assert.equal(network, [])
  assert.equal(errors, [])
  await close()
})

test('no server in the spec: a required base URL, Send disabled until it is an http(s) URL; mock needs none', async () => {
  const { page, errors, close } = await openExplorer('/v1/api/ping/', null)
  const baseUrl = field(page, 'Base URL')
  assert.is(await baseUrl.inputValue(), '')
  assert.is(await baseUrl.getAttribute('required'), '')
  assert.match((await page.textContent('.explorer-row')) ?? '', /This API names no server/)
  assert.ok(await sendDisabled(page))
  await baseUrl.fill('ftp://127.0.0.1')
  assert.ok(await sendDisabled(page))
  assert.match((await page.textContent('.explorer-problems')) ?? '', /http:\/\/ or https:\/\//)
  await field(page, "Answer with the spec's example").check()
  assert.not.ok(await sendDisabled(page))
  await field(page, "Answer with the spec's example").uncheck()
  await baseUrl.fill(apiUrl)
  assert.not.ok(await sendDisabled(page))
  // The optional, empty `echo` is not sent.
  const req = await send(page)
  assert.is(req.url, '/ping')
  assert.equal(errors, [])
  await close()
})

test('keyboard only: open, type, send with Enter, close; focus comes back', async () => {
  const { page, errors, close } = await openExplorer('/v1/api/ping/', null)
  await page.click('.explorer-actions .button-secondary')
  await page.focus('.explorer-open button')
  await page.keyboard.press('Enter')
  await page.waitForSelector('.explorer')
  await page.waitForFunction(
    () =>
      document.activeElement?.closest('.explorer') !== null && document.activeElement?.tagName === 'INPUT',
  )
  await page.keyboard.type(apiUrl)
  const before = received.length
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => document.querySelector('.explorer-live')?.textContent?.includes('200'))
  assert.is(received.length, before + 1)
  await page.focus('.explorer-actions .button-secondary')
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => document.activeElement?.matches('.explorer-open button') === true)
  assert.equal(errors, [])
  await close()
})

for (const mode of ['light', 'dark'] as const) {
  test(`axe finds no violation in the open explorer (${mode})`, async () => {
    for (const route of [
      '/api/list-items/',
      '/api/upload-file/',
      '/api/create-payment/',
      '/api/get-session/',
      '/v1/api/ping/',
    ]) {
      const context = await site.browser.newContext()
      if (mode === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'))
      const page = await context.newPage()
      await page.goto(site.url + route)
      await page.click('.explorer-open button')
      await page.waitForSelector('.explorer')
      // Mock mode: a result to check too, whatever is left empty (nothing is sent).
      await field(page, "Answer with the spec's example").check()
      await page.click('.explorer-actions button[type=submit]')
      await page.waitForSelector('.explorer-result')
      assert.equal(await axeViolations(page), [], `${route} (${mode})`)
      await context.close()
    }
  })
}

test('the panel is its own chunk: the entry script of an API page does not carry it', () => {
  const js = path.join(built, 'assets/js')
  const files = fs.readdirSync(js)
  const entry = files.find((f) => /^client\.[^.]+\.js$/.test(f))!
  const marker = '--data-urlencode'
  assert.not.match(fs.readFileSync(path.join(js, entry), 'utf8'), marker)
  assert.ok(files.some((f) => f !== entry && fs.readFileSync(path.join(js, f), 'utf8').includes(marker)))
})

test.run()
