import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { XMLParser } from 'fast-xml-parser'
import { buildDir, html, tempCopy } from './helpers/index.js'
import { sitemapFiles } from '../src/machine/sitemap.js'
import type { BuildResult } from '../src/types.js'

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['url', 'xhtml:link', 'sitemap'].includes(name),
})
type Link = { rel: string; hreflang: string; href: string }
type Url = { loc: string; lastmod?: string; 'xhtml:link'?: Link[] }
const urlsOf = (xml: string): Url[] => parser.parse(xml).urlset.url

const git = (cwd: string, ...args: string[]) => {
  const r = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.org',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.org',
      GIT_AUTHOR_DATE: '2020-05-06T10:00:00Z',
      GIT_COMMITTER_DATE: '2020-05-06T10:00:00Z',
    },
  })
  if (r.status !== 0) throw new Error(r.stderr)
}

// A copy of the fixture in a repository of its own, committed on a known date.
let dir: string
let result: BuildResult
test.before(async () => {
  dir = tempCopy('machine')
  git(dir, 'init', '-q')
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '-m', 'fixture')
  result = await buildDir(dir)
})
test.after(() => fs.rmSync(dir, { recursive: true, force: true }))

test('every URL lists each locale of its page and x-default, as the page head does', () => {
  const urls = urlsOf(html(result, 'sitemap.xml'))
  const setup = urls.find((u) => u.loc === 'https://fixture.example/vi/guide/setup/')!
  assert.equal(setup['xhtml:link'], [
    { rel: 'alternate', hreflang: 'en', href: 'https://fixture.example/guide/setup/' },
    { rel: 'alternate', hreflang: 'vi', href: 'https://fixture.example/vi/guide/setup/' },
    { rel: 'alternate', hreflang: 'x-default', href: 'https://fixture.example/guide/setup/' },
  ])
  const head = html(result, 'vi/guide/setup/index.html')
  for (const l of setup['xhtml:link']!)
    assert.ok(head.includes(`<link rel="alternate" hrefLang="${l.hreflang}" href="${l.href}"/>`), l.hreflang)
  assert.not.ok(urls.some((u) => u.loc.includes('404')))
})

test('lastmod is the date of the last commit of the source file, not its mtime', async () => {
  const urls = urlsOf(html(result, 'sitemap.xml'))
  const byLoc = new Map(urls.map((u) => [u.loc, u.lastmod]))
  assert.is(byLoc.get('https://fixture.example/guide/setup/'), '2020-05-06')
  assert.is(byLoc.get('https://fixture.example/blog/launch/'), '2020-05-06')
  assert.is(byLoc.get('https://fixture.example/api/get-thing/'), '2020-05-06')
  // Touching a file (a fresh checkout does) changes nothing; a file git does not know uses its mtime.
  const setup = path.join(dir, 'content/docs/v2/guide/setup.md')
  fs.utimesSync(setup, new Date('2023-01-01T00:00:00Z'), new Date('2023-01-01T00:00:00Z'))
  const extra = path.join(dir, 'content/docs/v2/extra.md')
  fs.writeFileSync(extra, '# Extra\n')
  fs.utimesSync(extra, new Date('2022-02-03T12:00:00Z'), new Date('2022-02-03T12:00:00Z'))
  try {
    const again = await buildDir(dir)
    const next = new Map(urlsOf(html(again, 'sitemap.xml')).map((u) => [u.loc, u.lastmod]))
    assert.is(next.get('https://fixture.example/guide/setup/'), '2020-05-06')
    assert.is(next.get('https://fixture.example/extra/'), '2022-02-03')
    const { 'sitemap.xml': before } = Object.fromEntries(result.output)
    const { 'sitemap.xml': after } = Object.fromEntries(again.output)
    assert.is(
      String(after).replace(/\n<url><loc>https:\/\/fixture.example\/(vi\/)?extra\/<\/loc>.*?<\/url>/g, ''),
      before,
    )
  } finally {
    fs.rmSync(extra)
  }
})

test('above the limit, sitemap.xml is an index of files of at most that many URLs', () => {
  const routes = result.site.routes.filter((r) => !r.unlisted && r.data.kind !== 'not-found')
  const files = sitemapFiles(result.site, routes, { limit: 10 })
  const index = parser.parse(files.get('sitemap.xml')!).sitemapindex.sitemap as Array<{ loc: string }>
  const parts = Math.ceil(routes.length / 10)
  assert.equal(
    index.map((s) => s.loc),
    Array.from({ length: parts }, (_, i) => `https://fixture.example/sitemap-${i + 1}.xml`),
  )
  const all = index.flatMap((s) => {
    const urls = urlsOf(files.get(s.loc.replace('https://fixture.example/', ''))!)
    assert.ok(urls.length <= 10)
    return urls.map((u) => u.loc)
  })
  assert.equal(
    all,
    urlsOf(html(result, 'sitemap.xml')).map((u) => u.loc),
  )
})

test.run()
