#!/usr/bin/env node
// One very large page: a 5 MB markdown reference (headings, lists, tables, code), a 2,000-row
// table and a 10,000-line code block, each built as the only page of a site in a child process.
// Prints wall and CPU time per page; the target for the 5 MB page is under 5 s.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

function reference(bytes) {
  const words = ['wallet', 'callback', 'balance', 'player', 'round', 'refund', 'signature', 'tenant']
  let out = ''
  for (let i = 1; out.length < bytes; i++) {
    out += `## Section ${i}\n\nSee **section ${i - 1}**, \`code\` and a [link](#section-${i}).\n\n`
    out += '- one\n- two with *emphasis*\n- three\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n'
    out += '```js\nconst x = 1\nfunction f(a) { return a + x }\n```\n\n'
    out += Array.from({ length: 60 }, (_, j) => words[(i * 7 + j) % words.length]).join(' ') + '\n\n'
  }
  return out
}
const pages = {
  '5 MB reference': reference(5_000_000),
  '2,000-row table':
    '| id | name |\n|---|---|\n' +
    Array.from({ length: 2000 }, (_, i) => `| ${i} | **row ${i}** |\n`).join(''),
  '10,000-line code block':
    '```ts\n' +
    Array.from({ length: 10_000 }, (_, i) => `const v${i} = f(${i}, 's${i % 7}')`).join('\n') +
    '\n```\n',
}
for (const [name, body] of Object.entries(pages)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-site-big-page-'))
  fs.mkdirSync(path.join(dir, 'content/docs/v1'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'content/docs/v1/index.md'), `---\ntitle: Big\n---\n\n${body}`)
  const t0 = performance.now()
  const r = spawnSync(
    '/usr/bin/time',
    ['-v', process.execPath, path.join(root, 'bin/docs-site.js'), 'build', '--root', dir, '--quiet'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  const wall = (performance.now() - t0) / 1000
  if (r.status !== 0) {
    console.error(r.stdout.slice(-4000), r.stderr.slice(-4000))
    process.exit(1)
  }
  const num = (re) => Number(re.exec(r.stderr)?.[1] ?? NaN)
  const cpu = num(/User time \(seconds\): ([\d.]+)/) + num(/System time \(seconds\): ([\d.]+)/)
  console.log(
    `${name} (${(body.length / 1e6).toFixed(1)} MB): ${wall.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU`,
  )
  fs.rmSync(dir, { recursive: true, force: true })
}
