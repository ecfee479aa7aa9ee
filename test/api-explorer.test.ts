import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { createHmac } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import type { ExplorerProps } from '../src/types.js'
import { tempCopy } from './helpers/index.js'
import { buildOrThrow, openSite, type BrowserSite } from './helpers/browser.js'
import { axeViolations } from './helpers/axe.js'
import {
  parseValue,
  serialiseCookie,
  serialiseHeader,
  serialisePath,
  serialiseQuery,
  type Value,
} from '../theme/islands/explorer/serialise.js'
import {
  bodyKind,
  initialValues,
  pickMock,
  planRequest,
  serverUrl,
  type ExplorerValues,
} from '../theme/islands/explorer/request.js'
import { prepare } from '../theme/islands/explorer/prepare.js'
import { base64Utf8, basicAuth } from '../theme/islands/explorer/crypto.js'

// The request explorer (theme/islands/ExplorerPanel.tsx and theme/islands/explorer/): first the pure
// request building in Node, then the panel in Chromium against a loopback server that records what
// arrives (test/fixtures/explorer: v2 names a loopback server, v1 none).

// ── Request building, without a browser ─────────────────────────────────────────────────────

const arr: Value = { kind: 'array', items: ['blue', 'black', 'brown'] }
const obj: Value = {
  kind: 'object',
  entries: [
    ['R', '100'],
    ['G', '200'],
    ['B', '150'],
  ],
}
const prim: Value = { kind: 'primitive', value: 'blue' }

test('query parameters follow the OpenAPI serialisation table', () => {
  const q = (v: Value, style: string, explode: boolean) =>
    serialiseQuery('color', v, style, explode).join('&')
  assert.is(q(prim, 'form', true), 'color=blue')
  assert.is(q(arr, 'form', true), 'color=blue&color=black&color=brown')
  assert.is(q(arr, 'form', false), 'color=blue,black,brown')
  assert.is(q(obj, 'form', true), 'R=100&G=200&B=150')
  assert.is(q(obj, 'form', false), 'color=R,100,G,200,B,150')
  assert.is(q(arr, 'spaceDelimited', false), 'color=blue%20black%20brown')
  assert.is(q(arr, 'pipeDelimited', false), 'color=blue|black|brown')
  assert.is(q(obj, 'spaceDelimited', false), 'color=R%20100%20G%20200%20B%20150')
  assert.is(q(obj, 'pipeDelimited', false), 'color=R|100|G|200|B|150')
  assert.is(q(obj, 'deepObject', true), 'color[R]=100&color[G]=200&color[B]=150')
  // Values are percent-encoded; the delimiters are not.
  assert.is(q({ kind: 'array', items: ['a,b', 'c d', 'é'] }, 'form', false), 'color=a%2Cb,c%20d,%C3%A9')
})

test('path, header and cookie parameters follow the OpenAPI serialisation table', () => {
  const p = (v: Value, style: string, explode: boolean) => serialisePath('color', v, style, explode)
  assert.is(p(prim, 'simple', false), 'blue')
  assert.is(p(arr, 'simple', false), 'blue,black,brown')
  assert.is(p(obj, 'simple', false), 'R,100,G,200,B,150')
  assert.is(p(obj, 'simple', true), 'R=100,G=200,B=150')
  assert.is(p(prim, 'label', false), '.blue')
  assert.is(p(arr, 'label', false), '.blue,black,brown')
  assert.is(p(arr, 'label', true), '.blue.black.brown')
  assert.is(p(obj, 'label', false), '.R,100,G,200,B,150')
  assert.is(p(obj, 'label', true), '.R=100.G=200.B=150')
  assert.is(p(prim, 'matrix', false), ';color=blue')
  assert.is(p(arr, 'matrix', false), ';color=blue,black,brown')
  assert.is(p(arr, 'matrix', true), ';color=blue;color=black;color=brown')
  assert.is(p(obj, 'matrix', false), ';color=R,100,G,200,B,150')
  assert.is(p(obj, 'matrix', true), ';R=100;G=200;B=150')
  assert.is(p({ kind: 'primitive', value: 'a/b c' }, 'simple', false), 'a%2Fb%20c')
  assert.is(serialiseHeader(arr, false), 'blue,black,brown')
  assert.is(serialiseHeader(obj, false), 'R,100,G,200,B,150')
  assert.is(serialiseHeader(obj, true), 'R=100,G=200,B=150')
  assert.equal(serialiseCookie('color', prim, true), [['color', 'blue']])
  assert.equal(serialiseCookie('color', arr, false), [['color', 'blue,black,brown']])
  assert.equal(serialiseCookie('color', arr, true), [
    ['color', 'blue'],
    ['color', 'black'],
    ['color', 'brown'],
  ])
  assert.equal(serialiseCookie('color', obj, false), [['color', 'R,100,G,200,B,150']])
})

test('arrays are typed as JSON or comma-separated, objects as JSON', () => {
  assert.equal(parseValue('[1, "two", null]', 'array'), {
    ok: true,
    value: { kind: 'array', items: ['1', 'two', ''] },
  })
  assert.equal(parseValue('a, b ,c', 'array'), { ok: true, value: { kind: 'array', items: ['a', 'b', 'c'] } })
  assert.equal(parseValue('{"a":1,"b":{"c":2}}', 'object'), {
    ok: true,
    value: {
      kind: 'object',
      entries: [
        ['a', '1'],
        ['b', '{"c":2}'],
      ],
    },
  })
  assert.is(parseValue('{bad', 'object').ok, false)
  assert.is(parseValue('[1,', 'array').ok, false)
  assert.is(parseValue('[1]', 'object').ok, false)
  assert.equal(parseValue(' x ', 'primitive'), { ok: true, value: { kind: 'primitive', value: ' x ' } })
})

const base: ExplorerProps = {
  method: 'post',
  path: '/things/{id}',
  servers: [
    {
      url: 'https://{region}.api.example/{v}/',
      description: 'Main',
      variables: [
        { name: 'region', default: 'eu', description: undefined },
        { name: 'v', default: 'v2', description: undefined },
      ],
    },
  ],
  askServer: false,
  parameters: [
    {
      name: 'id',
      in: 'path',
      required: true,
      example: '42',
      prefill: true,
      style: 'simple',
      explode: false,
      shape: 'primitive',
    },
    {
      name: 'ids',
      in: 'query',
      required: false,
      example: '[1,2]',
      prefill: true,
      style: 'form',
      explode: false,
      shape: 'array',
    },
    {
      name: 'q',
      in: 'query',
      required: false,
      example: 'cats',
      prefill: false,
      style: 'form',
      explode: true,
      shape: 'primitive',
    },
    {
      name: 'X-Trace',
      in: 'header',
      required: false,
      example: 'abc',
      prefill: false,
      style: 'simple',
      explode: false,
      shape: 'primitive',
    },
    {
      name: 'theme',
      in: 'cookie',
      required: false,
      example: 'dark',
      prefill: true,
      style: 'form',
      explode: true,
      shape: 'primitive',
    },
  ],
  bodies: [{ mediaType: 'application/json', example: '{"a":1}', fields: [] }],
  auth: [],
  mocks: [
    { status: '404', mediaType: '', body: '' },
    { status: '201', mediaType: 'application/json', body: '{"id":1}' },
    { status: '200', mediaType: 'application/json', body: '{"id":2}' },
  ],
}
const values = (p: ExplorerProps, change: Partial<ExplorerValues> = {}): ExplorerValues => ({
  ...initialValues(p),
  ...change,
})

test('the form starts with the first server (variables at their defaults) and prefills only what the props say', () => {
  const v = initialValues(base)
  assert.is(v.server, 'https://eu.api.example/v2')
  assert.is(serverUrl(undefined), '')
  assert.equal(v.params, {
    'path:id': '42',
    'query:ids': '[1,2]',
    'query:q': '',
    'header:X-Trace': '',
    'cookie:theme': 'dark',
  })
  assert.is(v.body, '{"a":1}')
  assert.is(v.mediaType, 'application/json')
})

test('only filled parameters are sent; an empty required one blocks with its name', () => {
  const plan = planRequest(base, values(base))
  assert.is(plan.base, 'https://eu.api.example/v2/things/42')
  assert.is(plan.query, 'ids=1,2')
  assert.equal(plan.headers, [])
  assert.equal(plan.cookies, [['theme', 'dark']])
  assert.equal(plan.body, { kind: 'text', contentType: 'application/json', text: '{"a":1}' })
  assert.equal(plan.problems, [])
  const empty = planRequest(
    base,
    values(base, { params: { 'path:id': '', 'query:ids': '', 'header:X-Trace': 'abc' } }),
  )
  assert.equal(empty.problems, [{ kind: 'missing', name: 'id' }])
  assert.is(empty.query, '')
  assert.equal(empty.headers, [['X-Trace', 'abc']])
  assert.equal(
    planRequest(base, values(base, { body: '{"a":' })).problems.map((p) => p.kind),
    ['invalidJson'],
  )
  assert.equal(planRequest(base, values(base, { server: 'ftp://x' })).problems, [{ kind: 'server' }])
  assert.equal(planRequest(base, values(base, { server: '' })).problems, [{ kind: 'server' }])
  assert.is(planRequest({ ...base, method: 'get' }, values(base)).body, undefined)
})

test('credentials: bearer, basic (UTF-8), API keys in header, query and cookie, raw Authorization, HMAC', () => {
  const p: ExplorerProps = {
    ...base,
    parameters: [],
    auth: [
      { key: 'tok', kind: 'bearer', in: 'header', name: 'Authorization', scheme: 'bearer' },
      { key: 'h', kind: 'apiKey', in: 'header', name: 'X-Api-Key', scheme: undefined },
      { key: 'q', kind: 'apiKey', in: 'query', name: 'api key', scheme: undefined },
      { key: 'c', kind: 'apiKey', in: 'cookie', name: 'sid', scheme: undefined },
      {
        key: 'sig',
        kind: 'hmac',
        in: 'header',
        name: 'X-Sig',
        scheme: undefined,
        hmac: { hash: 'SHA-512', encoding: 'base64' },
      },
    ],
  }
  const plan = planRequest(p, values(p, { auth: { tok: 't1', h: 'hk', q: 'a&b', c: 'cv', sig: 's3cret' } }))
  assert.equal(plan.headers, [
    ['Authorization', 'Bearer t1'],
    ['X-Api-Key', 'hk'],
  ])
  assert.is(plan.query, 'api%20key=a%26b')
  assert.equal(plan.cookies, [['sid', 'cv']])
  assert.equal(plan.signature, {
    name: 'X-Sig',
    in: 'header',
    hash: 'SHA-512',
    encoding: 'base64',
    secret: 's3cret',
  })
  // Empty credentials are not sent.
  const none = planRequest(p, values(p))
  assert.equal([none.headers, none.query, none.cookies, none.signature], [[], '', [], undefined])
  assert.is(basicAuth('ann', 'pä:ss'), `Basic ${Buffer.from('ann:pä:ss', 'utf8').toString('base64')}`)
  assert.is(base64Utf8('Phở €'), Buffer.from('Phở €').toString('base64'))
  const basic: ExplorerProps = {
    ...p,
    auth: [{ key: 'b', kind: 'basic', in: 'header', name: 'Authorization', scheme: 'basic' }],
  }
  assert.equal(
    planRequest(basic, values(basic, { auth: { 'b:username': 'ann', 'b:password': 'pw' } })).headers,
    [['Authorization', `Basic ${Buffer.from('ann:pw').toString('base64')}`]],
  )
  const other: ExplorerProps = {
    ...p,
    auth: [{ key: 'o', kind: 'other', in: 'header', name: 'Authorization', scheme: 'digest' }],
  }
  assert.equal(planRequest(other, values(other, { auth: { o: 'Digest x=1' } })).headers, [
    ['Authorization', 'Digest x=1'],
  ])
})

test('bodies: media kinds, form fields (only filled, required named), multipart files, binary files', () => {
  assert.equal(
    [
      'application/json',
      'application/xml',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/octet-stream',
      'image/png',
    ].map(bodyKind),
    ['text', 'text', 'text', 'urlencoded', 'multipart', 'binary', 'binary'],
  )
  const fields = [
    { name: 'name', file: false, required: true, example: 'Ann' },
    { name: 'tags', file: false, required: false, example: '["a","b"]' },
    { name: 'note', file: false, required: false, example: '' },
    { name: 'doc', file: true, required: true, example: '' },
  ]
  const form: ExplorerProps = {
    ...base,
    parameters: [],
    bodies: [
      { mediaType: 'application/x-www-form-urlencoded', example: '', fields },
      { mediaType: 'multipart/form-data', example: '', fields },
      { mediaType: 'application/octet-stream', example: '', fields: [] },
    ],
  }
  assert.equal(planRequest(form, values(form)).body, {
    kind: 'urlencoded',
    pairs: [
      ['name', 'Ann'],
      ['tags', 'a'],
      ['tags', 'b'],
    ],
  })
  const multi = planRequest(form, values(form, { mediaType: 'multipart/form-data', fields: { name: '' } }))
  assert.equal(multi.problems, [
    { kind: 'missing', name: 'name' },
    { kind: 'missing', name: 'doc' },
  ])
  const file = new File(['hello'], 'hello.txt', { type: 'text/plain' })
  const withFile = planRequest(form, values(form, { mediaType: 'multipart/form-data', files: { doc: file } }))
  assert.equal(withFile.problems, [])
  assert.equal(withFile.body, {
    kind: 'multipart',
    parts: [
      { name: 'name', value: 'Ann' },
      { name: 'tags', value: 'a' },
      { name: 'tags', value: 'b' },
      { name: 'doc', file },
    ],
  })
  assert.equal(
    planRequest(form, values(form, { mediaType: 'application/octet-stream', files: { '': file } })).body,
    { kind: 'binary', contentType: 'application/octet-stream', file },
  )
})

test('mock mode answers with the first 2xx example', () => {
  assert.equal(pickMock(base.mocks), { status: '201', mediaType: 'application/json', body: '{"id":1}' })
  assert.equal(pickMock([{ status: '400', mediaType: '', body: '' }]), {
    status: '400',
    mediaType: '',
    body: '',
  })
  assert.is(pickMock([]), undefined)
})

test('prepare signs the exact body bytes (or the query) and the curl says the same', async () => {
  const p: ExplorerProps = {
    ...base,
    parameters: [],
    auth: [
      {
        key: 'sig',
        kind: 'hmac',
        in: 'header',
        name: 'X-Sig',
        scheme: undefined,
        hmac: { hash: 'SHA-256', encoding: 'hex' },
      },
    ],
  }
  const body = '{"memo":"Phở €"}'
  const r = await prepare(planRequest(p, values(p, { body, auth: { sig: 'k' } })))
  const sig = createHmac('sha256', 'k').update(Buffer.from(body, 'utf8')).digest('hex')
  assert.equal(r.headers, [
    ['Content-Type', 'application/json'],
    ['X-Sig', sig],
  ])
  assert.is(r.init.body, body)
  assert.is(
    r.curl,
    [
      'curl --request POST',
      "--url 'https://eu.api.example/v2/things/{id}'".replace('{id}', '%7Bid%7D'),
      "--header 'Content-Type: application/json'",
      `--header 'X-Sig: ${sig}'`,
      `--data-binary '${body}'`,
    ].join(' \\\n  '),
  )
  // No body: the query string without '?', here SHA-512 in base64.
  const g: ExplorerProps = {
    ...base,
    method: 'get',
    path: '/r',
    parameters: [
      {
        name: 'from',
        in: 'query',
        required: true,
        example: "it's 1",
        prefill: true,
        style: 'form',
        explode: true,
        shape: 'primitive',
      },
    ],
    auth: [
      {
        key: 's',
        kind: 'hmac',
        in: 'header',
        name: 'X-Sig',
        scheme: undefined,
        hmac: { hash: 'SHA-512', encoding: 'base64' },
      },
    ],
  }
  const q = await prepare(planRequest(g, values(g, { auth: { s: 'k' } })))
  assert.is(q.url, "https://eu.api.example/v2/r?from=it's%201")
  assert.equal(q.headers, [['X-Sig', createHmac('sha512', 'k').update("from=it's%201").digest('base64')]])
  assert.match(q.curl, `--url 'https://eu.api.example/v2/r?from=it'\\''s%201'`)
})

test('prepare: urlencoded, multipart, binary and cookies as fetch gets them and as curl shows them', async () => {
  const fields = [
    { name: 'name', file: false, required: true, example: 'Ann Lee' },
    { name: 'doc', file: true, required: false, example: '' },
  ]
  const p: ExplorerProps = {
    ...base,
    path: '/f',
    parameters: [
      {
        name: 'theme',
        in: 'cookie',
        required: false,
        example: 'dark',
        prefill: true,
        style: 'form',
        explode: true,
        shape: 'primitive',
      },
    ],
    bodies: [
      { mediaType: 'application/x-www-form-urlencoded', example: '', fields },
      { mediaType: 'multipart/form-data', example: '', fields },
      { mediaType: 'application/octet-stream', example: '', fields: [] },
    ],
  }
  const u = await prepare(planRequest(p, values(p)))
  assert.ok(u.init.body instanceof URLSearchParams)
  assert.is(String(u.init.body), 'name=Ann+Lee')
  assert.is(u.init.credentials, 'include')
  assert.match(
    u.curl,
    "--header 'Content-Type: application/x-www-form-urlencoded' \\\n  --cookie 'theme=dark' \\\n  --data-urlencode 'name=Ann Lee'",
  )
  const file = new File(['bytes'], 'my doc.bin', { type: 'application/pdf' })
  const m = await prepare(
    planRequest(p, values(p, { mediaType: 'multipart/form-data', files: { doc: file } })),
  )
  assert.ok(m.init.body instanceof FormData)
  assert.not.ok(
    m.headers.some(([k]) => k === 'Content-Type'),
    'the browser sets the boundary',
  )
  assert.match(m.curl, `--form-string 'name=Ann Lee' \\\n  --form 'doc=@"my doc.bin";type=application/pdf'`)
  const b = await prepare(
    planRequest(p, values(p, { mediaType: 'application/octet-stream', files: { '': file } })),
  )
  assert.is(b.init.body, file)
  assert.match(
    b.curl,
    `--header 'Content-Type: application/octet-stream' \\\n  --cookie 'theme=dark' \\\n  --data-binary '@my doc.bin'`,
  )
  // A signed multipart body is serialised first: the signature covers the bytes sent, boundary included.
  const signed: ExplorerProps = {
    ...p,
    auth: [
      {
        key: 's',
        kind: 'hmac',
        in: 'header',
        name: 'X-Sig',
        scheme: undefined,
        hmac: { hash: 'SHA-256', encoding: 'hex' },
      },
    ],
  }
  const sm = await prepare(
    planRequest(
      signed,
      values(signed, { mediaType: 'multipart/form-data', files: { doc: file }, auth: { s: 'k' } }),
    ),
  )
  const sent = Buffer.from(sm.init.body as Uint8Array)
  assert.match(sm.headers.find(([k]) => k === 'Content-Type')![1], /^multipart\/form-data; boundary=/)
  assert.is(sm.headers.find(([k]) => k === 'X-Sig')![1], createHmac('sha256', 'k').update(sent).digest('hex'))
  assert.match(sent.toString(), 'filename="my doc.bin"')
})

// ── The panel in Chromium ───────────────────────────────────────────────────────────────────

interface Received {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: Buffer
}
let site: BrowserSite
let api: http.Server
let apiUrl = ''
const received: Received[] = []
let built = ''

test.before(async () => {
  const dir = tempCopy('explorer')
  buildOrThrow(['build', '--root', dir, '--quiet'])
  built = path.join(dir, 'build')
  site = await openSite(built)
  // The API under test: loopback only, allows any origin (credentials too), answers preflights.
  api = http.createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-allow-methods': req.headers['access-control-request-method'] ?? '*',
      'access-control-expose-headers': '*',
      vary: 'Origin',
    }
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end()
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) })
      res
        .writeHead(200, { ...cors, 'content-type': 'application/json', 'x-answer': 'real' })
        .end(JSON.stringify({ ok: true, n: received.length }))
    })
  })
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r))
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
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
