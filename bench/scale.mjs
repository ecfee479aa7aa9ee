#!/usr/bin/env node
// npm run bench:scale — builds the synthetic corpus at growing sizes and prints, per size: pages,
// wall, CPU, peak RSS, output size, and the wall-time ratio to the smallest size (linear cost means
// the ratio follows the page count). Sizes: SCALE="250 2500" (doc pages per version per locale);
// add 5000 when the machine has the time.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const sizes = (process.env.SCALE ?? '250 2500').split(/\s+/).filter(Boolean).map(Number)
const rows = []
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
for (const n of sizes) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docs-site-scale-${n}-`))
  const g = spawnSync(
    process.execPath,
    [path.join(root, 'bench/gen-corpus.mjs'), '--layout', 'docs-site', '--pages', String(n), '--out', dir],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
  if (g.status !== 0) process.exit(g.status ?? 1)
  const t0 = performance.now()
  const r = spawnSync(
    '/usr/bin/time',
    ['-v', process.execPath, path.join(root, 'bin/docs-site.js'), 'build', '--root', dir, '--quiet'],
    { encoding: 'utf8' },
  )
  const wall = (performance.now() - t0) / 1000
  if (r.status !== 0) {
    console.error(`N=${n}: build failed\n${r.stdout}\n${r.stderr}`)
    process.exit(1)
  }
  const num = (re) => Number(re.exec(r.stderr)?.[1] ?? NaN)
  const cpu = num(/User time \(seconds\): ([\d.]+)/) + num(/System time \(seconds\): ([\d.]+)/)
  const rss = num(/Maximum resident set size \(kbytes\): (\d+)/) / 1024
  const pages = Number(/✔ (\d+) pages/.exec(r.stdout)?.[1] ?? 0)
  const du = spawnSync('du', ['-sm', path.join(dir, 'build')], { encoding: 'utf8' })
  const outMb = Number(du.stdout.split(/\s/)[0])
  rows.push({ n, pages, wall, cpu, rss, outMb })
  const first = rows[0]
  console.log(
    `N=${String(n).padStart(5)}  ${String(pages).padStart(6)} pages  wall ${wall.toFixed(1).padStart(6)} s  CPU ${cpu.toFixed(1).padStart(6)} s  peak RSS ${rss.toFixed(0).padStart(5)} MB  output ${String(outMb).padStart(5)} MB  ×${(wall / first.wall).toFixed(1)} time for ×${(pages / first.pages).toFixed(1)} pages`,
  )
  fs.rmSync(dir, { recursive: true, force: true })
}
