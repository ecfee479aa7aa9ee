// MDX pages (test/fixtures/mdx-site): docs, a blog post and a standalone page written in MDX with
// Docusaurus's components, the site's own and an npm package's components, JSON and partial
// imports and remark plugins from the config; and the errors a writer can make in MDX.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { buildFixture, cli, html, manifest, tempCopy } from './helpers/index.js'
import { formatDiagnostic } from '../src/errors.js'
import type { BuildResult } from '../src/types.js'

let result: BuildResult
test.before(async () => {
  result = await buildFixture('mdx-site')
})

/** The page's article body, without the layout around it. */
const body = (file: string) => {
  const page = html(result, file)
  return page.slice(page.indexOf('class="markdown"'), page.indexOf('</article>'))
}
const scripts = (file: string) =>
  [...html(result, file).matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1])

test('the build is clean', () => {
  assert.equal(result.diagnostics.map(formatDiagnostic), [])
})

test('imports: a JSON file, an @site component, an npm package, a partial (its link resolved)', () => {
  const page = body('tabs/index.html')
  assert.match(page, 'Latest release: <strong>4.2.0</strong>, supported: <!-- -->4.x, 3.x')
  assert.match(page, '<p class="greeting">Hello, <!-- -->MDX<!-- -->!</p>')
  assert.match(page, '<span class="fixture-badge">badge: npm</span>')
  assert.match(page, '<p>A partial, imported by MDX: it links to <a href="/static/">the static page</a>.</p>')
})

test('Tabs: two groups with one groupId, queryString, panels labelled for readers without JavaScript', () => {
  const page = body('tabs/index.html')
  const groups = [...page.matchAll(/<div class="tabs mdx-tabs" data-group-id="os"[^>]*>/g)].map((m) => m[0])
  assert.is(groups.length, 2)
  assert.match(groups[0]!, 'data-query-string="os"')
  assert.match(page, /role="tab"[^>]*data-tab="mac"[^>]*>macOS<\/button>/)
  assert.match(page, '<p class="tab-panel-label">Linux</p>Run <code>make</code> on Linux.')
})

test('remark plugins from the config run: npm2yarn tabs (highlighted by shiki) and an option-taking plugin', () => {
  const page = body('tabs/index.html')
  assert.match(page, 'data-group-id="npm2yarn"')
  assert.match(page, /<span class="t9">yarn<\/span>/)
  assert.match(page, '<p>QUIET WORDS</p>')
  assert.not.match(page, 'SHOUT:')
})

test('markdown features: heading ids and anchors, TOC, admonition title, code title and marked line, image', () => {
  const page = html(result, 'tabs/index.html')
  assert.match(page, '<h2 id="install-steps">Install')
  assert.match(page, 'class="hash-link" href="#install-steps"')
  assert.match(page, /<nav class="toc"[\s\S]*href="#install-steps">Install<\/a>[\s\S]*href="#next">Next/)
  assert.match(page, '<div class="admonition-heading">Custom title</div>')
  assert.match(page, '<a href="/#intro">link home</a>')
  assert.match(page, '<div class="code-title">hello.js</div>')
  assert.match(page, '<span class="line highlighted">')
  const img = /<img[^>]*src="\/(assets\/files\/dot\.[0-9a-f]{10}\.svg)"/.exec(page)
  assert.ok(img, 'co-located image copied under a hashed name')
  assert.ok(result.output.has(img[1]!))
  assert.match(page, '<details><summary>More</summary><p>Hidden until opened.</p></details>')
  assert.match(page, '<a href="/other/">the other page</a>')
})

test('a site component marked "use client" is an island; its module is in the output', () => {
  const page = body('tabs/index.html')
  const island =
    /<div class="island mdx-island" data-mdx-island="src\/components\/Counter.tsx" data-src="\/([^"]+)" data-props="\{&quot;start&quot;:3\}" data-page="[^"]+" data-island-id="[\w-]+"><button type="button" class="counter">/.exec(
      page,
    )
  assert.ok(island, page.slice(0, 2000))
  assert.ok(result.output.has(island[1]!), island[1])
})

test('a static MDX page ships no JavaScript beyond the markdown pages’ own', () => {
  assert.not.match(html(result, 'static/index.html'), 'data-mdx-island')
  assert.not.match(html(result, 'static/index.html'), 'mdx-islands')
  assert.equal(scripts('static/index.html'), scripts('index.html'))
  const page = body('static/index.html')
  assert.match(page, '<div class="admonition admonition-note"><div class="admonition-heading">Note</div>')
  assert.match(page, '<ul class="toc-inline"><li class="toc-level-0"><a href="#contents">Contents</a></li>')
  assert.match(page, '<div class="table-wrap"><table>')
})

test('DocCardList lists the docs beside the page, linked through the route table', () => {
  const page = body('guide/index.html')
  assert.match(
    page,
    '<li class="doc-card"><a href="/guide/first-step/"><span class="doc-card-title">First step</span><span class="doc-card-description">Where everyone begins.</span></a></li>',
  )
})

test('an MDX blog post: {/* truncate */} ends the excerpt; an MDX standalone page', () => {
  assert.match(body('blog/mdx-post/index.html'), 'After the fold')
  const list = html(result, 'blog/index.html')
  assert.match(list, '<span class="fixture-badge">badge: blog</span>')
  assert.not.match(list, 'After the fold')
  const page = body('showcase/index.html')
  assert.match(page, '<p class="greeting">Hello, <!-- -->page<!-- -->!</p>')
  assert.match(page, '<a href="/">the docs</a>')
})

test('Docusaurus imports: Link, useBaseUrl, useDocusaurusContext, CodeBlock (shiki), Admonition', () => {
  const page = body('showcase/index.html')
  assert.match(page, 'Site: <!-- -->MDX Fixture')
  assert.match(page, '<a href="/static/">a Link</a>')
  assert.match(page, 'an image path: <!-- -->/img/logo.svg')
  assert.match(
    page,
    /<div class="code-block" data-lang="json"><div class="code-title">data\.json<\/div>[\s\S]*<span class="t\d+[ "]/,
  )
  assert.match(
    page,
    '<div class="admonition admonition-warning"><div class="admonition-heading">Careful</div>',
  )
})

test('the Markdown twin is the source without imports and JSX lines', () => {
  const twin = String(result.output.get('tabs/index.md'))
  assert.not.match(twin, /^import /m)
  assert.not.match(twin, '<Tabs')
  assert.match(twin, 'Run `make` on Linux.')
  assert.match(twin, '## Install')
})

// One copy of the fixture, built once; each case adds a broken doc, builds, and takes it away.
let broken: { dir: string; before: string } | undefined
function buildWith(name: string, text: string) {
  if (!broken) {
    const dir = tempCopy('mdx-site')
    const first = cli(['build', '--root', dir, '--quiet'])
    assert.is(first.code, 0, first.stderr)
    broken = { dir, before: manifest(path.join(dir, 'build')) }
  }
  const file = path.join(broken.dir, 'content/docs/v2', name)
  fs.writeFileSync(file, text)
  const r = cli(['build', '--root', broken.dir, '--quiet'])
  fs.rmSync(file)
  assert.is(manifest(path.join(broken.dir, 'build')), broken.before, 'the previous output is intact')
  assert.not.match(r.stderr, /\n\s+at /, 'no stack trace')
  return r
}

test('a missing import: file:line:col naming it, exit 1', () => {
  const r = buildWith(
    'broken.mdx',
    "---\ntitle: Broken\n---\n\nimport Gone from '@site/src/components/Gone'\n\n<Gone />\n",
  )
  assert.is(r.code, 1)
  assert.match(r.stderr, `content/docs/v2/broken.mdx:5:18: error: cannot import "@site/src/components/Gone"`)
  assert.match(r.stderr, '[mdx]')
})

test('MDX syntax error: file:line:col with a code frame, exit 1', () => {
  const r = buildWith('bad.mdx', '---\ntitle: Bad\n---\n\n# Bad\n\nSome text {1 +} more.\n')
  assert.is(r.code, 1)
  assert.match(r.stderr, /content\/docs\/v2\/bad\.mdx:7:\d+: error: .+\[mdx\]/)
  assert.match(r.stderr, 'Some text {1 +} more.')
})

test('an unclosed tag: the error at its line in the file, with no position of the body in its words', () => {
  const r = buildWith('open.mdx', '---\ntitle: Open\n---\n\n# Open\n\nText.\n\n<div>unclosed\n')
  assert.is(r.code, 1)
  assert.match(r.stderr, 'content/docs/v2/open.mdx:9:1: error: Expected a closing tag for `<div>`')
  assert.not.match(r.stderr, /\(\d+:\d+-\d+:\d+\)/)
})

test('a component used without an import: the error names it and its line', () => {
  const r = buildWith('nope.mdx', '---\ntitle: Nope\n---\n\nText.\n\n<Nope />\n')
  assert.is(r.code, 1)
  assert.match(r.stderr, 'content/docs/v2/nope.mdx:7:1: error: <Nope> is not defined')
})

test('format "detect" keeps .md files markdown; "mdx" compiles them as MDX', async () => {
  assert.match(body('index.html'), 'Braces are text in a markdown file: {1+1}.')
  const mdx = await buildFixture('mdx-site', {
    title: 'MDX Fixture',
    docs: { versions: [{ name: 'v2' }] },
    markdown: { format: 'mdx' },
  })
  assert.match(html(mdx, 'index.html'), 'Braces are text in a markdown file: <!-- -->2<!-- -->.')
})

test('markdown.format is checked (exit 3)', () => {
  const dir = tempCopy('mdx-site')
  fs.writeFileSync(
    path.join(dir, 'docs-site.config.ts'),
    "export default { markdown: { format: 'markdown' } }\n",
  )
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 3)
  assert.match(r.stderr, '"markdown.format" must be one of "md", "mdx", "detect"')
  fs.rmSync(dir, { recursive: true, force: true })
})

test.after(() => broken && fs.rmSync(broken.dir, { recursive: true, force: true }))

test.run()
