import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { serve, type DevServer } from '../src/serve/index.js'
import { exposureWarning, isAllowedHost } from '../src/http/security.js'
import { buildFixture, cache, cli, ROOT, tempCopy, tempSite } from './helpers/index.js'
import {
  firstOk,
  getFrom,
  liveClient,
  rawRequest,
  serveQuietly,
  spawnServe,
  tokenOf,
} from './helpers/serve-client.js'

// checklist D: what `serve` answers to hostile requests. Reload behaviour is in serve-reload.test.ts.

let dir = ''
let server: DevServer
let port = 0
let token = ''

const raw = (head: string, opts?: { close?: boolean }) => rawRequest(port, head, opts)
const host = () => `127.0.0.1:${port}`
const get = (target: string, headers = '') =>
  raw(`GET ${target} HTTP/1.1\r\nHost: ${host()}${headers ? '\r\n' + headers : ''}`)
const upgrade = (opts: { host?: string; origin?: string; token?: string; path?: string }) =>
  raw(
    `GET ${opts.path ?? '/__docs-site/ws'}?token=${opts.token ?? token} HTTP/1.1\r\nHost: ${opts.host ?? host()}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13` +
      (opts.origin === undefined ? '' : `\r\nOrigin: ${opts.origin}`),
    { close: false },
  )

test.before(async () => {
  dir = tempCopy('basic')
  fs.writeFileSync(path.join(dir, 'static/.env'), 'SECRET=1\n')
  fs.mkdirSync(path.join(dir, 'static/.git'))
  fs.writeFileSync(path.join(dir, 'static/.git/config'), '[core]\n')
  fs.mkdirSync(path.join(dir, 'static-secret'))
  fs.writeFileSync(path.join(dir, 'static-secret/key.txt'), 'TOP-SECRET\n')
  fs.symlinkSync('/etc/passwd', path.join(dir, 'static/passwd'))
  fs.symlinkSync(path.join(dir, 'static-secret'), path.join(dir, 'static/sibling'))
  server = await serveQuietly({ root: dir, cache })
  port = server.port
  token = tokenOf((await get('/')).body)
})
test.after(() => server.close())

test('binds 127.0.0.1 only; --host 0.0.0.0 warns loudly', () => {
  assert.is(server.address.address, '127.0.0.1')
  assert.match(exposureWarning('0.0.0.0') ?? '', /WARNING: --host 0\.0\.0\.0 exposes this preview server/)
  assert.is(exposureWarning('127.0.0.1'), undefined)
  assert.ok(isAllowedHost('192.168.1.20:80', { port: 80, names: [], anyIp: true }))
  assert.not.ok(isAllowedHost('evil.example:80', { port: 80, names: [], anyIp: true }))
})

test('serves every version and locale from memory, static files from disk, HTML no-cache with the dev client', async () => {
  for (const p of ['/', '/guide/setup/', '/v1/', '/vi/', '/vi/v1/', '/vi/guide/intro/']) {
    const r = await get(p)
    assert.is(r.status, 200, p)
    assert.is(r.headers['content-type'], 'text/html; charset=utf-8')
    assert.is(r.headers['cache-control'], 'no-cache')
    assert.match(
      r.body,
      /<script type="module" src="\/__docs-site\/dev-client\.js" data-docs-site-dev="[\w-]{20,}" data-revision="\d+" data-ws="\/__docs-site\/ws"><\/script><\/body>/,
    )
  }
  const svg = await get('/img/flow.svg')
  assert.is(svg.headers['content-type'], 'image/svg+xml')
  // A static file may change under the same name: revalidated. A hashed asset never does: kept,
  // so a reload after a save fetches the page alone.
  assert.is(svg.headers['cache-control'], 'no-cache')
  const client = /src="\/(assets\/js\/client\.[\w-]+\.js)"/.exec((await get('/')).body)![1]!
  assert.is((await get('/' + client)).headers['cache-control'], 'public, max-age=31536000, immutable')
  const js = await get('/__docs-site/dev-client.js')
  assert.is(js.status, 200)
  assert.match(js.body, /WebSocket/)
  const missing = await get('/no/such/page/')
  assert.is(missing.status, 404)
  assert.match(missing.body, /data-docs-site-dev/)
})

test('path traversal variants are refused and never leak /etc/passwd', async () => {
  const targets = [
    '/../etc/passwd',
    '/../../../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2fetc%2fpasswd',
    '/docs/%2e%2e%2f%2e%2e%2fetc/passwd',
    '/..%5c..%5cetc%5cpasswd',
    '/%c0%ae%c0%ae/etc/passwd',
    '/index.html%00.png',
    '/img/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/..\\..\\etc\\passwd',
    '/%2e%2e/static-secret/key.txt',
    '/..%2fstatic-secret/key.txt',
  ]
  for (const t of targets) {
    const r = await get(t)
    assert.ok([400, 403, 404].includes(r.status), `${t} → ${r.status}`)
    assert.not.match(r.body, /root:|TOP-SECRET/, t)
  }
  assert.is((await get('/')).status, 200)
})

test('//host paths never redirect off-site; # in the target is 400', async () => {
  for (const t of ['//etc/passwd', '//evil.example/', '//evil.example', '/guide//setup/']) {
    const r = await get(t)
    assert.ok(r.status === 404 || r.status === 400, `${t} → ${r.status}`)
    assert.is(r.headers.location, undefined)
  }
  assert.is((await get('/a.html#/../../x')).status, 400)
  assert.is((await get('/guide/setup/#x')).status, 400)
})

test('dotfiles, dot-folders, symlinks out of static/ and prefix siblings are 404', async () => {
  for (const t of [
    '/.env',
    '/.env/.',
    '/.git/config',
    '/.git/',
    '/img/./flow.svg',
    '/passwd',
    '/sibling/key.txt',
  ]) {
    const r = await get(t)
    assert.is(r.status, 404, t)
    assert.not.match(r.body, /root:|TOP-SECRET|SECRET=1|\[core\]/, t)
  }
})

test('a request with two Host headers is refused (400), whatever their order', async () => {
  for (const [a, b] of [
    [host(), 'evil.example'],
    ['evil.example', host()],
    [host(), host()],
  ]) {
    const r = await raw(`GET / HTTP/1.1\r\nHost: ${a}\r\nHost: ${b}`)
    assert.is(r.status, 400, `${a} + ${b}`)
  }
  assert.is((await get('/')).status, 200)
})

test('Host allow-list: loopback names with the right port pass, everything else is 403', async () => {
  for (const h of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `docs.localhost:${port}`])
    assert.is((await raw(`GET / HTTP/1.1\r\nHost: ${h}`)).status, 200, h)
  for (const h of [
    `evil.example:${port}`,
    `localhost.evil.example:${port}`,
    `localhos:${port}`,
    '',
    'localhost',
    `localhost:${port + 1}`,
    `127.0.0.1.nip.io:${port}`,
  ]) {
    const r = await raw(`GET / HTTP/1.1\r\nHost: ${h}`)
    assert.ok(r.status === 403 || r.status === 400, `${h} → ${r.status}`)
  }
  assert.is(
    (await upgrade({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` })).status,
    403,
  )
})

test('WebSocket: needs a same-origin Origin and the token; then 101', async () => {
  const origin = `http://127.0.0.1:${port}`
  for (const o of [
    'http://evil.example',
    'null',
    'http://1.2.3.4',
    `http://localhost:${port}`,
    `https://127.0.0.1:${port}`,
    undefined,
  ]) {
    assert.is((await upgrade({ origin: o })).status, 403, String(o))
  }
  assert.is((await upgrade({ origin, token: '' })).status, 403)
  assert.is(
    (await upgrade({ origin, token: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A') })).status,
    403,
  )
  assert.is((await upgrade({ origin, path: '/ws' })).status, 403)
  assert.is((await upgrade({ origin })).status, 101)
})

test('security headers on every response; no CORS; cross-site script loads refused', async () => {
  const replies = [
    await get('/'),
    await get('/nope'),
    await get('/%c0'),
    await get('/category/guide'),
    await raw(
      `OPTIONS / HTTP/1.1\r\nHost: ${host()}\r\nOrigin: http://evil.example\r\nAccess-Control-Request-Method: GET`,
    ),
    await raw(`GET / HTTP/1.1\r\nHost: evil.example`),
  ]
  for (const r of replies) {
    assert.is(r.headers['cross-origin-resource-policy'], 'same-origin', String(r.status))
    assert.is(r.headers['x-content-type-options'], 'nosniff', String(r.status))
    assert.is(r.headers['access-control-allow-origin'], undefined)
  }
  assert.is(replies[4]!.status, 405)
  const js = /src="(\/assets\/js\/client\.[^"]+\.js)"/.exec(replies[0]!.body)![1]!
  assert.is(
    (await get(js, 'Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\nSec-Fetch-Dest: script')).status,
    403,
  )
  assert.is((await get(js, 'Sec-Fetch-Site: same-site\r\nSec-Fetch-Mode: cors')).status, 403)
  assert.is((await get(js, 'Sec-Fetch-Site: same-origin\r\nSec-Fetch-Mode: no-cors')).status, 200)
  assert.is((await get('/', 'Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate')).status, 200)
})

test('only GET and HEAD; no dev-tool endpoints', async () => {
  for (const m of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'CONNECT_X']) {
    const r = await raw(`${m} / HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: 0`)
    assert.ok(r.status === 405 || r.status === 400, `${m} → ${r.status}`)
  }
  const head = await raw(`HEAD / HTTP/1.1\r\nHost: ${host()}`)
  assert.is(head.status, 200)
  assert.is(head.body, '')
  for (const t of [
    '/@fs/etc/passwd',
    '/__open-in-editor?file=x',
    '/@vite/client',
    '/__docs-site/',
    '/__docs-site/ws',
    '/assets/js/client.js.map',
  ])
    assert.is((await get(t)).status, 404, t)
})

test('a folder without its slash: 302 to a relative Location, query kept', async () => {
  const r = await get('/category/guide?a=1&b=%2F')
  assert.is(r.status, 302)
  assert.is(r.headers.location, '/category/guide/?a=1&b=%2F')
  assert.is((await get('/vi/category/guide')).headers.location, '/vi/category/guide/')
})

test('WebSocket messages from the browser are ignored; a big one closes the connection', async () => {
  const { ws, next } = await liveClient(port, token)
  await next((m) => m.type === 'init')
  ws.send('{"type":"reload"}')
  const closed = new Promise<number>((resolve) => {
    ws.once('close', (code) => resolve(code))
    setTimeout(() => resolve(-1), 5000)
  })
  ws.send(Buffer.alloc(1024 * 1024, 97))
  assert.is(await closed, 1009)
  assert.is((await get('/')).status, 200)
})

test('ws, chokidar and linkinator each have one importer; a normal build carries no dev client', async () => {
  const owners: Record<string, string> = {
    ws: 'src/serve/live-reload.ts',
    chokidar: 'src/serve/watch.ts',
    linkinator: 'src/links/crawl.ts',
  }
  const sources = ['src', 'shared', 'theme'].flatMap((d) =>
    (fs.readdirSync(path.join(ROOT, d), { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => `${d}/${f}`),
  )
  for (const f of sources) {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8')
    for (const [lib, owner] of Object.entries(owners))
      if (new RegExp(`^import (?!type ).*from ['"]${lib}['"]`, 'm').test(text))
        assert.is(f, owner, `${lib} imported by ${f}`)
  }
  const result = await buildFixture('basic')
  for (const [file, body] of result.output)
    assert.not.match(String(body), /__docs-site|data-docs-site-dev|dev-client/, file)
})

test("the CLI's serve (whose highlight worker starts before its modules load) answers the first page with its code highlighted, and SIGTERM ends it", async () => {
  const site = tempSite('docs-site-serve-cli-', {
    'docs-site.config.ts': `export default { title: 'CLI serve' }\n`,
    'content/docs/intro.md': '---\ntitle: Intro\nslug: /\n---\n\n```go\npackage main\n```\n',
  })
  const { port: free, child, exit, ended } = await spawnServe(site)
  try {
    const body = (await firstOk(free, '/', 50, ended))?.body ?? ''
    assert.match(
      body,
      /<pre class="shiki css-variables"[^>]*><code><span class="line"><span class="t\d+">package<\/span>/,
    )
    // The live-reload client, bundled once per build of the CLI and kept beside it.
    const client = await getFrom(free, '/__docs-site/dev-client.js')
    assert.is(client.status, 200)
    assert.match(client.body, /WebSocket/)
  } finally {
    child.kill('SIGTERM')
  }
  // 128 + 15, as a shell reports a process that SIGTERM ended.
  assert.is(await exit, 143)
})

test('port in use: non-zero exit with a clear message when --port is given, else the next free port', async () => {
  const blocker = net.createServer()
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r))
  const taken = (blocker.address() as net.AddressInfo).port
  const r = cli(['serve', '--root', dir, '--port', String(taken)])
  assert.is(r.code, 1, r.stdout + r.stderr)
  assert.match(r.stderr, new RegExp(`port ${taken} on 127\\.0\\.0\\.1 is already in use`))
  const other = await serve({
    root: dir,
    port: taken,
    cache,
    log: () => undefined,
    logError: () => undefined,
  })
  assert.ok(other.port > taken && other.port <= taken + 20, String(other.port))
  await other.close()
  blocker.close()
})

test.run()
