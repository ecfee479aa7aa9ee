#!/usr/bin/env node
// npm run bench:cards: what social cards add to a build. Generates the synthetic corpus
// (bench/gen-corpus.mjs, 150 pages per version and locale unless PAGES is set), then builds it
// with and without `socialCards`, each cold (node_modules/.cache/docs-site removed: every cache,
// cards included) and warm (the same build again), RUNS times (default 3) interleaved so that a
// change of load falls on both. Prints medians of wall and CPU time and the load before and after.
// First, the card renderer alone on the corpus's titles: CPU time a card (bench/cards-render.ts).
import { execSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { timedBuild } from './timed-build.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const pages = process.env.PAGES ?? '150'
const runs = Number(process.env.RUNS ?? 3)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-site-bench-cards-'))
const g = spawnSync(
  process.execPath,
  [path.join(root, 'bench/gen-corpus.mjs'), '--layout', 'docs-site', '--pages', pages, '--out', dir],
  { stdio: ['ignore', 'ignore', 'inherit'] },
)
if (g.status !== 0) process.exit(g.status ?? 1)
// An installed project has node_modules, where docs-site keeps its caches (cards, code, twins).
fs.mkdirSync(path.join(dir, 'node_modules'))

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
/** The corpus has no config (defaults); both variants get the same one but for socialCards. */
const configure = (cards) =>
  fs.writeFileSync(
    path.join(dir, 'docs-site.config.mjs'),
    `export default { url: 'https://docs.example.com', socialCards: ${cards} }\n`,
  )
const build = () => timedBuild(dir, ['--quiet', '--out-dir', path.join(dir, 'build')])

/** The cards the corpus asks for: each page's title (the renderer alone, see bench/cards-render.ts). */
function renderAlone() {
  const titles = new Set()
  for (const f of fs.readdirSync(path.join(dir, 'content'), { recursive: true }))
    if (f.endsWith('.md')) {
      const title = /^title: (.*)$/m.exec(fs.readFileSync(path.join(dir, 'content', f), 'utf8'))?.[1]
      if (title) titles.add(title.replace(/^(['"])(.*)\1$/, '$2'))
    }
  const file = path.join(dir, 'card-titles.json')
  fs.writeFileSync(file, JSON.stringify([...titles].map((title) => ({ title, section: 'Integration · v2' }))))
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/cards-render.ts'), file], {
    cwd: root,
    encoding: 'utf8',
  })
  console.log((r.stdout + r.stderr).trim())
}

const variants = { 'without cards': false, 'with cards': true }
const times = {}
console.log(`load before: ${load()} (${os.cpus().length} cores; ${execSync('uptime').toString().trim()})`)
renderAlone()
let built = 0
let cards = 0
for (let i = 0; i < runs; i++) {
  for (const [name, on] of Object.entries(variants)) {
    configure(on)
    fs.rmSync(path.join(dir, 'node_modules/.cache/docs-site'), { recursive: true, force: true })
    fs.rmSync(path.join(dir, 'build'), { recursive: true, force: true })
    const cold = build()
    const warm = build()
    built = cold.pages
    if (on) cards = fs.readdirSync(path.join(dir, 'build/assets/og')).length
    ;(times[`${name}, cold`] ??= []).push(cold)
    ;(times[`${name}, warm`] ??= []).push(warm)
  }
}
const runsOf = (list, key) => list.map((r) => r[key].toFixed(2)).join(' ')
const median = (list, key) => list.map((r) => r[key]).sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)]
console.log(`corpus: ${pages} doc pages per version per locale, ${built} pages, ${cards} cards (${dir})`)
for (const [name, list] of Object.entries(times))
  console.log(
    `${name.padEnd(20)} wall ${median(list, 'wall').toFixed(2)} s (runs ${runsOf(list, 'wall')}), CPU ${median(list, 'cpu').toFixed(2)} s (runs ${runsOf(list, 'cpu')}), peak RSS ${median(list, 'rssMb').toFixed(0)} MB`,
  )
const added = (temp, key) =>
  `${((median(times[`with cards, ${temp}`], key) / median(times[`without cards, ${temp}`], key) - 1) * 100).toFixed(1)}%`
console.log(`cards add, cold: wall ${added('cold', 'wall')}, CPU ${added('cold', 'cpu')} (target < 15%)`)
console.log(`cards add, warm: wall ${added('warm', 'wall')}, CPU ${added('warm', 'cpu')} (target < 2%)`)
console.log(`load after: ${load()}`)
