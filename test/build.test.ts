import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { buildFixture, cache as helperCache, html, snapshot, tempCopy } from './helpers/index.js'
import { loadConfig } from '../src/config.js'
import { build } from '../src/build.js'
import type { BuildCache } from '../src/prepare.js'
import { formatDiagnostic } from '../src/errors.js'
import type { BuildResult } from '../src/types.js'

let result: BuildResult
test.before(async () => {
  result = await buildFixture('basic')
})

const markdownBody = (page: string) =>
  /<div class="markdown">([\s\S]*?)<\/div><footer|<div class="markdown">([\s\S]*?)<\/div><nav|<div class="markdown">([\s\S]*?)<\/div><\/article>/
    .exec(page)
    ?.slice(1)
    .find(Boolean) ?? ''

test('every page of both versions and both locales is written', () => {
  for (const f of [
    'index.html',
    'guide/intro/index.html',
    'guide/setup/index.html',
    'v1/index.html',
    'vi/index.html',
    'vi/guide/intro/index.html',
    'vi/v1/index.html',
    'category/guide/index.html',
    'tags/basics/index.html',
    '404.html',
  ]) {
    assert.ok(result.output.has(f), f)
  }
  assert.equal(result.stats.byLocaleVersion, { 'en/v2': 7, 'vi/v2': 7, 'en/v1': 1, 'vi/v1': 1 })
  assert.equal(result.diagnostics.map(formatDiagnostic), [])
})

test('the shell: lang, title, description, canonical, hreflang, hashed assets', () => {
  const page = html(result, 'vi/guide/setup/index.html')
  assert.match(page, /^<!doctype html><html lang="vi" dir="ltr"/)
  assert.match(page, /<title>Setup \| Documentation<\/title>/)
  assert.match(page, /<script type="module" src="\/assets\/js\/client\.[A-Z0-9]{8}\.js">/)
  assert.match(page, /<link rel="stylesheet" href="\/assets\/css\/styles\.[A-Z0-9]{8}\.css"\/>/)
  assert.match(page, /Skip to main content|Bỏ qua và đến nội dung chính/)
})

test('markdown links resolve to routes in the page locale, anchors kept', () => {
  assert.match(html(result, 'index.html'), /href="\/guide\/setup\/#install"/)
  assert.match(html(result, 'vi/index.html'), /href="\/vi\/guide\/setup\/#install"/)
  // A page missing in Vietnamese falls back to English with the notice, its links staying in /vi/.
  const fallback = html(result, 'vi/guide/intro/index.html')
  assert.match(fallback, /Chưa được dịch/)
  assert.match(fallback, /href="\/vi\/"/)
})

test('headings: anchors titled "Direct link to", custom and de-duplicated ids, TOC h2-h3', () => {
  const page = html(result, 'guide/intro/index.html')
  assert.match(
    page,
    /<h2 id="custom-intro">Intro <a class="hash-link" href="#custom-intro" aria-label="Direct link to Intro" title="Direct link to Intro" data-pagefind-ignore="">#<\/a><\/h2>/,
  )
  assert.match(page, /<h2 id="intro">/)
  assert.match(page, /<nav class="toc" aria-label="On this page"[^>]*>.*href="#custom-intro".*href="#intro"/)
  assert.match(html(result, 'vi/index.html'), /title="Liên kết trực tiếp đến Tổng quan"/)
})

test('admonitions, highlighted code with title, line highlight and copy button', () => {
  const body = markdownBody(html(result, 'index.html'))
  snapshot('basic-index-body.html', body)
  assert.match(body, /<div class="admonition admonition-tip"><div class="admonition-heading">Pro tip<\/div>/)
  assert.match(body, /<div class="code-title">Request<\/div>/)
  assert.match(body, /<span class="line highlighted">/)
  assert.match(body, /class="shiki css-variables"/)
  assert.match(body, /<button type="button" class="copy-button" aria-label="Copy code to clipboard"/)
})

test('sidebar: category expanded around the current page, prev/next, breadcrumbs', () => {
  const page = html(result, 'guide/setup/index.html')
  assert.match(page, /<a class="menu-link active" href="\/guide\/setup\/" aria-current="page">Setup<\/a>/)
  assert.match(
    page,
    /<li class="menu-item menu-category"><div class="menu-category-row"><a class="menu-link" href="\/category\/guide\/">Guide<\/a>/,
  )
  assert.match(
    page,
    /rel="prev"><span class="pager-sub">Previous<\/span><span class="pager-label">« Introduction<\/span>/,
  )
  assert.match(
    page,
    /<nav class="breadcrumbs"[^>]*aria-label="Breadcrumbs"><ol><li><a href="\/category\/guide\/">Guide<\/a><\/li><li><span aria-current="page">Setup<\/span>/,
  )
})

test('category index, tags, v1 banner and version dropdown', () => {
  const cat = html(result, 'category/guide/index.html')
  assert.match(cat, /<h1>Guide<\/h1><p class="lead">Everything about the guide.<\/p>/)
  assert.match(cat, /href="\/guide\/intro\/"/)
  assert.match(html(result, 'tags/basics/index.html'), /2 docs tagged with &quot;basics&quot;/)
  const v1 = html(result, 'v1/index.html')
  assert.match(v1, /This is documentation for Documentation v1, which is no longer actively maintained\./)
  assert.match(v1, /<a href="\/"><b>the latest version of this page<\/b><\/a>/)
})

test('404 page carries the spec text', () => {
  const page = html(result, '404.html')
  assert.match(
    page,
    /<h1>Page Not Found<\/h1><p>We could not find what you were looking for.<\/p><p>Please contact the owner of the site that linked you to the original URL/,
  )
  assert.match(page, /<title>Page Not Found \| Documentation<\/title>/)
})

test('serve: with a parse cache, unchanged files are reused and an edited one is parsed again', async () => {
  const dir = tempCopy('basic')
  const config = await loadConfig(dir)
  const cache: BuildCache = { highlighter: helperCache.highlighter, parsed: new Map() }
  const first = await build(config, { write: false, cache })
  const doc = (r: BuildResult, url: string) => (r.site.routeByUrl.get(url)!.data as { doc: unknown }).doc
  fs.writeFileSync(
    path.join(dir, 'content/docs/v2/guide/setup.md'),
    '---\ntitle: Setup, edited\n---\n\nNew body.\n',
  )
  // A different size always counts as a change, whatever the clock's resolution.
  const second = await build(config, { write: false, cache })
  assert.ok(doc(second, '/guide/intro/') === doc(first, '/guide/intro/'))
  assert.ok(doc(second, '/guide/setup/') !== doc(first, '/guide/setup/'))
  assert.match(String(second.output.get('guide/setup/index.html')), /<h1>Setup, edited<\/h1>/)
})

test('the build is deterministic', async () => {
  const again = await buildFixture('basic')
  assert.equal([...again.output.keys()].sort(), [...result.output.keys()].sort())
  for (const [k, v] of result.output)
    assert.ok(
      again.output.get(k) === v || Buffer.compare(Buffer.from(again.output.get(k)!), Buffer.from(v)) === 0,
      k,
    )
})

test('a link to a missing #fragment of a built page warns once; an existing one does not', async () => {
  const dir = tempCopy('basic')
  const intro = path.join(dir, 'content/docs/v2/guide/intro.md')
  fs.appendFileSync(
    intro,
    '\nSee [installing](/guide/setup/#install) and [a missing part](/guide/setup/#no-such-part).\n',
  )
  const r = await build(await loadConfig(dir), { write: false, cache: helperCache })
  const anchors = r.diagnostics.filter((d) => d.code === 'broken-anchor').map(formatDiagnostic)
  assert.ok(
    anchors.some((d) =>
      /linking to \/guide\/setup\/#no-such-part: no element with id "no-such-part"/.test(d),
    ),
    anchors.join('\n'),
  )
  assert.not.ok(
    anchors.some((d) => /#install/.test(d)),
    anchors.join('\n'),
  )
})

test.run()
