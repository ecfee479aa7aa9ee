import fs from 'node:fs'
import net from 'node:net'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { WebSocket } from 'ws'
import { serve, type DevServer } from '../src/serve/index.js'
import { exposureWarning, isAllowedHost } from '../src/serve/security.js'
import { buildFixture, cache, cli, ROOT, tempCopy } from './helpers/index.js'

// Security tests send raw bytes over net.Socket, as Vite's do: a client library would normalise
// the very paths and headers being tested. Everything listens on 127.0.0.1 only.

type Reply = { status: number; headers: Record<string, string>; body: string }

let dir = ''
let server: DevServer
let port = 0
let token = ''

/** Sends `head` (request line + headers, no final blank line) and reads the whole reply. */
function raw(head: string, { close = true } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let data = ''
    const done = () => {
      const [top = '', ...rest] = data.split('\r\n\r\n')
      const [statusLine = '', ...lines] = top.split('\r\n')
      const headers: Record<string, string> = {}
      for (const l of lines) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim()
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') })
    }
    socket.setTimeout(5000, () => socket.destroy(new Error(`timeout: ${head.split('\r\n')[0]}`)))
    socket.on('data', (d) => {
      data += d.toString('latin1')
      if (!close && data.includes('\r\n\r\n')) socket.destroy()
    })
    socket.on('close', done)
    socket.on('error', reject)
    socket.write(head + (close ? '\r\nConnection: close' : '') + '\r\n\r\n')
  })
}
const host = () => `127.0.0.1:${port}`
const get = (target: string, headers = '') => raw(`GET ${target} HTTP/1.1\r\nHost: ${host()}${headers ? '\r\n' + headers : ''}`)
const upgrade = (opts: { host?: string; origin?: string; token?: string; path?: string }) =>
  raw(
    `GET ${opts.path ?? '/__docs-site/ws'}?token=${opts.token ?? token} HTTP/1.1\r\nHost: ${opts.host ?? host()}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13` + (opts.origin === undefined ? '' : `\r\nOrigin: ${opts.origin}`),
    { close: false },
  )

/** A live-reload client with the page's token; `next` waits for a message matching `pick`. */
function client(): Promise<{ ws: WebSocket; next: (pick: (m: any) => boolean, ms?: number) => Promise<any> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/__docs-site/ws?token=${token}`, { origin: `http://127.0.0.1:${port}` })
  const seen: any[] = []
  const waiters: Array<() => void> = []
  ws.on('message', (d) => {
    seen.push(JSON.parse(String(d)))
    waiters.splice(0).forEach((w) => w())
  })
  const next = (pick: (m: any) => boolean, ms = 10_000) =>
    new Promise<any>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(seen)}`)), ms)
      const check = () => {
        const i = seen.findIndex(pick)
        if (i === -1) return void waiters.push(check)
        clearTimeout(timer)
        resolve(seen.splice(0, i + 1).pop())
      }
      check()
    })
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, next }))
    ws.once('error', reject)
  })
}

test.before(async () => {
  dir = tempCopy('basic')
  fs.writeFileSync(path.join(dir, 'static/.env'), 'SECRET=1\n')
  fs.mkdirSync(path.join(dir, 'static/.git'))
  fs.writeFileSync(path.join(dir, 'static/.git/config'), '[core]\n')
  fs.mkdirSync(path.join(dir, 'static-secret'))
  fs.writeFileSync(path.join(dir, 'static-secret/key.txt'), 'TOP-SECRET\n')
  fs.symlinkSync('/etc/passwd', path.join(dir, 'static/passwd'))
  fs.symlinkSync(path.join(dir, 'static-secret'), path.join(dir, 'static/sibling'))
  server = await serve({ root: dir, port: 0, cache, log: () => undefined, logError: () => undefined })
  port = server.port
  token = /data-docs-site-dev="([^"]+)"/.exec((await get('/')).body)![1]!
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
    assert.match(r.body, /<script type="module" src="\/__docs-site\/dev-client\.js" data-docs-site-dev="[\w-]{20,}" data-revision="1" data-ws="\/__docs-site\/ws"><\/script><\/body>/)
  }
  assert.is((await get('/img/flow.svg')).headers['content-type'], 'image/svg+xml')
  const js = await get('/__docs-site/dev-client.js')
  assert.is(js.status, 200)
  assert.match(js.body, /WebSocket/)
  const missing = await get('/no/such/page/')
  assert.is(missing.status, 404)
  assert.match(missing.body, /data-docs-site-dev/)
})

test('path traversal variants are refused and never leak /etc/passwd', async () => {
  const targets = ['/../etc/passwd', '/../../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/docs/%2e%2e%2f%2e%2e%2fetc/passwd', '/..%5c..%5cetc%5cpasswd', '/%c0%ae%c0%ae/etc/passwd', '/index.html%00.png', '/img/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/..\\..\\etc\\passwd', '/%2e%2e/static-secret/key.txt', '/..%2fstatic-secret/key.txt']
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
  for (const t of ['/.env', '/.env/.', '/.git/config', '/.git/', '/img/./flow.svg', '/passwd', '/sibling/key.txt']) {
    const r = await get(t)
    assert.is(r.status, 404, t)
    assert.not.match(r.body, /root:|TOP-SECRET|SECRET=1|\[core\]/, t)
  }
})

test('Host allow-list: loopback names with the right port pass, everything else is 403', async () => {
  for (const h of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `docs.localhost:${port}`]) assert.is((await raw(`GET / HTTP/1.1\r\nHost: ${h}`)).status, 200, h)
  for (const h of [`evil.example:${port}`, `localhost.evil.example:${port}`, `localhos:${port}`, '', 'localhost', `localhost:${port + 1}`, `127.0.0.1.nip.io:${port}`]) {
    const r = await raw(`GET / HTTP/1.1\r\nHost: ${h}`)
    assert.ok(r.status === 403 || r.status === 400, `${h} → ${r.status}`)
  }
  assert.is((await upgrade({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` })).status, 403)
})

test('WebSocket: needs a same-origin Origin and the token; then 101', async () => {
  const origin = `http://127.0.0.1:${port}`
  for (const o of ['http://evil.example', 'null', 'http://1.2.3.4', `http://localhost:${port}`, `https://127.0.0.1:${port}`, undefined]) {
    assert.is((await upgrade({ origin: o })).status, 403, String(o))
  }
  assert.is((await upgrade({ origin, token: '' })).status, 403)
  assert.is((await upgrade({ origin, token: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A') })).status, 403)
  assert.is((await upgrade({ origin, path: '/ws' })).status, 403)
  assert.is((await upgrade({ origin })).status, 101)
})

test('security headers on every response; no CORS; cross-site script loads refused', async () => {
  const replies = [await get('/'), await get('/nope'), await get('/%c0'), await get('/category/guide'), await raw(`OPTIONS / HTTP/1.1\r\nHost: ${host()}\r\nOrigin: http://evil.example\r\nAccess-Control-Request-Method: GET`), await raw(`GET / HTTP/1.1\r\nHost: evil.example`)]
  for (const r of replies) {
    assert.is(r.headers['cross-origin-resource-policy'], 'same-origin', String(r.status))
    assert.is(r.headers['x-content-type-options'], 'nosniff', String(r.status))
    assert.is(r.headers['access-control-allow-origin'], undefined)
  }
  assert.is(replies[4]!.status, 405)
  const js = /src="(\/assets\/js\/client\.[^"]+\.js)"/.exec(replies[0]!.body)![1]!
  assert.is((await get(js, 'Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\nSec-Fetch-Dest: script')).status, 403)
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
  for (const t of ['/@fs/etc/passwd', '/__open-in-editor?file=x', '/@vite/client', '/__docs-site/', '/__docs-site/ws', '/assets/js/client.js.map']) assert.is((await get(t)).status, 404, t)
})

test('a folder without its slash: 302 to a relative Location, query kept', async () => {
  const r = await get('/category/guide?a=1&b=%2F')
  assert.is(r.status, 302)
  assert.is(r.headers.location, '/category/guide/?a=1&b=%2F')
  assert.is((await get('/vi/category/guide')).headers.location, '/vi/category/guide/')
})

test('WebSocket messages from the browser are ignored; a big one closes the connection', async () => {
  const { ws, next } = await client()
  await next((m) => m.type === 'init')
  ws.send('{"type":"reload"}')
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
  ws.send(Buffer.alloc(1024 * 1024, 97))
  assert.is(await closed, 1009)
  assert.is((await get('/')).status, 200)
})

test('edit a page → reload, and the page shows the edit', async () => {
  const { ws, next } = await client()
  const before = server.revision()
  const file = path.join(dir, 'content/docs/v2/guide/setup.md')
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8') + '\nFreshly edited paragraph.\n')
  const msg = await next((m) => m.type === 'reload')
  assert.is(msg.revision, before + 1)
  assert.match((await get('/guide/setup/')).body, /Freshly edited paragraph\./)
  assert.match((await get('/vi/guide/setup/')).body, /Freshly edited paragraph\./)
  ws.close()
})

test('broken front matter → error overlay with file:line, last good page still served; fix → reload', async () => {
  const { ws, next } = await client()
  const file = path.join(dir, 'content/docs/v2/guide/setup.md')
  const good = fs.readFileSync(file, 'utf8')
  fs.writeFileSync(file, '---\ntitle: Setup: broken\n---\n\nBroken body.\n')
  const err = await next((m) => m.type === 'error')
  assert.ok(err.diagnostics.some((d: any) => /^content\/docs\/v2\/guide\/setup\.md:2:\d+$/.test(d.where) && d.severity === 'error'), JSON.stringify(err.diagnostics))
  assert.match(err.diagnostics[0].text, /> 2 \| title: Setup: broken/)
  const page = await get('/guide/setup/')
  assert.is(page.status, 200)
  assert.match(page.body, /Freshly edited paragraph\./)
  // A page opened now gets the overlay straight away.
  const late = await client()
  assert.ok((await late.next((m) => m.type === 'init')).diagnostics?.length)
  fs.writeFileSync(file, good.replace('Freshly edited', 'Fixed'))
  await next((m) => m.type === 'reload')
  assert.match((await get('/guide/setup/')).body, /Fixed paragraph\./)
  ws.close()
  late.ws.close()
})

test('200 saves across 10 files in about a second: at most 3 rebuilds, the last content wins', async () => {
  await server.idle()
  const before = server.revision()
  // The saves come from another process, as an editor's do: this one is busy rebuilding.
  const writer = `const fs = require('fs'); let i = 0; const t = setInterval(() => { for (let k = 0; k < 10; k++, i++) fs.writeFileSync(process.argv[1] + '/burst-' + (i % 10) + '.md', '---\\ntitle: Burst ' + (i % 10) + '\\n---\\n\\nSave ' + i + '.\\n'); if (i >= 200) clearInterval(t) }, 50)`
  const child = spawn(process.execPath, ['-e', writer, path.join(dir, 'content/docs/v2/guide')], { stdio: 'inherit' })
  assert.is(await new Promise((resolve) => child.on('exit', resolve)), 0)
  await new Promise((r) => setTimeout(r, 400))
  await server.idle()
  const rebuilds = server.revision() - before
  assert.ok(rebuilds >= 1 && rebuilds <= 3, `${rebuilds} rebuilds`)
  assert.match((await get('/guide/burst-9/')).body, /Save 199\./)
  assert.match((await get('/guide/burst-0/')).body, /Save 190\./)
})

test('ws, chokidar and linkinator each have one importer; a normal build carries no dev client', async () => {
  const owners: Record<string, string> = { ws: 'src/serve/live-reload.ts', chokidar: 'src/serve/watch.ts', linkinator: 'src/check-links.ts' }
  const sources = ['src', 'theme'].flatMap((d) => (fs.readdirSync(path.join(ROOT, d), { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => `${d}/${f}`))
  for (const f of sources) {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8')
    for (const [lib, owner] of Object.entries(owners)) if (new RegExp(`^import (?!type ).*from ['"]${lib}['"]`, 'm').test(text)) assert.is(f, owner, `${lib} imported by ${f}`)
  }
  const result = await buildFixture('basic')
  for (const [file, body] of result.output) assert.not.match(String(body), /__docs-site|data-docs-site-dev|dev-client/, file)
})

test('port in use: non-zero exit with a clear message when --port is given, else the next free port', async () => {
  const blocker = net.createServer()
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r))
  const taken = (blocker.address() as net.AddressInfo).port
  const r = cli(['serve', '--root', dir, '--port', String(taken)])
  assert.is(r.code, 1, r.stdout + r.stderr)
  assert.match(r.stderr, new RegExp(`port ${taken} on 127\\.0\\.0\\.1 is already in use`))
  const other = await serve({ root: dir, port: taken, cache, log: () => undefined, logError: () => undefined })
  assert.ok(other.port > taken && other.port <= taken + 20, String(other.port))
  await other.close()
  blocker.close()
})

test.run()
