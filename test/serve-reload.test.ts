import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { DevServer } from '../src/serve/index.js'
import { createLiveReload } from '../src/serve/live-reload.js'
import { cache, tempCopy } from './helpers/index.js'
import { getFrom, liveClient, serveQuietly, tokenOf, type LiveClient } from './helpers/serve-client.js'

// checklist E: rebuild, reload, error overlay and recovery, bursts, config changes, heartbeat.

let dir = ''
let server: DevServer
let token = ''
const get = (target: string) => getFrom(server.port, target)
const setup = () => path.join(dir, 'content/docs/v2/guide/setup.md')

test.before(async () => {
  dir = tempCopy('basic')
  fs.writeFileSync(path.join(dir, 'site-title.ts'), "export const siteTitle = 'Fixture Docs'\n")
  fs.writeFileSync(
    path.join(dir, 'docs-site.config.ts'),
    "import { defineConfig } from 'docs-site'\nimport { siteTitle } from './site-title'\nexport default defineConfig({ title: siteTitle })\n",
  )
  server = await serveQuietly({ root: dir, cache })
  token = tokenOf((await get('/')).body)
})
test.after(() => server.close())

test('edit a page → each of 50 clients gets exactly one reload, and the page shows the edit', async () => {
  const clients: LiveClient[] = await Promise.all(
    Array.from({ length: 50 }, () => liveClient(server.port, token)),
  )
  await Promise.all(clients.map((c) => c.next((m) => m.type === 'init')))
  const before = server.revision()
  fs.writeFileSync(setup(), fs.readFileSync(setup(), 'utf8') + '\nFreshly edited paragraph.\n')
  const reloads = await Promise.all(clients.map((c) => c.next((m) => m.type === 'reload')))
  assert.ok(reloads.every((m) => m.revision === before + 1))
  assert.match((await get('/guide/setup/')).body, /Freshly edited paragraph\./)
  assert.match((await get('/vi/guide/setup/')).body, /Freshly edited paragraph\./)
  await new Promise((r) => setTimeout(r, 300))
  await server.idle()
  assert.ok(
    clients.every((c) => c.all.filter((m) => m.type === 'reload').length === server.revision() - before),
  )
  assert.is(server.revision(), before + 1)
  clients.forEach((c) => c.ws.close())
})

test('broken front matter → error overlay with file:line, last good page still served; fix → reload', async () => {
  const { ws, next } = await liveClient(server.port, token)
  const good = fs.readFileSync(setup(), 'utf8')
  fs.writeFileSync(setup(), '---\ntitle: Setup: broken\n---\n\nBroken body.\n')
  const err = await next((m) => m.type === 'error')
  const errors = err.diagnostics!.filter((d) => d.severity === 'error')
  assert.is(errors.length, 1, JSON.stringify(err.diagnostics))
  assert.match(errors[0]!.where, /^content\/docs\/v2\/guide\/setup\.md:2:\d+$/)
  assert.match(errors[0]!.text, /> 2 \| title: Setup: broken/)
  const page = await get('/guide/setup/')
  assert.is(page.status, 200)
  assert.match(page.body, /Freshly edited paragraph\./)
  // A page opened now gets the overlay straight away.
  const late = await liveClient(server.port, token)
  assert.ok((await late.next((m) => m.type === 'init')).diagnostics?.length)
  fs.writeFileSync(setup(), good.replace('Freshly edited', 'Fixed'))
  await next((m) => m.type === 'reload')
  assert.match((await get('/guide/setup/')).body, /Fixed paragraph\./)
  assert.not.ok((await late.next((m) => m.type === 'reload')).diagnostics)
  ws.close()
  late.ws.close()
})

test('the config and the files it imports are watched: edit → reload; a bad value → overlay; fix → reload', async () => {
  const { ws, next } = await liveClient(server.port, token)
  assert.match((await get('/')).body, /Fixture Docs/)
  fs.writeFileSync(path.join(dir, 'site-title.ts'), "export const siteTitle = 'Renamed Docs'\n")
  await next((m) => m.type === 'reload')
  assert.match((await get('/')).body, /Renamed Docs/)
  const config = path.join(dir, 'docs-site.config.ts')
  const good = fs.readFileSync(config, 'utf8')
  fs.writeFileSync(config, good.replace('title: siteTitle', 'title: 42'))
  const err = await next((m) => m.type === 'error')
  assert.match(
    err.diagnostics![0]!.text,
    /^docs-site\.config\.ts:\d+:\d+: error: "title" must be a string, got number \[config\]/,
  )
  assert.match((await get('/')).body, /Renamed Docs/)
  // Saving a page meanwhile does not hide the broken config.
  fs.appendFileSync(setup(), '\nMore.\n')
  assert.match((await next((m) => m.type === 'error' || m.type === 'reload')).type, /^error$/)
  fs.writeFileSync(config, good)
  await next((m) => m.type === 'reload')
  ws.close()
})

test('200 saves across 10 files in about a second: at most 3 rebuilds, the last content wins', async () => {
  await server.idle()
  const before = server.revision()
  // The saves come from another process, as an editor's do: this one is busy rebuilding.
  const writer = `const fs = require('fs'); let i = 0; const t = setInterval(() => { for (let k = 0; k < 10; k++, i++) fs.writeFileSync(process.argv[1] + '/burst-' + (i % 10) + '.md', '---\\ntitle: Burst ' + (i % 10) + '\\n---\\n\\nSave ' + i + '.\\n'); if (i >= 200) clearInterval(t) }, 50)`
  const child = spawn(process.execPath, ['-e', writer, path.join(dir, 'content/docs/v2/guide')], {
    stdio: 'inherit',
  })
  assert.is(await new Promise((resolve) => child.on('exit', resolve)), 0)
  await new Promise((r) => setTimeout(r, 400))
  await server.idle()
  const rebuilds = server.revision() - before
  assert.ok(rebuilds >= 1 && rebuilds <= 3, `${rebuilds} rebuilds`)
  assert.match((await get('/guide/burst-9/')).body, /Save 199\./)
  assert.match((await get('/guide/burst-0/')).body, /Save 190\./)
})

test('a broken link saved into a page shows in the overlay when the page is previewed; the fix clears it', async () => {
  const { ws, next } = await liveClient(server.port, token)
  const good = fs.readFileSync(setup(), 'utf8')
  fs.writeFileSync(setup(), good + '\nSee [the missing page](/guide/no-such-page/).\n')
  await next((m) => m.type === 'reload')
  const page = await get('/guide/setup/')
  assert.is(page.status, 200)
  assert.match(page.body, /the missing page/)
  const err = await next((m) => m.type === 'error')
  assert.match(err.diagnostics![0]!.text, /\/guide\/no-such-page\//)
  assert.match(err.diagnostics![0]!.code, 'broken-link')
  fs.writeFileSync(setup(), good)
  await next((m) => m.type === 'reload')
  await get('/guide/setup/')
  const late = await liveClient(server.port, token)
  assert.not.ok((await late.next((m) => m.type === 'init')).diagnostics)
  ws.close()
  late.ws.close()
})

test("a page's new title reaches the sidebar of every other page; a deleted page is a 404", async () => {
  const { ws, next } = await liveClient(server.port, token)
  const extra = path.join(dir, 'content/docs/v2/guide/ephemeral.md')
  fs.writeFileSync(extra, '---\ntitle: Ephemeral page\n---\n\nHere for a while.\n')
  await next((m) => m.type === 'reload')
  assert.match((await get('/')).body, />Ephemeral page</)
  fs.writeFileSync(extra, '---\ntitle: Renamed ephemeral page\n---\n\nHere for a while.\n')
  await next((m) => m.type === 'reload')
  const home = (await get('/')).body
  assert.match(home, />Renamed ephemeral page</)
  assert.not.match(home, />Ephemeral page</)
  fs.rmSync(extra)
  await next((m) => m.type === 'reload')
  assert.is((await get('/guide/ephemeral/')).status, 404)
  assert.not.match((await get('/')).body, /ephemeral page</i)
  ws.close()
})

test('a save of the text alone reloads only the pages that show it; a new title reloads every page', async () => {
  await server.idle()
  const { ws, next } = await liveClient(server.port, token)
  const intro = path.join(dir, 'content/docs/v2/guide/intro.md')
  const good = fs.readFileSync(intro, 'utf8')
  fs.writeFileSync(intro, good + '\nA sentence added while previewing.\n')
  const text = await next((m) => m.type === 'reload')
  // The English page and its fallback in Vietnamese (no translation there) show the same doc.
  assert.equal(text.paths, ['/guide/intro/', '/vi/guide/intro/'])
  assert.match((await get('/guide/intro/')).body, /A sentence added while previewing\./)
  assert.match((await get('/vi/guide/intro/')).body, /A sentence added while previewing\./)
  fs.writeFileSync(intro, good.replace(/^title: .*$/m, 'title: Introduction, renamed'))
  const title = await next((m) => m.type === 'reload')
  assert.is(title.paths, undefined)
  assert.match((await get('/guide/setup/')).body, />Introduction, renamed</)
  fs.writeFileSync(intro, good)
  await next((m) => m.type === 'reload')
  ws.close()
})

test('after a save of one page, the pages rendered before it are served again under the new revision, the saved one in every locale anew', async () => {
  await server.idle()
  const strip = (html: string) => html.replace(/ data-revision="\d+"/, '')
  const intro = (await get('/guide/intro/')).body
  await get('/guide/setup/')
  await get('/vi/guide/setup/')
  const { ws, next } = await liveClient(server.port, token)
  const good = fs.readFileSync(setup(), 'utf8')
  fs.writeFileSync(setup(), good + '\nWritten after both pages were shown.\n')
  const reload = await next((m) => m.type === 'reload')
  assert.match((await get('/guide/setup/')).body, /Written after both pages were shown\./)
  assert.match((await get('/vi/guide/setup/')).body, /Written after both pages were shown\./)
  const again = (await get('/guide/intro/')).body
  // The dev client compares this number with the next reload's: a stale one would miss it.
  assert.match(again, new RegExp(`data-revision="${reload.revision}"`))
  assert.is(strip(again), strip(intro))
  fs.writeFileSync(setup(), good)
  await next((m) => m.type === 'reload')
  ws.close()
})

test('a client that vanished without a close frame is reaped by the heartbeat', async () => {
  const bare = http.createServer()
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r))
  const port = (bare.address() as net.AddressInfo).port
  const live = createLiveReload({
    server: bare,
    path: '/ws',
    token: 't0ken',
    hosts: () => ({ port, names: [], anyIp: false }),
    hello: () => ({ type: 'init', revision: 1 }),
    heartbeatMs: 100,
  })
  try {
    // A raw socket completes the handshake, then never answers a ping: a laptop that went to sleep.
    const socket = net.connect(port, '127.0.0.1')
    socket.write(
      `GET /ws?token=t0ken HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    )
    const first = await new Promise<string>((r) => socket.once('data', (d) => r(d.toString('latin1'))))
    assert.match(first, /^HTTP\/1\.1 101/)
    assert.is(live.clientCount(), 1)
    await Promise.race([
      new Promise((resolve) => socket.once('close', resolve)),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ])
    assert.ok(socket.destroyed, 'the silent client was not dropped')
    for (let i = 0; i < 50 && live.clientCount() > 0; i++) await new Promise((r) => setTimeout(r, 20))
    assert.is(live.clientCount(), 0)
  } finally {
    live.close()
    bare.close()
  }
})

test('two saves of one file 20 ms apart (an editor, then its formatter): the second one is shown', async () => {
  // chokidar drops a second change of a file within 50 ms of the first; serve must not keep the
  // first save's text on screen.
  await server.idle()
  await new Promise((r) => setTimeout(r, 1100))
  const good = fs.readFileSync(setup(), 'utf8')
  fs.writeFileSync(setup(), good + '\nFirst save, unformatted.\n')
  await new Promise((r) => setTimeout(r, 20))
  fs.writeFileSync(setup(), good + '\nSecond save, formatted.\n')
  const deadline = Date.now() + 5000
  let body = ''
  while (Date.now() < deadline) {
    await server.idle()
    body = (await get('/guide/setup/')).body
    if (/Second save, formatted\./.test(body)) break
    await new Promise((r) => setTimeout(r, 50))
  }
  assert.match(body, /Second save, formatted\./)
  fs.writeFileSync(setup(), good)
  await new Promise((r) => setTimeout(r, 300))
  await server.idle()
})

test.run()
