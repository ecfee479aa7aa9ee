#!/usr/bin/env node
// npm run bench:serve — docs-site serve on the synthetic corpus (SERVE_PAGES, default 400 doc pages
// per version per locale): command → first page, six saves of one doc each timed until the new text
// is on screen in Chromium, then 3 waves of 1,000 concurrent GETs (p50/p99, errors), then SIGTERM →
// exit.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchChromium } from '../test/helpers/chromium.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const n = Number(process.env.SERVE_PAGES ?? 400)
const port = 4700 + Math.floor(Math.random() * 200)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docs-site-serve-${n}-`))
spawnSync(
  process.execPath,
  [path.join(root, 'bench/gen-corpus.mjs'), '--layout', 'docs-site', '--pages', String(n), '--out', dir],
  { stdio: ['ignore', 'ignore', 'inherit'] },
)
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)

// A real project has its dependencies installed: docs-site keeps its caches under node_modules/.cache.
fs.mkdirSync(path.join(dir, 'node_modules'))

/**
 * GET `p`. With `keep: false` the body is read to its end and dropped, as a browser's network
 * stack takes it: the waves time the server, and decoding 50 MB of pages into strings per wave
 * cost this process as much CPU as the server used, on the same two cores.
 */
const get = (p, { keep = true } = {}) =>
  new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: p, agent: false }, (res) => {
      let body = ''
      res.on('data', (d) => void (keep && (body += d)))
      res.on('end', () => resolve({ status: res.statusCode, body }))
    })
    req.on('error', (e) => resolve({ status: 0, body: String(e) }))
  })
/** Three rounds of 1,000 concurrent GETs against a throwaway local server (see the waves). */
async function warmClient() {
  const body = Buffer.alloc(32_000, 'x')
  const server = http.createServer((_, res) => res.end(body))
  await new Promise((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve))
  const { port: p } = server.address()
  for (let round = 0; round < 3; round++)
    await Promise.all(
      Array.from(
        { length: 1000 },
        () =>
          new Promise((resolve) =>
            http
              .get({ host: '127.0.0.1', port: p, path: '/', agent: false }, (res) =>
                res.resume().on('end', resolve),
              )
              .on('error', resolve),
          ),
      ),
    )
  await new Promise((resolve) => server.close(resolve))
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]

/** CPU time (user + sys, every thread) of a process so far, in ms; undefined off Linux. */
const cpuOf = (pid) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100
  } catch {
    return undefined
  }
}
const cpuText = (ms) => (ms === undefined ? '' : `, ${(ms / 1000).toFixed(2)} s CPU`)

/**
 * Starts serve and waits for the home page (a doc: the version's intro has slug /); resolves with
 * the child, the time it took and the CPU time serve had used by then. The server's own lines
 * (the time each save took on its side) are collected in `lines`.
 */
async function start() {
  const t0 = performance.now()
  const child = spawn(
    process.execPath,
    [path.join(root, 'bin/docs-site.js'), 'serve', '--root', dir, '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const lines = []
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (d) => lines.push(...d.split('\n').filter(Boolean)))
  for (;;) {
    const r = await get('/')
    if (r.status === 200 && r.body.includes('class="markdown"') && r.body.trimEnd().endsWith('</html>')) break
    await sleep(20)
  }
  return { child, lines, ms: performance.now() - t0, cpu: cpuOf(child.pid) }
}
// The CLI compiles itself once per change of its sources: not part of the figure.
spawnSync(process.execPath, [path.join(root, 'bin/docs-site.js'), '--version'], { stdio: 'ignore' })
const { child, lines, ms: first, cpu } = await start()
console.log(
  `command → first page (first start, nothing cached): ${(first / 1000).toFixed(2)} s${cpuText(cpu)}`,
)

// The doc to edit: the first page linked from the home page's sidebar.
const home = (await get('/')).body
const href = [...home.matchAll(/class="menu-link[^"]*" href="(\/[^"]+\/)"/g)]
  .map((m) => m[1])
  .find((h) => h !== '/')
const file = fs
  .readdirSync(path.join(dir, 'content/docs'), { recursive: true })
  .map((f) => path.join(dir, 'content/docs', f))
  .find((f) => f.endsWith('.md') && f.includes(href.split('/').filter(Boolean).at(-1)))
const browser = await launchChromium()
const page = await browser.newPage()
await page.goto(`http://localhost:${port}${href}`)
await sleep(1500)
const original = fs.readFileSync(file, 'utf8')
const saves = []
for (let i = 1; i <= 6; i++) {
  const marker = `Bench edit number ${i} at ${Date.now()}`
  // Runs in the page. Polled every 10 ms, not on animation frames: headless Chromium sometimes
  // runs no frame for two seconds, which read as a two-second save one time in ten.
  // eslint-disable-next-line no-undef
  const visible = page.waitForFunction((m) => document.body.innerText.includes(m), marker, {
    polling: 10,
    timeout: 60_000,
  })
  const s0 = performance.now()
  fs.writeFileSync(file, original + `\n\n${marker}\n`)
  await visible
  saves.push(performance.now() - s0)
  await sleep(800)
}
fs.writeFileSync(file, original)
console.log(
  `save → visible: ${saves.map((s) => Math.round(s)).join(', ')} ms (median ${Math.round(pct(saves, 0.5))} ms)`,
)
// The server's part: from the watcher's batch to the browsers told (its "✔ file in N ms" lines).
const taken = lines.filter((l) => /^✔ \S+\.md in \d+ ms/.test(l)).map((l) => l.match(/in (\d+) ms/)[1])
console.log(`  of which serve took the save in: ${taken.join(', ')} ms`)
await browser.close()
await sleep(1500)

// The load generator is a Node process on the same two cores: its own HTTP client runs cold for
// its first thousand requests (~0.7 s of CPU, against ~0.3 s warm), time the waves then charged to
// serve. It warms up against a server of its own first, so the waves time serve, as readers'
// browsers (native code, other machines) would see it.
await warmClient()
const routes = [...home.matchAll(/href="(\/[^"#]*\/)"/g)].map((m) => m[1])
console.log(`waves over the ${new Set(routes).size} pages the home page links to`)
for (let wave = 1; wave <= 3; wave++) {
  const times = []
  let errors = 0
  const c0 = cpuOf(child.pid)
  await Promise.all(
    Array.from({ length: 1000 }, async (_, i) => {
      const s = performance.now()
      if ((await get(routes[i % routes.length], { keep: false })).status !== 200) errors++
      times.push(performance.now() - s)
    }),
  )
  console.log(
    `wave ${wave}: 1,000 concurrent GETs, ${errors} errors, p50 ${Math.round(pct(times, 0.5))} ms, p99 ${Math.round(pct(times, 0.99))} ms${c0 === undefined ? '' : `; serve used ${Math.round(cpuOf(child.pid) - c0)} ms of CPU`}`,
  )
}
console.log(`serve's CPU so far: ${((cpuOf(child.pid) ?? 0) / 1000).toFixed(1)} s`)
const k0 = performance.now()
child.kill('SIGTERM')
await new Promise((r) => child.on('exit', r))
console.log(`SIGTERM → exit: ${Math.round(performance.now() - k0)} ms`)
// A writer's next start: front matter and highlighted code are kept from the last one.
const again = await start()
console.log(
  `command → first page (next start, caches warm): ${(again.ms / 1000).toFixed(2)} s${cpuText(again.cpu)}`,
)
console.log(
  `load after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
again.child.kill('SIGTERM')
await new Promise((r) => again.child.on('exit', r))
fs.rmSync(dir, { recursive: true, force: true })
