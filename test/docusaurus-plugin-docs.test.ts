// A Docusaurus site without the classic preset (test/fixtures/docusaurus/plugin-docs): its docs
// come from the content-docs plugin listed on its own, at the root of its baseUrl, and links
// written as URLs relative to a page resolve as the browser resolves them on Docusaurus's URLs.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, html } from './helpers/index.js'
import type { BuildResult } from '../src/types.js'

let result: BuildResult
test.before(async () => {
  result = await buildFixture('docusaurus/plugin-docs')
})

test('onBrokenLinks: "log" makes a broken link a warning; an html navbar item shows its value', () => {
  const broken = result.diagnostics.filter((d) => d.code === 'broken-link')
  assert.equal(
    broken.map((d) => d.severity),
    ['warning'],
  )
  assert.match(broken[0]!.message, '/kettle/settings')
  assert.match(html(result, 'brewing/index.html'), '<span class="kettle-badge">beta</span>')
})

test('the docs plugin’s options apply: routeBasePath "/" puts the docs at the baseUrl', () => {
  const errors = result.diagnostics.filter((d) => d.severity === 'error')
  assert.equal(errors, [], errors.map((d) => d.message).join('\n'))
  const urls = result.site.routes.map((r) => r.url).filter((u) => !u.endsWith('.html'))
  assert.equal(urls.sort(), ['/kettle/', '/kettle/brewing/', '/kettle/options/'])
})

test('the content plugin and the classic theme are not listed as plugins not run', () => {
  const summary = result.diagnostics.find((d) => d.code === 'docusaurus')?.message ?? ''
  assert.not.match(summary, 'plugin-content-docs')
  assert.not.match(summary, 'theme-classic')
  assert.not.match(summary, 'customCss')
  assert.match(summary, 'plugin "@docusaurus/plugin-google-gtag"')
})

test('the classic theme’s customCss (a require.resolve path) is linked from every page, under the baseUrl', () => {
  for (const page of ['index.html', 'brewing/index.html']) {
    const href = /<link rel="stylesheet" href="\/kettle\/(assets\/css\/site\.[0-9A-Z]+\.css)"\/>/.exec(
      html(result, page),
    )?.[1]
    assert.ok(href, page)
    assert.match(String(result.output.get(href)), '.kettle-badge{')
  }
})

test('a relative URL link resolves from the page’s parent, as on /kettle/brewing', () => {
  const brewing = html(result, 'brewing/index.html')
  assert.match(brewing, 'href="/kettle/options/#retries">the retry option')
  assert.match(brewing, 'href="/kettle/options/#retries">same option')
  // The root keeps its slash: a link from /kettle/ stays under it.
  assert.match(html(result, 'index.html'), 'href="/kettle/brewing/">brewing')
})

test.run()
