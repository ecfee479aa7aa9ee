// What a rendered page keeps for the link check (src/html/document.ts): a link written as the URL
// of a page of the route table is one the build makes, so it is not kept (the navbar and sidebar
// repeat a hundred of them on every page); every other link is, and a broken one beside them is
// still an error.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, tempCopy, buildDir } from './helpers/index.js'
import fs from 'node:fs'
import path from 'node:path'
import { createDocumentFinisher, finishRoute, finishSetup } from '../src/html/document.js'
import { pageLinks } from '../src/links/page-links.js'
import { formatDiagnostic } from '../src/errors.js'
import type { Strings } from '../theme/i18n/format.js'

test('links to pages of the route table are not kept; fragments, assets, other paths and other sites are', async () => {
  const { site } = await buildFixture('basic')
  const route = site.routes.find((r) => r.url === '/guide/intro/')!
  assert.ok(route, 'the fixture has /guide/intro/')
  // Strings are asked for only by the root 404 page.
  const finish = createDocumentFinisher(finishSetup(site, () => ({}) as Strings))
  const html = [
    '<html><head><link rel="alternate" hreflang="vi" href="/vi/guide/intro/"/></head><body>',
    '<a href="/guide/setup/">a page</a>',
    '<a href="/guide/setup/#step-2">a section</a>',
    '<a href="/guide/setup">without its slash</a>',
    '<a href="/guide/nowhere/">missing</a>',
    '<a href="../setup/">relative</a>',
    '<a href="https://example.com/">elsewhere</a>',
    '<img src="/img/logo.svg" alt=""/>',
    '</body></html>',
  ].join('')
  const kept = [...pageLinks(finish(finishRoute(route), html, 'Diagram').links)].map(
    ([tag, href]) => `${tag} ${href}`,
  )
  assert.equal(kept, [
    'a /guide/setup/#step-2',
    'a /guide/setup',
    'a /guide/nowhere/',
    'a ../setup/',
    'a https://example.com/',
    'img /img/logo.svg',
  ])
})

test('a broken link beside links to pages is still an error at its page', async () => {
  const dir = tempCopy('basic')
  const file = path.join(dir, 'content/docs/v2/guide/setup.md')
  fs.appendFileSync(file, '\n\nSee [the intro](/guide/intro/) and [the old page](/guide/removed/).\n')
  const result = await buildDir(dir).catch((err: { diagnostics?: unknown[] }) => err)
  const errors = (
    'diagnostics' in result ? (result.diagnostics as Parameters<typeof formatDiagnostic>[0][]) : []
  )
    .filter((d) => d.severity === 'error')
    .map(formatDiagnostic)
  // The page, and its Vietnamese fallback, which shows the same text.
  assert.equal(errors.length, 2, errors.join('\n'))
  for (const e of errors) {
    assert.match(
      e,
      /^content\/docs\/v2\/guide\/setup\.md:\d+:\d+: error: broken link on .* -> linking to (\/vi)?\/guide\/removed\//,
    )
    assert.not.match(e, /\/guide\/intro\//)
  }
})

test.run()
