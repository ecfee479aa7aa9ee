import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkLinks } from '../src/links/crawl.js'
import { cli, tempCopy, tempDir } from './helpers/index.js'

// check-links crawls a BUILT folder: the fixture is built once, then each test breaks a copy of
// the built HTML the way a bad merge would.

let built = ''

/** A fresh copy of the built fixture; `edit` rewrites one built page. */
function site(edits: Record<string, (html: string) => string> = {}): string {
  const dir = tempDir('docs-site-links-')
  fs.cpSync(built, dir, { recursive: true })
  for (const [file, edit] of Object.entries(edits)) {
    const p = path.join(dir, 'build', file)
    fs.writeFileSync(p, edit(fs.readFileSync(p, 'utf8')))
  }
  return dir
}
const inject = (html: string) => (page: string) => {
  assert.ok(page.includes('</main>'))
  return page.replace('</main>', html + '</main>')
}

test.before(() => {
  built = tempCopy('basic')
  const r = cli(['build', '--root', built, '--quiet'])
  assert.is(r.code, 0, r.stderr)
})

test('a clean build passes: exit 0', () => {
  const r = cli(['check-links', '--root', site()])
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /✔ \d+ links checked on 18 pages in \d+\.\d\d s, none broken/)
})

test('an injected broken internal link: exit 2, naming the URL and the page', () => {
  const dir = site({
    'guide/setup/index.html': inject('<a href="/nope/">gone</a><img src="../../img/missing.svg" alt="">'),
  })
  const r = cli(['check-links', '--root', dir])
  assert.is(r.code, 2, r.stdout + r.stderr)
  assert.match(
    r.stderr,
    /build\/guide\/setup\/index\.html: error: broken link on \/guide\/setup\/ -> linking to \/nope\/ \(404 not found\) \[broken-link\]/,
  )
  assert.match(
    r.stderr,
    /broken link on \/guide\/setup\/ -> linking to \/img\/missing\.svg \(404 not found\)/,
  )
  assert.match(r.stderr, /✖ 2 broken links on 1 page/)
  // The navbar of the 404 page served for /nope/ is not reported as the site's links.
  assert.not.match(r.stderr, /broken link on \/nope\//)
})

test('broken fragments: on another page, on the same page, and on a page crawled early; present ones pass', () => {
  const dir = site({
    'guide/setup/index.html': inject(
      '<a href="/guide/intro/#missing">a</a><a href="/guide/intro/#custom-intro">ok</a><a href="#install">ok</a>',
    ),
    'guide/intro/index.html': inject('<a href="#nowhere">b</a>'),
    'vi/v1/index.html': inject('<a href="/#not-on-home">c</a><a href="/#overview">ok</a>'),
  })
  const r = cli(['check-links', '--root', dir])
  assert.is(r.code, 2, r.stdout + r.stderr)
  assert.match(
    r.stderr,
    /build\/guide\/setup\/index\.html: error: broken link on \/guide\/setup\/ -> linking to \/guide\/intro\/#missing \(no element with id "missing" on that page\)/,
  )
  assert.match(
    r.stderr,
    /build\/guide\/intro\/index\.html: error: broken link on \/guide\/intro\/ -> linking to \/guide\/intro\/#nowhere/,
  )
  assert.match(
    r.stderr,
    /build\/vi\/v1\/index\.html: error: broken link on \/vi\/v1\/ -> linking to \/#not-on-home/,
  )
  assert.not.match(r.stderr, /custom-intro|#install|#overview/)
  assert.match(r.stderr, /✖ 3 broken links on 3 pages/)
})

test('a slash-less folder link (a 302 on S3) is reported', () => {
  const dir = site({ 'index.html': inject('<a href="/category/guide">guide</a>') })
  const r = cli(['check-links', '--root', dir])
  assert.is(r.code, 2, r.stdout + r.stderr)
  assert.match(
    r.stderr,
    /build\/index\.html: error: broken link on \/ -> linking to \/category\/guide \(302 redirect to \/category\/guide\/: link to the final URL, as S3/,
  )
})

test('no built folder: a clear error, exit 1', () => {
  const dir = tempCopy('basic')
  const r = cli(['check-links', '--root', dir])
  assert.is(r.code, 1)
  assert.match(r.stderr, /error: no built site in .*build \[output\]/)
  assert.match(r.stderr, /hint: run `docs-site build` first/)
})

test('external links are skipped (no request at all) unless --external', async () => {
  let connections = 0
  const other = http.createServer((_req, res) => res.writeHead(404).end())
  other.on('connection', () => connections++)
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r))
  const port = (other.address() as AddressInfo).port
  const offlineDir = site({
    'guide/setup/index.html': inject(
      `<a href="http://127.0.0.1:${port}/page">x</a><img src="http://localhost:${port}/i.png" alt=""><a href="https://example.invalid/">y</a>`,
    ),
  })
  // Tests stay on 127.0.0.1: the --external run only sees the loopback listener.
  const onlineDir = site({
    'guide/setup/index.html': inject(`<a href="http://127.0.0.1:${port}/page">x</a>`),
  })
  try {
    const offline = await checkLinks({ root: offlineDir })
    assert.equal(offline.broken, [])
    assert.ok(offline.skipped >= 3, String(offline.skipped))
    assert.is(connections, 0)
    const online = await checkLinks({ root: onlineDir, external: true })
    assert.ok(connections > 0)
    assert.equal(
      online.broken.map((b) => [b.page, b.url, b.status]),
      [['/guide/setup/', `http://127.0.0.1:${port}/page`, 404]],
    )
  } finally {
    other.close()
  }
})

test.run()
