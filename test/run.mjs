#!/usr/bin/env node
// Runs every test/*.test.ts in its own process (uvu + tsx) and prints one closing line
// "N passed, N failed" counting every test of every suite. Browser tests need Debian's Chromium:
// installed here when running as root, otherwise one line says how.
import { spawn, execSync } from 'node:child_process'
import os from 'node:os'
import fs from 'node:fs'
import path from 'node:path'

const CHROMIUM = '/usr/bin/chromium'
if (!fs.existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium (apt-get)…")
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    })
  } else {
    console.error(
      'Chromium is missing: run `sudo apt-get update && sudo apt-get install -y chromium`, then `npm test` again.',
    )
    process.exit(1)
  }
}

const only = process.argv.slice(2)
const slowSuites = (process.env.SLOW_SUITES ?? '').split(',').filter(Boolean)
const files = fs
  .readdirSync('test')
  .filter((f) => f.endsWith('.test.ts'))
  // '*.slow.test.ts' files take minutes: they run only when named, with INCLUDE_SLOW=1 (all of
  // them) or SLOW_SUITES=a,b (those whose names contain a or b: .ci/run), so that CI's closing line
  // counts them with the rest.
  .filter((f) =>
    only.length === 0
      ? process.env.INCLUDE_SLOW === '1' ||
        !f.endsWith('.slow.test.ts') ||
        slowSuites.some((s) => f.includes(s))
      : only.some((o) => f.includes(o)),
  )
  .sort()
let passed = 0
let failed = 0

/** Runs one suite in its own process; resolves with its output and how it ended. */
function runFile(file) {
  const t0 = Date.now()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('test', file)], {
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    // A suite that hangs is killed and counted as failed, so CI ends with its line either way.
    // The slow walks visit every page of a 400-page site at three widths, or twice with axe:
    // give them longer. On a slow host (2026-11-28 afternoon: 1.6-1.9 s a page for axe, builds at
    // 2.5× their usual time) the axe walk beside the other suites passed 40 minutes.
    const limit = (file.endsWith('.slow.test.ts') ? 60 : 10) * 60_000
    let killed = ''
    const timer = setTimeout(() => {
      killed = 'SIGKILL'
      child.kill('SIGKILL')
    }, limit)
    child.on('close', (status, signal) => {
      clearTimeout(timer)
      const secs = ((Date.now() - t0) / 1000).toFixed(0)
      if (killed || signal) out += `\nkilled by ${killed || signal} after ${secs} s\n`
      resolve({ file, out, status, ms: Date.now() - t0 })
    })
  })
}

function report({ file, out, status, ms }) {
  const total = [...out.matchAll(/Total:\s+(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0)
  const ok = [...out.matchAll(/Passed:\s+(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0)
  const skipped = [...out.matchAll(/Skipped:\s+(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0)
  let bad = total - ok - skipped
  // A file that crashed or printed no summary counts as one failure, so "no tests ran" is visible.
  if (status !== 0 && bad === 0) bad = 1
  if (total === 0 && bad === 0) bad = 1
  passed += ok
  failed += bad
  console.log(`${bad ? '✗' : '✓'} ${file}: ${ok} passed, ${bad} failed (${(ms / 1000).toFixed(1)} s)`)
  if (bad) console.log(out.replace(/^/gm, '    '))
}

// Suites run TEST_JOBS at a time (default: one per core, at most 2): most of a suite's time is
// spent waiting on a browser, a child build or a server, so two share two cores well. Each prints
// its lines when it ends. TEST_JOBS=1 runs them one after another.
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || Math.min(2, os.cpus().length))
// Longest first, so the last suites to start are short ones.
const queue = [...files].sort((a, b) => weight(b) - weight(a))
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) report(await runFile(file))
  }),
)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)

/** Suites that drive a browser or build the whole N11S site take longest. */
function weight(file) {
  const text = fs.readFileSync(path.join('test', file), 'utf8')
  return (
    (/launchChromium|openSite/.test(text) ? 2 : 0) +
    (/buildOrThrow\(\['build'|loadConfig\(ROOT/.test(text) ? 1 : 0)
  )
}
