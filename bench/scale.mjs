#!/usr/bin/env node
// npm run bench:scale — builds the synthetic corpus at growing sizes and prints, per size: pages,
// wall, CPU, peak RSS, output size, and the wall-time ratio to the smallest size (linear cost means
// the ratio follows the page count). Sizes: SCALE="250 2500" (doc pages per version per locale);
// add 5000 when the machine has the time. The load average is printed with each row: on a shared
// machine wall time means little when it is high (CPU time and peak RSS hold better).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { timedBuild } from './timed-build.mjs'

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
  const { wall, cpu, rssMb: rss, pages } = timedBuild(dir)
  const du = spawnSync('du', ['-sm', path.join(dir, 'build')], { encoding: 'utf8' })
  const outMb = Number(du.stdout.split(/\s/)[0])
  rows.push({ n, pages, wall, cpu, rss, outMb })
  const first = rows[0]
  console.log(
    `N=${String(n).padStart(5)}  ${String(pages).padStart(6)} pages  wall ${wall.toFixed(1).padStart(6)} s  CPU ${cpu.toFixed(1).padStart(6)} s  peak RSS ${rss.toFixed(0).padStart(5)} MB  output ${String(outMb).padStart(5)} MB  ×${(wall / first.wall).toFixed(1)} time for ×${(pages / first.pages).toFixed(1)} pages  (load after: ${os.loadavg()[0].toFixed(1)})`,
  )
  fs.rmSync(dir, { recursive: true, force: true })
}
