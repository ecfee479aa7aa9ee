import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkExternal } from '../src/links/crawl-external.js'
import { spawn } from 'node:child_process'
import { cli, ROOT, tempCopy } from './helpers/index.js'

// check-links --external against a local server with slow, failing and rate-limited routes:
// one request per URL, a per-host limit, a total time limit, retries only on 429/5xx after
// Retry-After, and what was skipped said.

interface Hit {
  readonly path: string
  readonly at: number
}

/** The CLI without blocking this process, whose event loop serves the routes meanwhile. */
function cliAsync(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/docs-site.js'), ...args], {
      env: { ...process.env, FORCE_COLOR: '0', GITHUB_ACTIONS: undefined },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d))
    child.stderr.on('data', (d: Buffer) => (stderr += d))
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
  })
}

async function startServer() {
  const hits: Hit[] = []
  let active = 0
  let maxActive = 0
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/'
    hits.push({ path: url, at: Date.now() })
    active++
    maxActive = Math.max(maxActive, active)
    const end = (status: number, headers: Record<string, string> = {}) => {
      active--
      res.writeHead(status, headers).end('body')
    }
    const count = hits.filter((h) => h.path === url).length
    if (url === '/ok') return end(200)
    if (url === '/missing') return end(404)
    if (url === '/down') return end(503)
    if (url === '/limited') return count === 1 ? end(429, { 'retry-after': '1' }) : end(200)
    if (url === '/limited-long') return end(429, { 'retry-after': '120' })
    if (url === '/slow') return void setTimeout(() => end(200), 10_000)
    if (url.startsWith('/busy/')) return void setTimeout(() => end(200), 150)
    end(500)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    hits,
    maxActive: () => maxActive,
    requests: (p: string) => hits.filter((h) => h.path === p),
    close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))),
  }
}

test('one request per distinct URL; 404 broken without retry; 503 retried then broken; 429 waits for Retry-After', async () => {
  const s = await startServer()
  try {
    const results = await checkExternal(
      [
        `${s.origin}/ok`,
        `${s.origin}/ok#a`,
        `${s.origin}/ok#b`,
        `${s.origin}/missing`,
        `${s.origin}/down`,
        `${s.origin}/limited`,
      ],
      { totalMs: 20_000, backoffMs: 50, retries: 2 },
    )
    assert.is(s.requests('/ok').length, 1)
    assert.equal(results.get(`${s.origin}/ok`), { state: 'ok', status: 200 })
    assert.is(s.requests('/missing').length, 1)
    assert.is(results.get(`${s.origin}/missing`)?.state, 'broken')
    assert.is(s.requests('/down').length, 3)
    assert.equal(results.get(`${s.origin}/down`), {
      state: 'broken',
      status: 503,
      reason: '503 Service Unavailable',
    })
    const limited = s.requests('/limited')
    assert.is(limited.length, 2)
    assert.ok(limited[1]!.at - limited[0]!.at >= 950, 'the retry waited for Retry-After: 1')
    assert.equal(results.get(`${s.origin}/limited`), { state: 'ok', status: 200 })
  } finally {
    await s.close()
  }
})

test('per-host limit; the time limit skips what is unanswered and a Retry-After past it', async () => {
  const s = await startServer()
  try {
    const busy = Array.from({ length: 8 }, (_, i) => `${s.origin}/busy/${i}`)
    const results = await checkExternal([...busy, `${s.origin}/slow`, `${s.origin}/limited-long`], {
      perHost: 2,
      totalMs: 1500,
    })
    assert.is(s.maxActive(), 2)
    for (const u of busy) assert.equal(results.get(u), { state: 'ok', status: 200 })
    assert.equal(results.get(`${s.origin}/slow`), { state: 'skipped', reason: 'time limit reached' })
    assert.is(s.requests('/limited-long').length, 1)
    assert.equal(results.get(`${s.origin}/limited-long`), {
      state: 'skipped',
      reason: '429, asked to retry after 120 s, past the time limit',
    })
  } finally {
    await s.close()
  }
})

test('check-links --external: broken external links by page, exit 2, and a summary of what was skipped', async () => {
  const s = await startServer()
  try {
    const dir = tempCopy('basic')
    assert.is(cli(['build', '--root', dir, '--quiet']).code, 0)
    const page = path.join(dir, 'build/guide/setup/index.html')
    const links = ['/ok', '/ok#x', '/missing', '/slow'].map((p) => `<a href="${s.origin}${p}">x</a>`).join('')
    fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace('</main>', `${links}</main>`))
    const r = await cliAsync(['check-links', '--root', dir, '--external', '--time-limit', '2'])
    assert.is(r.code, 2, r.stdout + r.stderr)
    assert.match(r.stderr, `broken link on /guide/setup/ -> linking to ${s.origin}/missing (404 Not Found)`)
    assert.not.match(r.stderr, '/ok')
    assert.match(r.stdout, `1 external link not checked:\n  ${s.origin}/slow (time limit reached)`)
    assert.is(s.requests('/ok').length, 1)
    const bad = await cliAsync(['check-links', '--root', dir, '--external', '--per-host', '0'])
    assert.is(bad.code, 3)
    assert.match(bad.stderr, /--per-host must be a whole number above 0/)
  } finally {
    await s.close()
  }
})

test.run()
