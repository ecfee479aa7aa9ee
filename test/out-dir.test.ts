// An --out-dir that cannot be a build folder (a file, under a file, under a read-only folder) is
// one clear error line, no stack, exit 1; "the previous output is intact" only when there is one.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, tempCopy } from './helpers/index.js'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-site-out-dir-'))
const dir = tempCopy('unlisted-tag')
const file = path.join(tmp, 'a-file')
fs.writeFileSync(file, 'not a folder')

const errorLines = (stderr: string) => stderr.split('\n').filter((l) => /\berror: /.test(l))

test('an out-dir that is a file', () => {
  const r = cli(['build', '--root', dir, '--out-dir', file, '--quiet'])
  assert.is(r.code, 1)
  assert.equal(errorLines(r.stderr), [
    `error: cannot write the output folder ${file}: it is a file, not a folder (EEXIST) [output]`,
  ])
  assert.not.match(r.stderr, /\n\s+at /)
  assert.not.match(r.stderr, 'intact')
  assert.is(fs.readFileSync(file, 'utf8'), 'not a folder')
})

test('an out-dir under a file', () => {
  const r = cli(['build', '--root', dir, '--out-dir', path.join(file, 'out'), '--quiet'])
  assert.is(r.code, 1)
  assert.match(r.stderr, `is under ${file}, which is a file`)
  assert.not.match(r.stderr, /\n\s+at /)
  assert.not.match(r.stderr, 'intact')
})

test('an out-dir under a read-only folder (as a user root is not)', () => {
  if (process.getuid?.() === 0) return // root writes anywhere: nothing to refuse
  const ro = path.join(tmp, 'ro')
  fs.mkdirSync(ro, { mode: 0o555 })
  const r = cli(['build', '--root', dir, '--out-dir', path.join(ro, 'out'), '--quiet'])
  assert.is(r.code, 1)
  assert.match(r.stderr, `is under ${ro}, which is read-only`)
})

test('a failed build over an existing output says it is intact; over none, it does not', () => {
  const out = path.join(tmp, 'out')
  assert.is(cli(['build', '--root', dir, '--out-dir', out, '--quiet']).code, 0)
  fs.writeFileSync(path.join(dir, 'content/docs/v2/broken.md'), '---\ntitle: [unclosed\n---\n')
  const again = cli(['build', '--root', dir, '--out-dir', out, '--quiet'])
  assert.is(again.code, 1)
  assert.match(again.stderr, 'Nothing was written; the previous output is intact.')
  const fresh = cli(['build', '--root', dir, '--out-dir', path.join(tmp, 'fresh'), '--quiet'])
  assert.is(fresh.code, 1)
  assert.match(fresh.stderr, 'Nothing was written.')
  assert.not.match(fresh.stderr, 'intact')
})

test.after(() => {
  fs.rmSync(tmp, { recursive: true, force: true })
  fs.rmSync(dir, { recursive: true, force: true })
})

test.run()
