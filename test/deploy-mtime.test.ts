import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { tempCopy, tempDir } from './helpers/index.js'
import { buildOrThrow } from './helpers/browser.js'

const OLD = new Date('2001-02-03T04:05:06Z')

/** Every file of the output: its content hash and mtime. */
function scan(dir: string): Map<string, { hash: string; mtime: number }> {
  const out = new Map<string, { hash: string; mtime: number }>()
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue
    const file = path.join(e.parentPath, e.name)
    out.set(path.relative(dir, file), {
      hash: crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex'),
      mtime: fs.statSync(file).mtimeMs,
    })
  }
  return out
}

/** Sets every file's mtime to OLD, so a file the next build rewrote stands out. */
function age(dir: string): void {
  for (const file of scan(dir).keys()) fs.utimesSync(path.join(dir, file), OLD, OLD)
}

let root: string
let out: string
test.before(() => {
  root = tempCopy('machine')
  out = tempDir('docs-site-mtime-')
})
test.after(() => {
  fs.rmSync(root, { recursive: true, force: true })
  fs.rmSync(out, { recursive: true, force: true })
})

const build = () => buildOrThrow(['build', '--quiet', '--root', root, '--out-dir', out])

test('a rebuild of unchanged sources keeps every mtime (aws s3 sync uploads nothing)', () => {
  build()
  age(out)
  const before = scan(out)
  build()
  const after = scan(out)
  assert.equal([...after.keys()].sort(), [...before.keys()].sort())
  const touched = [...after].filter(([, f]) => f.mtime !== OLD.getTime()).map(([name]) => name)
  assert.equal(touched, [])
})

test("an unchanged page is the previous output's file, linked: its bytes are not written again", () => {
  const inode = (file: string) => fs.statSync(path.join(out, file)).ino
  const before = ['index.html', 'guide/setup/index.html', 'guide/setup/index.md'].map(inode)
  build()
  assert.equal(['index.html', 'guide/setup/index.html', 'guide/setup/index.md'].map(inode), before)
})

test('after one edited page, only the files whose bytes changed get a new mtime', () => {
  age(out)
  const before = scan(out)
  const page = path.join(root, 'content/docs/v2/guide/setup.md')
  fs.writeFileSync(
    page,
    fs.readFileSync(page, 'utf8').replace('Install the **widget**', 'Install the **gadget**'),
  )
  build()
  const after = scan(out)
  const changed: string[] = []
  for (const [name, f] of after) {
    const was = before.get(name)
    const same = was?.hash === f.hash
    if (same) assert.is(f.mtime, OLD.getTime(), `${name} did not change but got a new mtime`)
    else {
      assert.is.not(f.mtime, OLD.getTime(), `${name} changed but kept its old mtime`)
      changed.push(name)
    }
  }
  assert.ok(changed.includes('guide/setup/index.html'))
  assert.ok(changed.includes('guide/setup/index.md'))
  assert.ok(changed.includes('llms-full.txt'))
  // The rest of the site (other pages, assets, the Vietnamese twin of another page) is untouched.
  assert.not.ok(changed.includes('index.html'))
  assert.not.ok(changed.includes('api/get-thing/index.html'))
  assert.not.ok(changed.some((f) => f.startsWith('assets/')))
  assert.ok(
    changed.length < after.size / 4,
    `${changed.length} of ${after.size} changed: ${changed.join(', ')}`,
  )
})

test.run()
