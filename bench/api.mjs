#!/usr/bin/env node
// The API reference's cost as specs grow: generates OpenAPI documents of 250 and 2,500 operations
// with large schemas (bench/gen-spec.mjs), builds each as the API reference of a one-page site
// (an `api` sidebar, as a real site has) in a child process, and prints wall time, the OpenAPI
// stage, CPU, peak RSS, pages, the API pages' HTML and the largest page. OPS="300 3000" picks
// other sizes (300 is the size of the real document with very large schemas the target names).
// The machine's load average is printed before each build; REPEAT=3 builds each size three times
// and prints the medians.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { timedBuild } from './timed-build.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const sizes = (process.env.OPS ?? '250 2500').split(/\s+/).filter(Boolean).map(Number)
const repeat = Math.max(1, Number(process.env.REPEAT ?? 1))
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
const results = []
// The builds' folders are removed at the end, not after each build: ext4 skips inodes freed in the
// last minute or more when it allocates new ones, so a build right after removing thousands of
// files spends seconds of system time scanning for free inodes (perf: recently_deleted,
// find_inode_bit), which is the file system's cost, not docs-site's.
const made = []
process.on('exit', () => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))
for (const ops of sizes) {
  const runs = []
  for (let i = 0; i < repeat; i++) runs.push(buildOnce(ops))
  const pick = (k) => median(runs.map((r) => r[k]))
  const m = {
    ops,
    wall: pick('wall'),
    stage: pick('stage'),
    cpu: pick('cpu'),
    rssMb: pick('rssMb'),
    pages: runs[0].pages,
    largest: pick('largest'),
  }
  results.push(m)
  if (repeat > 1)
    console.log(
      `median of ${repeat}, ${ops} operations: ${m.wall.toFixed(2)} s wall (OpenAPI stage ${m.stage.toFixed(2)} s), ${m.cpu.toFixed(2)} s CPU, ${m.rssMb.toFixed(0)} MB peak, largest page ${(m.largest / 1024).toFixed(0)} KB`,
    )
}

/** Generates a spec of `ops` operations, builds it in a child process and measures the build. */
function buildOnce(ops) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docs-site-api-bench-${ops}-`))
  fs.mkdirSync(path.join(dir, 'content/docs/v1'), { recursive: true })
  fs.mkdirSync(path.join(dir, 'swagger'))
  fs.writeFileSync(
    path.join(dir, 'content/docs/v1/index.md'),
    '---\ntitle: Overview\n---\n\nThe [API reference](/api/) of a generated spec.\n',
  )
  fs.writeFileSync(
    path.join(dir, 'docs-site.config.mjs'),
    `export default { title: 'API bench', docs: { versions: [{ name: 'v1' }], sidebars: { docs: ['index'], api: [{ type: 'api' }] } } }\n`,
  )
  const g = spawnSync(
    process.execPath,
    [path.join(root, 'bench/gen-spec.mjs'), '--ops', String(ops), '--out', path.join(dir, 'swagger/v1.yaml')],
    { stdio: 'inherit' },
  )
  if (g.status !== 0) process.exit(g.status ?? 1)
  const before = load()
  const { wall, cpu, rssMb, pages, stdout } = timedBuild(dir, [])
  const stage = Number(/openapi\s+(\d+) ms/.exec(stdout)?.[1] ?? NaN) / 1000
  let largest = 0
  let html = 0
  for (const f of fs.readdirSync(path.join(dir, 'build/api'), { recursive: true })) {
    if (!String(f).endsWith('.html')) continue
    const size = fs.statSync(path.join(dir, 'build/api', String(f))).size
    largest = Math.max(largest, size)
    html += size
  }
  console.log(
    `spec of ${ops} operations: ${wall.toFixed(2)} s wall (OpenAPI stage ${stage.toFixed(2)} s), ${cpu.toFixed(2)} s CPU, ${rssMb.toFixed(0)} MB peak, ${pages} pages, ${(html / 1e6).toFixed(0)} MB of HTML, largest page ${(largest / 1024).toFixed(0)} KB; target ≤ ${(1.5 + 0.012 * ops).toFixed(1)} s (1.5 s + 12 ms per operation); load average before ${before}, after ${load()}`,
  )
  made.push(dir)
  return { ops, wall, stage, cpu, rssMb, pages, largest }
}
if (results.length >= 2) {
  const [a, b] = [results[0], results.at(-1)]
  console.log(
    `scaling: ${(b.ops / a.ops).toFixed(0)}× the operations took ${(b.wall / a.wall).toFixed(1)}× the time (target ≤ ${((b.ops / a.ops) * 1.2).toFixed(0)}×)`,
  )
}
