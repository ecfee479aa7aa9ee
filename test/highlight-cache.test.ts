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
  const names = fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []
  assert.is(names.length, 1, names.join(', '))
  return path.join(cacheDir, names[0]!)
}
/** The build's output without the search index (its shard names are not part of this). */
const page = (out: string) => fs.readFileSync(path.join(dir, out, 'index.html'), 'utf8')

test('the first build writes the cache; a rebuild with it gives the same bytes', () => {
  const cold = build('cold')
  const entries = JSON.parse(fs.readFileSync(cacheFile(), 'utf8')) as Record<string, string>
  assert.ok(Object.keys(entries).length >= 5, `${Object.keys(entries).length} blocks kept`)
  assert.ok(
    Object.values(entries).some((h) => h.includes('<span class="t')),
    'highlighted HTML is what is kept',
  )
  assert.is(build('warm'), cold)
})

test('a rebuild takes the blocks from the cache (a changed entry shows in the page)', () => {
  const file = cacheFile()
  const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>
  const key = Object.keys(entries).find((k) => k.startsWith('scss\0'))!
  assert.ok(key, 'the scss block is kept')
  entries[key] = entries[key]!.replace('<pre', '<pre data-from-cache="yes"')
  fs.writeFileSync(file, JSON.stringify(entries))
  build('marked')
  assert.match(page('marked'), /data-from-cache="yes"/)
})

test('a damaged cache file is ignored and replaced', () => {
  fs.writeFileSync(cacheFile(), 'not JSON at all')
  const out = build('repaired')
  assert.not.match(page('repaired'), /data-from-cache/)
  assert.is(out, manifest(path.join(dir, 'cold')))
  JSON.parse(fs.readFileSync(cacheFile(), 'utf8'))
})

test('without node_modules no cache is written', () => {
  const bare = tempCopy('code-languages')
  const r = cli(['build', '--root', bare, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.not.ok(fs.existsSync(path.join(bare, 'node_modules')))
})

test.run()
