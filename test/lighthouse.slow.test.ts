import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import lighthouse from 'lighthouse'
import { buildOrThrow, CHROMIUM, CHROMIUM_ARGS } from './helpers/browser.js'
import { serveStatic } from './helpers/static-server.js'
import { tempDir } from './helpers/index.js'

// Lighthouse (mobile preset: a mid-range phone on a slow 4G network, simulated) on one page of each
// kind of the N11S site, served as the deploy recipe serves it behind CloudFront: text
// gzip-compressed, assets/ cached for a year. Nothing is fetched from outside the loopback server.
//
// Accessibility, best practices and SEO do not depend on the machine: 100 on every run. The
// performance score does, a little: simulated throttling computes the network part of its timings
// from the page's requests, but scales the CPU part from what Chromium measured, and on a shared
// 2-core machine a busy moment turns into seconds of "total blocking time". At load 23–29, 15 runs
// read 100 twelve times, then 99, 85 and 68; at load 28–35 a first run read 71, the next 100. So every run must pass what does not move with the
// load (no layout shift at all, text compressed, a light page, no unused or unminified script and
// style, images sized and compressed), and the score is the best of up to three runs, which must
// reach 90. (Lighthouse's cache-lifetime audit passes on a loopback origin whatever the headers,
// so it is not asserted.)
const PAGES = {
  doc: '/integration/launch-game/',
  'API operation': '/api/bet/',
  'blog post': '/blog/first-integration/',
}
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const PERFORMANCE_FLOOR = 90
const ATTEMPTS = 3
/** Performance audits about bytes and layout, not time: the same result at any load. */
const LOAD_FREE = [
  'uses-text-compression',
  'total-byte-weight',
  'unused-javascript',
  'unused-css-rules',
  'unminified-javascript',
  'unminified-css',
  'legacy-javascript',
  'duplicated-javascript',
  'uses-optimized-images',
  'modern-image-formats',
  'uses-responsive-images',
  'offscreen-images',
  'unsized-images',
  'font-display',
]

let dir: string
let server: Awaited<ReturnType<typeof serveStatic>>
let chrome: ChildProcess
let port: number

/** Debian's Chromium with a DevTools port for Lighthouse, and nothing that reaches the network by itself. */
async function startChromium(profile: string): Promise<{ process: ChildProcess; port: number }> {
  const child = spawn(CHROMIUM, [
    ...CHROMIUM_ARGS,
    '--no-first-run',
    '--remote-debugging-port=0',
    `--user-data-dir=${profile}`,
    'about:blank',
  ])
  let stderr = ''
  const found = await new Promise<number>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr)
      if (m) resolve(Number(m[1]))
    })
    child.on('exit', (code) => reject(new Error(`chromium exited (${code}): ${stderr}`)))
  })
  return { process: child, port: found }
}

test.before(async () => {
  dir = tempDir('docs-site-lighthouse-')
  // The latest version and the blog (the pages audited) without v1's pages and the search index:
  // the same pages, a quarter of the build's time.
  buildOrThrow(['build', '--quiet', '--version', 'v2', '--out-dir', path.join(dir, 'site')])
  server = await serveStatic(path.join(dir, 'site'), { cdn: true })
  const started = await startChromium(path.join(dir, 'profile'))
  chrome = started.process
  port = started.port
})
test.after(async () => {
  if (chrome && chrome.exitCode === null) {
    const exited = new Promise((resolve) => chrome.once('exit', resolve))
    chrome.kill()
    await exited
  }
  await server?.close()
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 })
})

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

/** Scores out of 100 by category, and the audits that cost points (to say why in a failure). */
function summary(lhr: Result) {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<(typeof CATEGORIES)[number], number>
  const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN)
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && !['informative', 'manual'].includes(a.scoreDisplayMode))
    .map((a) => `${a.id} (${a.score})${a.displayValue ? ` ${a.displayValue}` : ''}`)
  const line =
    `${JSON.stringify(scores)}, FCP ${ms('first-contentful-paint')} ms, LCP ` +
    `${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms, benchmark index ` +
    `${lhr.environment.benchmarkIndex}, load ${os.loadavg()[0]!.toFixed(1)}`
  return { scores, failing, line }
}

/** What every run must show, whatever the machine's load. */
function checkLoadFree(lhr: Result, scores: Record<string, number>, failing: string[]) {
  assert.is(lhr.runtimeError, undefined, JSON.stringify(lhr.runtimeError))
  for (const c of ['accessibility', 'best-practices', 'seo'])
    assert.is(scores[c], 100, `${c} ${scores[c]}; audits below 1: ${failing.join(', ')}`)
  assert.is(lhr.audits['cumulative-layout-shift']?.numericValue, 0, 'no layout shift')
  for (const id of LOAD_FREE) assert.is(lhr.audits[id]?.score, 1, `${id}: ${lhr.audits[id]?.displayValue}`)
  // Everything the page loaded came from the loopback server (data: URIs aside).
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Array<{ url: string }> })?.items ?? []
  assert.ok(requests.length > 0, 'network requests recorded')
  assert.equal(
    requests.map((r) => r.url).filter((u) => !u.startsWith(server.url) && !u.startsWith('data:')),
    [],
  )
}

for (const [kind, route] of Object.entries(PAGES)) {
  test(`Lighthouse (mobile) on a ${kind}: ${route}`, async () => {
    let best = -1
    let why: string[] = []
    for (let attempt = 1; attempt <= ATTEMPTS && best < PERFORMANCE_FLOOR; attempt++) {
      const result = await lighthouse(server.url + route, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      })
      const lhr = result!.lhr
      const { scores, failing, line } = summary(lhr)
      // Printed for the README's table; the audits below 1 say what cost points.
      console.log(`  ${kind}, run ${attempt}: ${line}`)
      checkLoadFree(lhr, scores, failing)
      if (scores.performance > best) [best, why] = [scores.performance, failing]
    }
    assert.ok(
      best >= PERFORMANCE_FLOOR,
      `performance ${best} < ${PERFORMANCE_FLOOR} in ${ATTEMPTS} runs; audits below 1: ${why.join(', ')}`,
    )
  })
}

test.run()
