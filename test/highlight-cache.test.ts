// Highlighted code is kept between builds in node_modules/.cache/docs-site/: an unchanged rebuild
// reuses it, the output is the same bytes with or without it, and a damaged cache costs nothing.
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, manifest, tempCopy } from './helpers/index.js'

const dir = tempCopy('code-languages')
// A project with its dependencies installed has a node_modules folder; the cache goes under it.
fs.mkdirSync(path.join(dir, 'node_modules'))
const cacheDir = path.join(dir, 'node_modules/.cache/docs-site')
const build = (out: string) => {
  const r = cli(['build', '--root', dir, '--out-dir', path.join(dir, out), '--quiet'])
  assert.is(r.code, 0, r.stderr)
  return manifest(path.join(dir, out))
}
const cacheFile = () => {
  const names = (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []).filter((n) =>
    n.startsWith('highlight-'),
  )
  assert.is(names.length, 1, names.join(', '))
  return path.join(cacheDir, names[0]!)
}
/** The build's output without the search index (its shard names are not part of this). */
const page = (out: string) => fs.readFileSync(path.join(dir, out, 'index.html'), 'utf8')

/** The cache's entries: one a line, a key, a tab and the block's HTML as JSON. */
const entries = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(
      (line) =>
        [
          line.slice(0, line.indexOf('\t')),
          JSON.parse(line.slice(line.indexOf('\t') + 1)) as string,
        ] as const,
    )

test('the first build writes the cache; a rebuild with it gives the same bytes', () => {
  const cold = build('cold')
  const kept = entries(cacheFile())
  assert.ok(kept.length >= 5, `${kept.length} blocks kept`)
  assert.ok(
    kept.some(([, h]) => h.includes('<span class="t')),
    'highlighted HTML is what is kept',
  )
  assert.is(build('warm'), cold)
})

test('a rebuild takes the blocks from the cache (a changed entry shows in the page)', () => {
  const file = cacheFile()
  const kept = entries(file)
  // The scss block of the fixture: its selector `.card` is in its HTML.
  const at = kept.findIndex(([, h]) => h.includes('card'))
  assert.ok(at >= 0, 'the scss block is kept')
  const marked = kept.map(([k, h], i) => [k, i === at ? h.replace('<pre', '<pre data-from-cache="yes"') : h])
  fs.writeFileSync(file, marked.map(([k, h]) => `${k}\t${JSON.stringify(h)}\n`).join(''))
  build('marked')
  assert.match(page('marked'), /data-from-cache="yes"/)
})

test('a damaged cache file is ignored and replaced', () => {
  fs.writeFileSync(cacheFile(), 'not JSON at all')
  const out = build('repaired')
  assert.not.match(page('repaired'), /data-from-cache/)
  assert.is(out, manifest(path.join(dir, 'cold')))
  assert.ok(entries(cacheFile()).length >= 5)
})

test('without node_modules no cache is written', () => {
  const bare = tempCopy('code-languages')
  const r = cli(['build', '--root', bare, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.not.ok(fs.existsSync(path.join(bare, 'node_modules')))
})

test.run()
