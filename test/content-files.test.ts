import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { listContentFiles } from '../src/content-roots.js'
import { tempDir } from './helpers/index.js'

// The walk that finds every content kind's sources: what it lists and what it leaves out.
const dir = tempDir('docs-site-content-files-')
const put = (rel: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
  fs.writeFileSync(path.join(dir, rel), '# x\n')
}
for (const f of ['b.md', 'a/z.md', 'a/b/c.mdx', 'a/notes.txt', '_partials/p.md', 'a/_draft/d.md']) put(f)
for (const f of ['.hidden/h.md', 'a/.x.md', 'node_modules/pkg/readme.md', 'a/_inc.md']) put(f)
fs.mkdirSync(path.join(dir, 'elsewhere'))
fs.writeFileSync(path.join(dir, 'elsewhere/linked.md'), '# linked\n')
fs.symlinkSync(path.join(dir, 'elsewhere/linked.md'), path.join(dir, 'a/link.md'))
fs.symlinkSync('..', path.join(dir, 'a/loop'))

const markdown = { file: (name: string) => /\.mdx?$/.test(name) }

test('lists matching files under every folder, sorted, as POSIX paths', () => {
  const files = listContentFiles(dir, markdown)
  assert.equal(files, ['a/_inc.md', 'a/b/c.mdx', 'a/z.md', 'b.md', 'elsewhere/linked.md'])
})

test('leaves out _ folders, dot files and folders, node_modules and symlinks (a loop does not hang)', () => {
  const files = listContentFiles(dir, markdown)
  for (const f of files) assert.not.match(f, /_partials|_draft|\.hidden|\.x\.md|node_modules|link\.md|loop/)
})

test('the filter sees names: a kind can refuse `_` files too', () => {
  const files = listContentFiles(dir, { file: (n) => !n.startsWith('_') && n.endsWith('.md') })
  assert.equal(files, ['a/z.md', 'b.md', 'elsewhere/linked.md'])
})

test('a missing folder lists nothing', () => {
  assert.equal(listContentFiles(path.join(dir, 'missing'), markdown), [])
})

test.after(() => fs.rmSync(dir, { recursive: true, force: true }))
test.run()
