import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXTURES, tempDir } from './helpers/index.js'
import { buildOrThrow } from './helpers/browser.js'
import { serveStatic } from './helpers/static-server.js'

// The build served as S3 website hosting serves it (index document index.html, error document
// 404.html, a folder without its slash redirected), crawled from the home page, llms.txt, the
// sitemap and robots.txt: every link a person or a crawler can follow answers 200.
const SITE = 'https://fixture.example'
let dir: string
let server: Awaited<ReturnType<typeof serveStatic>>
test.before(async () => {
  dir = tempDir('docs-site-s3-')
  buildOrThrow(['build', '--quiet', '--root', path.join(FIXTURES, 'machine'), '--out-dir', dir])
  server = await serveStatic(dir)
})
test.after(async () => {
  await server?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Internal links of a response, as paths: HTML attributes, Markdown links, sitemap URLs. */
function linksOf(type: string, body: string): string[] {
  const found: string[] = []
  if (type.startsWith('text/html'))
    for (const m of body.matchAll(/<(?:a|link|script|img)\b[^>]*?\s(?:href|src)="([^"#]*)/g))
      found.push(m[1]!)
  else for (const m of body.matchAll(/https:\/\/fixture\.example(\/[^\s)<"&]*)/g)) found.push(m[1]!)
  return found
    .map((h) => h.replace(SITE, '').replace(/&amp;/g, '&'))
    .filter((h) => h.startsWith('/') && !h.startsWith('//'))
}

test('crawled with S3 website rules, every internal link answers 200', async () => {
  const queue = ['/', '/llms.txt', '/llms-full.txt', '/sitemap.xml', '/robots.txt']
  const seen = new Set(queue)
  const failures: string[] = []
  const types = new Map<string, string>()
  while (queue.length) {
    const p = queue.shift()!
    const res = await fetch(server.url + p, { redirect: 'manual' })
    const type = res.headers.get('content-type') ?? ''
    types.set(path.extname(p.replace(/\/$/, '/index.html')), type)
    if (res.status !== 200) {
      failures.push(`${p}: ${res.status}`)
      continue
    }
    if (!/^(text\/|application\/xml)/.test(type)) continue
    for (const link of linksOf(type, await res.text())) {
      const clean = link.split('?')[0]!
      if (seen.has(clean)) continue
      seen.add(clean)
      queue.push(clean)
    }
  }
  assert.equal(failures, [])
  assert.ok(seen.size > 40, `${seen.size} URLs`)
  for (const twin of [
    '/guide/setup/index.md',
    '/vi/index.md',
    '/api/get-thing/index.md',
    '/blog/launch/index.md',
  ])
    assert.ok(seen.has(twin), twin)
  assert.is(types.get('.md'), 'text/markdown; charset=utf-8')
  assert.is(types.get('.txt'), 'text/plain; charset=utf-8')
  assert.is(types.get('.xml'), 'application/xml')
})

test('a folder without its slash is redirected; a missing page is the 404 document', async () => {
  const redirect = await fetch(`${server.url}/guide/setup`, { redirect: 'manual' })
  assert.is(redirect.status, 302)
  assert.is(redirect.headers.get('location'), '/guide/setup/')
  const missing = await fetch(`${server.url}/no/such/page/`)
  assert.is(missing.status, 404)
  assert.match(await missing.text(), '<title>Page Not Found')
})

test.run()
