// A versioned Docusaurus site laid out as real ones are (test/fixtures/docusaurus/versions-site):
// docs at the root with `trailingSlash: false`, `lastVersion` from versions.json,
// `onlyIncludeVersions`, the current version under its own path, version labels, banners and the
// version dropdown, `@theme/DocCard`, MDX in ```mdx-code-block fences, a logo `href` without its
// slash, and pages written as `a.html`. Each of these broke the build, its link check, or showed
// otherwise than Docusaurus on a real site.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import path from 'node:path'
import { buildDir, cli, FIXTURES, html, tempDir } from './helpers/index.js'
import { openSite } from './helpers/browser.js'
import type { BuildResult } from '../src/types.js'

const SITE = path.join(FIXTURES, 'docusaurus/versions-site')
let result: BuildResult
test.before(async () => {
  result = await buildDir(SITE)
})

const main = (page: string) => /<main[\s\S]*<\/main>/.exec(html(result, page))?.[0] ?? ''

test('builds with no error and no broken link, slash-less links included', () => {
  const problems = result.diagnostics.filter((d) => d.severity === 'error' || d.code === 'broken-link')
  assert.equal(problems, [], problems.map((d) => d.message).join('\n'))
})

test('routes as Docusaurus places them: last release at the root, current at its path, one excluded', () => {
  const urls = result.site.routes
    .map((r) => r.url)
    .filter((u) => !u.endsWith('.html') && !u.includes('/tags'))
    .sort()
  assert.equal(urls, [
    '/',
    '/2.0.0',
    '/2.0.0/features',
    '/2.0.0/features/echo',
    '/2.0.0/guide',
    '/features',
    '/features/echo',
    '/guide',
    '/next-up',
    '/next-up/features',
    '/next-up/features/echo',
    '/next-up/guide',
  ])
  assert.match(main('guide.html'), 'Invite Parrot 2.1.0')
  assert.match(main('next-up/guide.html'), 'Invite Parrot next')
})

test('links between a version’s docs stay in that version, without a trailing slash', () => {
  assert.match(main('next-up/guide.html'), 'href="/next-up/features/echo#usage"')
  assert.match(main('2.0.0/features/echo.html'), 'href="/2.0.0/guide#setup"')
})

test('@theme/DocCard renders a card whose site path is checked like a link', () => {
  const home = main('index.html')
  assert.match(home, '<div class="doc-card"><a href="/guide"><span class="doc-card-title">Set it up</span>')
  assert.match(home, '<span class="doc-card-description">Everything Parrot can do.</span>')
})

test('an mdx-code-block fence is MDX, not code: the category lists its docs', () => {
  const features = main('2.0.0/features.html')
  assert.match(features, '<ul class="doc-card-list">')
  assert.match(features, 'href="/2.0.0/features/echo"')
  assert.not.match(features, 'DocCardList')
  assert.not.match(features, '<pre')
})

test('the version dropdown lists current first, with the labels, each at the same page, then its dropdownItemsAfter', () => {
  const page = html(result, 'guide.html')
  const menu = /<ul class="dropdown-menu[^"]*"[^>]*>([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? ''
  const items = [...menu.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]])
  assert.equal(items, [
    ['/next-up/guide', 'Next 🚧'],
    ['/guide', 'Stable'],
    ['/2.0.0/guide', 'Legacy'],
    ['https://releases.parrot.example/', 'Release notes'],
  ])
})

test('banners: unreleased on current, unmaintained on an older release, none on the last one', () => {
  const banner = (page: string) =>
    /<div class="[^"]*version-banner[\s\S]*?<\/div><\/div>/.exec(html(result, page))?.[0]
  assert.match(banner('next-up/guide.html') ?? '', 'This is unreleased documentation for Parrot Next 🚧.')
  assert.match(banner('next-up/guide.html') ?? '', 'href="/guide"')
  assert.match(banner('2.0.0/guide.html') ?? '', 'Parrot Legacy, which is no longer actively maintained')
  assert.is(banner('guide.html'), undefined)
})

test('pages are written as Docusaurus writes them with trailingSlash: false (a.html, a.md beside)', () => {
  for (const file of [
    'index.html',
    'guide.html',
    'features.html',
    'features/echo.html',
    'next-up.html',
    '2.0.0/guide.html',
  ])
    assert.ok(result.output.has(file), file)
  assert.ok(result.output.has('guide.md'), 'the Markdown twin beside it')
  assert.not.ok(result.output.has('guide/index.html'))
  assert.match(html(result, 'guide.html'), '<link rel="alternate" type="text/markdown" href="/guide.md"/>')
})

test('check-links finds nothing broken and no redirect: /guide is guide.html, as its hosts serve it', () => {
  const out = tempDir('docs-site-versions-')
  const built = cli(['build', '--root', SITE, '--out-dir', out, '--quiet'])
  assert.is(built.code, 0, built.stderr)
  const checked = cli(['check-links', '--root', SITE, '--out-dir', out])
  assert.is(checked.code, 0, checked.stdout + checked.stderr)
  assert.match(checked.stdout + checked.stderr, 'none broken')
})

test('in Chromium: a slash-less link is followed by client navigation, and the page shows', async () => {
  const out = tempDir('docs-site-versions-')
  assert.is(cli(['build', '--root', SITE, '--out-dir', out, '--quiet']).code, 0)
  const site = await openSite(out, { htmlFiles: true })
  try {
    const { page, errors } = await site.newPage()
    await page.goto(site.url + '/guide')
    await page.evaluate('window.__sameDocument = true')
    await page.click('main a[href="/features/echo#usage"]')
    await page.waitForURL(/\/features\/echo#usage$/)
    await page.waitForSelector('h1:has-text("Echo")')
    assert.is(await page.evaluate('window.__sameDocument'), true, 'swapped in place, not loaded in full')
    assert.equal(errors, [])
  } finally {
    await site.close()
  }
})

test('a logo href written without its slash leads to that site path', () => {
  assert.match(html(result, '2.0.0/features/echo.html'), /<a class="navbar-brand[^"]*" href="\/guide"/)
})

test.run()
