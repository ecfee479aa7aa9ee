// A create-docusaurus project's React home page and config (test/fixtures/docusaurus/react-page):
// the page renders at build time through the MDX pipeline with Docusaurus's Layout, Link, Heading
// and context, its CSS module and its SVG import; the config's prism-react-renderer import works
// without the package installed.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, html } from './helpers/index.js'
import type { BuildResult } from '../src/types.js'

let result: BuildResult
test.before(async () => {
  result = await buildFixture('docusaurus/react-page')
})

test('the config loads without prism-react-renderer installed, and the site builds', () => {
  const errors = result.diagnostics.filter((d) => d.severity === 'error')
  assert.equal(errors, [], errors.map((d) => `${d.at?.file}: ${d.message}`).join('\n'))
})

test('src/pages/index.js is the home page; _shared.js is not a page', () => {
  const urls = result.site.routes.map((r) => r.url).filter((u) => !u.endsWith('.html'))
  assert.ok(urls.includes('/'), urls.join(' '))
  assert.not.ok(
    urls.some((u) => u.includes('shared')),
    urls.join(' '),
  )
})

test('Layout gives the title, Link a checked site URL, Heading its element, a CSS module its names', () => {
  const home = html(result, 'index.html')
  assert.match(home, '<title>Welcome to Lantern | Lantern</title>')
  // The CSS module's class, scoped by its file's path, as the page's stylesheet names it.
  assert.match(home, '<header class="src_pages_index_hero"><h1>Light for your logs</h1>')
  assert.match(home, '<a class="button" href="/docs/intro/">Read the docs</a>')
})

test('the CSS module is applied: its rules are in a stylesheet that the page links, and only that page', () => {
  const home = html(result, 'index.html')
  const href = /<link rel="stylesheet" href="\/(assets\/css\/page\.[0-9A-F]+\.css)"\/>/.exec(home)?.[1]
  assert.ok(href, 'the home page links its CSS')
  assert.match(String(result.output.get(href)), '.src_pages_index_hero{padding:2rem}')
  assert.not.match(html(result, 'docs/intro/index.html'), 'assets/css/page.')
  assert.not.match(home, 'docs-site-css')
})

test('an SVG required by a component is a component showing the copied file', () => {
  const home = html(result, 'index.html')
  // Its URL is the copied file's, hashed like every imported file.
  assert.match(
    home,
    /<img src="\/assets\/files\/lamp\.[0-9a-f]+\.svg" alt="" class="feature-icon" role="img"\/>/,
  )
})

test.run()
