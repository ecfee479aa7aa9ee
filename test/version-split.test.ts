// `build --version` splits a build across CI jobs: each job writes its versions' pages and the
// shared files, the outputs are copied into one folder, `docs-site index` indexes it for search, and
// the result is the full build, byte for byte.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, FIXTURES, tempDir } from './helpers/index.js'

const fixture = path.join(FIXTURES, 'version-split')
const out = tempDir('docs-site-version-split-')
const dir = (name: string) => path.join(out, name)

/** Every file under a folder with a hash of its bytes, by POSIX path. */
function files(root: string): Map<string, string> {
  const list = new Map<string, string>()
  for (const rel of fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()) {
    const abs = path.join(root, rel)
    if (fs.statSync(abs).isFile())
      list.set(
        rel.split(path.sep).join('/'),
        crypto.createHash('sha1').update(fs.readFileSync(abs)).digest('hex'),
      )
  }
  return list
}

const build = (name: string, ...args: string[]) => {
  const r = cli(['build', '--root', fixture, '--out-dir', dir(name), '--quiet', ...args])
  assert.is(r.code, 0, r.stdout + r.stderr)
}

test.before(() => {
  build('full')
  build('v1', '--version', 'v1')
  build('v2', '--version', 'v2')
})

test('build --version v1 writes v1 pages and the shared ones, no page of v2', () => {
  const v1 = files(dir('v1'))
  for (const page of ['v1/index.html', 'vi/v1/index.html', 'v1/index.md', 'blog/index.html', '404.html'])
    assert.ok(v1.has(page), page)
  for (const page of ['index.html', 'guide/setup/index.html', 'vi/index.html', 'index.md'])
    assert.not.ok(v1.has(page), page)
  // A job sees only its pages: the search index is made after the merge.
  assert.not.ok([...v1.keys()].some((f) => f.startsWith('pagefind/')))
  // llms.txt is the latest version's: the v2 job writes it.
  assert.not.ok(v1.has('llms.txt'))
  assert.ok(files(dir('v2')).has('llms-full.txt'))
})

test('the jobs merged and indexed are the full build, file for file', () => {
  const merged = dir('merged')
  fs.cpSync(dir('v1'), merged, { recursive: true })
  fs.cpSync(dir('v2'), merged, { recursive: true })
  const r = cli(['index', '--root', fixture, '--out-dir', merged])
  assert.is(r.code, 0, r.stdout + r.stderr)
  const full = files(dir('full'))
  const got = files(merged)
  assert.equal([...got.keys()], [...full.keys()])
  for (const [file, hash] of full) assert.is(got.get(file), hash, file)
})

test('an unknown version is refused (exit 3) and nothing is written', () => {
  const r = cli(['build', '--root', fixture, '--out-dir', dir('v9'), '--version', 'v9'])
  assert.is(r.code, 3)
  assert.match(r.stderr, 'unknown version v9; configured: v2, v1 [config]')
  assert.not.ok(fs.existsSync(dir('v9')))
})

test.after(() => fs.rmSync(out, { recursive: true, force: true }))

test.run()
