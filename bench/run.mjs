#!/usr/bin/env node
// npm run bench: generates the synthetic corpus (bench/gen-corpus.mjs, 150 pages per
// version and locale unless PAGES is set), builds it with docs-site in a child process and prints
// wall time, CPU time, peak RSS, pages per second and the gzipped JS and CSS a doc page loads; then
// the same for an unchanged rebuild (nothing changed: the output is kept) and for a rebuild after
// one page's text changed (every page built again, the caches warm).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { timedBuild } from './timed-build.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const gen = process.env.GEN_CORPUS ?? path.join(root, 'bench/gen-corpus.mjs')
const pages = process.env.PAGES ?? '150'
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-site-bench-'))
const g = spawnSync(process.execPath, [gen, '--layout', 'docs-site', '--pages', pages, '--out', dir], {
  stdio: 'inherit',
})
if (g.status !== 0) process.exit(g.status ?? 1)

// An installed project has node_modules, where docs-site keeps its highlight cache: cold runs
// start without the cache and the output, unchanged rebuilds with both from the run before.
const cache = path.join(dir, 'node_modules/.cache')
fs.mkdirSync(cache, { recursive: true })
const edited = fs
  .readdirSync(path.join(dir, 'content/docs'), { recursive: true })
  .map((f) => path.join(dir, 'content/docs', String(f)))
  .find((f) => f.endsWith('.md'))
const timed = (cold, edit = false) =>
  Array.from({ length: Number(process.env.RUNS ?? 3) }, (_, i) => {
    if (cold) for (const d of [path.join(dir, 'build'), cache]) fs.rmSync(d, { recursive: true, force: true })
    if (edit) fs.appendFileSync(edited, `\nEdited for run ${i + 1}.\n`)
    const { wall, cpu, rssMb, pages: built } = timedBuild(dir)
    return { wall, cpu, rssMb, built }
  })
const runs = timed(true)
const rebuilds = timed(false)
const edits = timed(false, true)
const byWall = (list) => list.slice().sort((a, b) => a.wall - b.wall)
const sorted = byWall(runs)
const best = sorted[0]
const median = sorted[Math.floor((sorted.length - 1) / 2)]
const rebuild = byWall(rebuilds)[Math.floor((rebuilds.length - 1) / 2)]
const editRebuild = byWall(edits)[Math.floor((edits.length - 1) / 2)]
const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'corpus-manifest.json'), 'utf8'))
const rep = manifest.representativePage ?? manifest.representative ?? {}
const repPath = typeof rep === 'string' ? rep : (rep['docs-site'] ?? rep.url ?? '/')
const html = fs.readFileSync(
  path.join(dir, 'build', repPath.replace(/^\//, ''), repPath.endsWith('.html') ? '' : 'index.html'),
  'utf8',
)
const gz = (files) =>
  files
    .map((f) => zlib.gzipSync(fs.readFileSync(path.join(dir, 'build', f))).length)
    .reduce((a, b) => a + b, 0)
const js = gz(
  withStaticImports([...html.matchAll(/<script type="module" src="\/([^"]+)"/g)].map((m) => m[1])),
)
const css = gz([...html.matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)].map((m) => m[1]))
console.log(`corpus: ${pages} doc pages per version per locale, ${best.built} pages built (${dir})`)
console.log(
  `wall time:   ${best.wall.toFixed(2)} s (best of ${runs.length}, median ${median.wall.toFixed(2)} s, runs ${runs.map((r) => r.wall.toFixed(2)).join(' ')}; target < 3.5 s)`,
)
console.log(`CPU time:    ${best.cpu.toFixed(2)} s (median ${median.cpu.toFixed(2)} s)`)
console.log(
  `rebuild:     ${rebuild.wall.toFixed(2)} s wall, ${rebuild.cpu.toFixed(2)} s CPU (nothing changed since the last build: its output kept; median of ${rebuilds.length})`,
)
console.log(
  `edit:        ${editRebuild.wall.toFixed(2)} s wall, ${editRebuild.cpu.toFixed(2)} s CPU (one page's text changed, every page built again with the caches and output kept; median of ${edits.length})`,
)
console.log(`peak RSS:    ${best.rssMb.toFixed(0)} MB (target < 500 MB)`)
console.log(`pages/s:     ${(best.built / best.wall).toFixed(0)}`)
console.log(
  `first load:  ${(js / 1024).toFixed(1)} KB JS, ${(css / 1024).toFixed(1)} KB CSS gzipped (targets ≤ 75 KB, ≤ 16 KB) on ${repPath}`,
)

/**
 * The page's module scripts and every chunk they import statically (the browser loads those
 * before running them); `import()`s load on demand and are left out.
 */
function withStaticImports(entries) {
  const seen = new Set()
  const visit = (file) => {
    if (seen.has(file)) return
    seen.add(file)
    const code = fs.readFileSync(path.join(dir, 'build', file), 'utf8')
    for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?"\/([^"]+\.js)"/g)) visit(m[1])
  }
  entries.forEach(visit)
  return [...seen]
}
