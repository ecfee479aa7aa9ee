import fs from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, manifest, tempCopy } from './helpers/index.js'

// A build with nothing changed since the last one into the same folder keeps that output and
// says again what that build said; any change of an input, of the options or of the output
// itself builds again. The record lives in node_modules/.cache/docs-site/, so the fixture gets a
// node_modules folder.

const KEPT = /kept: nothing changed since the last build/

function project(): string {
  const dir = tempCopy('basic')
  fs.mkdirSync(path.join(dir, 'node_modules'))
  // A warning the kept build must say again: a link to a page that does not exist.
  fs.appendFileSync(path.join(dir, 'content/docs/v2/index.md'), '\nSee [nothing](./nothing.md).\n')
  return dir
}

const build = (dir: string, ...args: string[]) => cli(['build', '--root', dir, ...args])

test('nothing changed: the output is kept as it is and the warnings are said again', () => {
  const dir = project()
  const first = build(dir)
  assert.is(first.code, 0, first.stdout + first.stderr)
  assert.not.match(first.stdout, KEPT)
  const before = manifest(path.join(dir, 'build'))
  const inode = fs.statSync(path.join(dir, 'build/index.html')).ino
  const second = build(dir)
  assert.is(second.code, 0, second.stdout + second.stderr)
  assert.match(second.stdout, KEPT)
  assert.match(second.stdout + second.stderr, /nothing\.md/)
  assert.match(second.stdout, /0 errors, 1 warning/)
  assert.is(manifest(path.join(dir, 'build')), before)
  assert.is(fs.statSync(path.join(dir, 'build/index.html')).ino, inode)
  // A file saved again with the same bytes is no change.
  const page = path.join(dir, 'content/docs/v2/index.md')
  fs.writeFileSync(page, fs.readFileSync(page))
  assert.match(build(dir).stdout, KEPT)
})

test('a changed page, static file, option or config builds again', () => {
  const dir = project()
  assert.is(build(dir).code, 0)
  fs.appendFileSync(path.join(dir, 'content/docs/v2/index.md'), '\nA new sentence.\n')
  let r = build(dir)
  assert.not.match(r.stdout, KEPT)
  assert.match(fs.readFileSync(path.join(dir, 'build/index.html'), 'utf8'), /A new sentence\./)
  assert.match(build(dir).stdout, KEPT)

  fs.writeFileSync(path.join(dir, 'static/extra.txt'), 'new file\n')
  r = build(dir)
  assert.not.match(r.stdout, KEPT)
  assert.ok(fs.existsSync(path.join(dir, 'build/extra.txt')))

  r = build(dir, '--locale', 'en')
  assert.not.match(r.stdout, KEPT)
  assert.match(build(dir, '--locale', 'en').stdout, KEPT)

  fs.writeFileSync(path.join(dir, 'docs-site.config.mjs'), `export default { title: 'Renamed site' }\n`)
  r = build(dir, '--locale', 'en')
  assert.not.match(r.stdout, KEPT)
  assert.match(fs.readFileSync(path.join(dir, 'build/index.html'), 'utf8'), /Renamed site/)
})

test('an output file removed or changed since builds again, and puts it back', () => {
  const dir = project()
  assert.is(build(dir).code, 0)
  const page = path.join(dir, 'build/index.html')
  const text = fs.readFileSync(page, 'utf8')
  fs.rmSync(page)
  assert.not.match(build(dir).stdout, KEPT)
  assert.is(fs.readFileSync(page, 'utf8'), text)
  fs.appendFileSync(page, '<!-- edited by hand -->')
  assert.not.match(build(dir).stdout, KEPT)
  assert.is(fs.readFileSync(page, 'utf8'), text)
})

test('a new git commit builds again (pages carry dates from git history)', () => {
  const dir = project()
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
      cwd: dir,
      stdio: 'pipe',
    })
  git('init', '-q')
  git('add', '-A')
  git('commit', '-qm', 'first')
  assert.is(build(dir).code, 0)
  assert.match(build(dir).stdout, KEPT)
  git('commit', '-q', '--allow-empty', '-m', 'second')
  assert.not.match(build(dir).stdout, KEPT)
})

test('without node_modules every build builds', () => {
  const dir = tempCopy('basic')
  assert.is(build(dir).code, 0)
  assert.not.match(build(dir).stdout, KEPT)
})

test.run()
