#!/usr/bin/env node
// Runs every test/*.test.ts in its own process (uvu + tsx) and prints one closing line
// "N passed, N failed" counting every test of every suite. Browser tests need Debian's Chromium:
// installed here when running as root, otherwise one line says how.
import { spawnSync, execSync } from 'node:child_process'
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
const files = fs
  .readdirSync('test')
  .filter((f) => f.endsWith('.test.ts'))
  // '*.slow.test.ts' files take minutes: they run only when named or with INCLUDE_SLOW=1 (.ci/run),
  // so CI's closing line counts them with the rest.
  .filter((f) =>
    only.length === 0
      ? process.env.INCLUDE_SLOW === '1' || !f.endsWith('.slow.test.ts')
      : only.some((o) => f.includes(o)),
  )
  .sort()
let passed = 0
let failed = 0
for (const file of files) {
  const t0 = Date.now()
  // A suite that hangs is killed and counted as failed, so CI ends with its line either way.
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('test', file)], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
    // The slow walks visit every page of a 400-page site at three widths: give them longer.
    timeout: (file.endsWith('.slow.test.ts') ? 40 : 10) * 60_000,
  })
  const out =
    (r.stdout ?? '') +
    (r.stderr ?? '') +
    (r.signal ? `\nkilled by ${r.signal} after ${((Date.now() - t0) / 1000).toFixed(0)} s\n` : '')
  const total = [...out.matchAll(/Total:\s+(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0)
  const ok = [...out.matchAll(/Passed:\s+(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0)
  const skipped = [...out.matchAll(/Skipped:\s+(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0)
  let bad = total - ok - skipped
  // A file that crashed or printed no summary counts as one failure, so "no tests ran" is visible.
  if (r.status !== 0 && bad === 0) bad = 1
  if (total === 0 && bad === 0) bad = 1
  passed += ok
  failed += bad
  console.log(
    `${bad ? '✗' : '✓'} ${file}: ${ok} passed, ${bad} failed (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  )
  if (bad) console.log(out.replace(/^/gm, '    '))
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
