// An --out-dir that cannot be a build folder (a file, under a file, under a read-only folder) is
// one clear error line, no stack, exit 1; "the previous output is intact" only when there is one.
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { cli, ROOT, tempCopy, tempDir } from './helpers/index.js'

const tmp = tempDir('docs-site-out-dir-')
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

test('an out-dir under a read-only folder (as a user: root writes anywhere, so root runs it as nobody)', () => {
  const ro = path.join(tmp, 'ro')
  fs.mkdirSync(ro, { mode: 0o555 })
  const args = ['build', '--root', dir, '--out-dir', path.join(ro, 'out'), '--quiet']
  let r: { code: number; stderr: string }
  if (process.getuid?.() === 0) {
    // CI runs as root, which no folder mode stops: the build runs as `nobody` instead (it can read
    // the project, and cannot write its cache there, which must not matter), when nobody can read
    // this checkout (a clone inside a private temporary folder cannot be).
    const asNobody = (cmd: string[]) =>
      spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', ...cmd], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, FORCE_COLOR: '0' },
      })
    const cliFile = JSON.stringify(path.join(ROOT, 'bin/docs-site.js')) // absolute: every folder above counts
    if (asNobody([process.execPath, '-e', `require('fs').accessSync(${cliFile})`]).status !== 0) {
      console.log('nobody cannot read this checkout: the read-only case is not tried as root here')
      return
    }
    assert.is(cli(['--version']).code, 0) // the compiled CLI is up to date before nobody runs it
    for (const d of [tmp, dir]) fs.chmodSync(d, 0o755)
    const run = asNobody([process.execPath, 'bin/docs-site.js', ...args])
    assert.ok(!run.error, `setpriv: ${run.error}`)
    r = { code: run.status ?? -1, stderr: run.stderr }
  } else r = cli(args)
  assert.is(r.code, 1, r.stderr)
  assert.equal(errorLines(r.stderr), [
    `error: cannot write the output folder ${path.join(ro, 'out')}: it is under ${ro}, which is read-only (EACCES) [output]`,
  ])
  assert.not.match(r.stderr, /\n\s+at /)
  assert.not.ok(fs.existsSync(path.join(ro, 'out')))
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
