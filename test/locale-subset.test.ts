// `build --locale en` (any subset of the locales) succeeds: links to the pages of locales left
// out (the locale menu, hreflang) are not broken links, while a really broken link still is.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { cli, tempCopy, tempDir } from './helpers/index.js'

const dir = tempCopy('basic')
const out = tempDir('docs-site-locale-subset-')

test('build --locale en exits 0 and writes no /vi/ page', () => {
  const r = cli(['build', '--root', dir, '--out-dir', path.join(out, 'en'), '--locale', 'en', '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.not.match(r.stderr, 'broken link')
  assert.ok(fs.existsSync(path.join(out, 'en/index.html')))
  assert.not.ok(fs.existsSync(path.join(out, 'en/vi/index.html')))
})

test('build --locale vi exits 0 too (the default locale left out)', () => {
  const r = cli(['build', '--root', dir, '--out-dir', path.join(out, 'vi'), '--locale', 'vi', '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.ok(fs.existsSync(path.join(out, 'vi/vi/index.html')))
})

test('a link to a missing page of a built locale is still broken', () => {
  fs.appendFileSync(path.join(dir, 'content/docs/v2/index.md'), '\n\n[gone](/no-such-page/)\n')
  const r = cli(['build', '--root', dir, '--out-dir', path.join(out, 'broken'), '--locale', 'en', '--quiet'])
  assert.is(r.code, 2, r.stderr)
  assert.match(r.stderr, '/no-such-page/')
})

test.after(() => {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.rmSync(out, { recursive: true, force: true })
})

test.run()
