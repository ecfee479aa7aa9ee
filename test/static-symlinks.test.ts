// static/ symlinks: a link pointing outside the project is refused with a warning and not copied
// (aws s3 sync would upload its target); a link inside the project is copied as a file; a link to
// / or a loop does not make the build walk the disk. serve never follows a link out of static/.
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, tempCopy, tempDir } from './helpers/index.js'
import { diskFiles } from '../src/http/handler.js'
import { watchSources } from '../src/serve/watch.js'

const dir = tempCopy('unlisted-tag')
const outside = tempDir('docs-site-outside-')
const out = path.join(tempDir('docs-site-static-out-'), 'build')
fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret')
fs.mkdirSync(path.join(dir, 'static'), { recursive: true })
fs.mkdirSync(path.join(dir, 'shared'))
fs.writeFileSync(path.join(dir, 'shared/logo.svg'), '<svg/>')
fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'static/secret.txt'))
fs.symlinkSync('/', path.join(dir, 'static/root'))
fs.symlinkSync(path.join(dir, 'shared/logo.svg'), path.join(dir, 'static/logo.svg'))
fs.symlinkSync('.', path.join(dir, 'static/loop'))
fs.symlinkSync(outside, path.join(dir, 'static/ext'))

test('build: outside links refused with a warning, inside links copied as files, no walk of /', () => {
  const r = cli(['build', '--root', dir, '--out-dir', out, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.match(
    r.stderr,
    /static\/secret\.txt: warning: symlink to .*secret\.txt, outside the project: not copied \[static\]/,
  )
  assert.match(r.stderr, 'static/root: warning: symlink to /, outside the project: not copied [static]')
  assert.not.ok(fs.existsSync(path.join(out, 'secret.txt')))
  assert.not.ok(fs.existsSync(path.join(out, 'root')))
  const logo = fs.lstatSync(path.join(out, 'logo.svg'))
  assert.ok(logo.isFile() && !logo.isSymbolicLink())
  assert.is(fs.readFileSync(path.join(out, 'logo.svg'), 'utf8'), '<svg/>')
})

test('serve: a static file linked from outside the project is not served', () => {
  const files = diskFiles(path.join(dir, 'static'))
  assert.is(files.get('secret.txt'), undefined)
  assert.is(files.get('root/etc/hostname'), undefined)
})

test("serve's watcher does not follow a static/ link out of the project (nor walk / through one)", async () => {
  const seen: string[] = []
  const watcher = watchSources({
    paths: [path.join(dir, 'static')],
    onBatch: (paths) => seen.push(...paths),
    onError: (message) => seen.push(`error: ${message}`),
  })
  await watcher.ready
  // Changes behind the links first, then one inside static/: once that one is reported, the
  // others would have been too.
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'changed')
  fs.writeFileSync(path.join(outside, 'new.txt'), 'new')
  fs.writeFileSync(path.join(dir, 'static/own.txt'), 'mine')
  for (let i = 0; i < 100 && !seen.some((p) => p.endsWith('own.txt')); i++)
    await new Promise((r) => setTimeout(r, 50))
  await new Promise((r) => setTimeout(r, 300))
  await watcher.close()
  assert.ok(
    seen.some((p) => p.endsWith('own.txt')),
    `reported: ${seen.join(', ')}`,
  )
  assert.equal(
    seen.filter((p) => !p.endsWith('own.txt')),
    [],
    'nothing behind a link out of the project is reported',
  )
})

test.after(() => {
  for (const d of [dir, outside, path.dirname(out)]) fs.rmSync(d, { recursive: true, force: true })
})

test("static/'s robots.txt is the site's; a static file where docs-site writes its own is named in a warning", () => {
  const site = tempCopy('machine')
  fs.writeFileSync(path.join(site, 'static/robots.txt'), 'User-agent: *\nDisallow: /private/\n')
  fs.writeFileSync(path.join(site, 'static/sitemap.xml'), '<urlset/>')
  fs.mkdirSync(path.join(site, 'static/guide/setup'), { recursive: true })
  fs.writeFileSync(path.join(site, 'static/guide/setup/index.html'), '<p>old export</p>')
  const r = cli(['build', '--root', site, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.is(
    fs.readFileSync(path.join(site, 'build/robots.txt'), 'utf8'),
    'User-agent: *\nDisallow: /private/\n',
  )
  assert.match(
    r.stderr,
    "static/sitemap.xml: warning: static file sitemap.xml is not copied: the site's own sitemap.xml is written there [static]",
  )
  assert.match(
    r.stderr,
    'static/guide/setup/index.html: warning: static file guide/setup/index.html is not copied',
  )
  assert.not.match(r.stderr, 'robots.txt: warning')
  assert.not.match(fs.readFileSync(path.join(site, 'build/guide/setup/index.html'), 'utf8'), 'old export')
})

test.run()
