// A Docusaurus site's client redirects and head tags (test/fixtures/docusaurus/site-options: an
// invented field guide under baseUrl /handbook/, in en and fr): redirect pages land at the old
// paths as @docusaurus/plugin-client-redirects writes them, and headTags, stylesheets and scripts
// reach every page's <head>, escaped.
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildDir, cli, FIXTURES, html, tempDir } from './helpers/index.js'
import type { BuildResult } from '../src/types.js'

const FIXTURE = path.join(FIXTURES, 'docusaurus/site-options')

/** A writable copy of the fixture (tests build it, break it, or run git in it). */
function tempCopy(): string {
  const dir = tempDir('docs-site-site-options-')
  fs.cpSync(FIXTURE, dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}build`) })
  return dir
}
let result: BuildResult
test.before(async () => {
  const dir = tempCopy()
  result = await buildDir(dir)
  fs.rmSync(dir, { recursive: true, force: true })
})

/** A copy of the fixture with its Docusaurus config edited by `edit`. */
function copyWith(edit: (config: string) => string): string {
  const dir = tempCopy()
  const file = path.join(dir, 'docusaurus.config.js')
  fs.writeFileSync(file, edit(fs.readFileSync(file, 'utf8')))
  return dir
}

/** Where a redirect page sends the reader (its refresh URL), or undefined for a real page. */
const target = (r: BuildResult, file: string) =>
  /http-equiv="refresh" content="0; url=([^"]*)"/.exec(html(r, file))?.[1]

test('each `from` of the list, createRedirects and fromExtensions gets a redirect page, in every locale', () => {
  const expected: Record<string, string> = {
    'docs/setup/index.html': '/handbook/docs/guides/install/',
    'updates/index.html': '/handbook/news/',
    'old-news/index.html': '/handbook/news/',
    'docs/requirements/index.html': '/handbook/docs/guides/install/?tab=linux#requirements',
    'docs/tutorials/install/index.html': '/handbook/docs/guides/install/',
    'docs/tutorials/survey/index.html': '/handbook/docs/guides/survey/',
    'docs/intro.html/index.html': '/handbook/docs/intro/',
    'news/2024/04/02/first-season.html/index.html': '/handbook/news/2024/04/02/first-season/',
  }
  for (const [file, to] of Object.entries(expected)) {
    assert.is(target(result, file), to, file)
    assert.is(target(result, `fr/${file}`), to.replace('/handbook/', '/handbook/fr/'), `fr/${file}`)
  }
  // The home page has no `.html` twin: '/' is not a path an extension is added to.
  assert.not.ok(result.output.has('index.html.html') || result.output.has('.html/index.html'))
})

test('a redirect page: refresh, canonical, a visible link, a script keeping the query and #hash; in the locale’s words', () => {
  const page = html(result, 'docs/requirements/index.html')
  const to = '/handbook/docs/guides/install/?tab=linux#requirements'
  assert.match(page, '<html lang="en">')
  assert.match(page, `<link rel="canonical" href="https://lanternfly.example${to}">`)
  assert.match(page, `<a href="${to}">${to}</a>`)
  assert.match(page, 'location.replace("/handbook/docs/guides/install/"+')
  assert.match(page, 'location.search')
  assert.match(page, 'location.hash')
  assert.match(page, '<meta name="robots" content="noindex">')
  const fr = html(result, 'fr/docs/setup/index.html')
  assert.match(fr, '<html lang="fr">')
  assert.match(fr, 'Cette page a été déplacée vers <a href="/handbook/fr/docs/guides/install/">')
})

test('a `from` that is a page of the site keeps the page, with a warning at its line in the config', () => {
  assert.is(target(result, 'docs/intro/index.html'), undefined)
  assert.match(html(result, 'docs/intro/index.html'), '<h1')
  const warning = result.diagnostics.find((d) => d.message.includes('"/docs/intro" is a page'))
  assert.ok(warning, result.diagnostics.map((d) => d.message).join('\n'))
  assert.is(warning!.severity, 'warning')
  assert.is(warning!.at?.file, 'docusaurus.config.js')
  const line = fs
    .readFileSync(path.join(FIXTURE, 'docusaurus.config.js'), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes("from: '/docs/intro'"))
  assert.is(warning!.at?.line, line + 1)
})

test('a path redirected twice keeps its first redirect, with one warning for all locales', async () => {
  const dir = copyWith((c) =>
    c.replace('redirects: [', "redirects: [\n          { from: '/updates', to: '/docs/intro' },"),
  )
  try {
    const r = await buildDir(dir)
    assert.is(target(r, 'updates/index.html'), '/handbook/docs/intro/')
    assert.is(target(r, 'fr/updates/index.html'), '/handbook/fr/docs/intro/')
    const twice = r.diagnostics.filter((d) => d.message.includes('redirected twice'))
    assert.is(twice.length, 1, twice.map((d) => d.message).join('\n'))
    assert.match(
      twice[0]!.message,
      '"/updates" is redirected twice; the first redirect (to "/docs/intro") is kept',
    )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('redirect pages are not routes: not in the sitemap, no Markdown twin', () => {
  const sitemap = String(result.output.get('sitemap.xml'))
  for (const p of ['docs/setup', 'updates', 'tutorials', '.html']) assert.not.match(sitemap, p)
  assert.not.ok(result.output.has('docs/setup/index.md'))
  assert.not.ok(result.site.routes.some((r) => r.url.includes('/setup')))
})

test('the plugin is mapped: the summary warning no longer lists it, nor the head tags or last-update options', () => {
  const summary = result.diagnostics.find((d) => d.code === 'docusaurus')?.message ?? ''
  for (const word of [
    'client-redirects',
    'headTags',
    'scripts',
    'stylesheets',
    'breadcrumbs',
    'LastUpdate',
    'blog.',
  ])
    assert.not.match(summary, word)
})

test('headTags, then stylesheets, then scripts end every page’s <head>, attributes escaped', () => {
  const head = (file: string) => /<head>[\s\S]*<\/head>/.exec(html(result, file))![0]
  const tags = [
    '<link rel="preconnect" href="https://fonts.lanternfly.example">',
    '<meta name="lanternfly-verify" content="a&quot;b&lt;c&gt;&amp;d">',
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Lanternfly"}</script>',
    '<link rel="stylesheet" href="https://fonts.lanternfly.example/inter.css">',
    '<link rel="stylesheet" href="/handbook/css/print.css" media="print">',
    '<script src="https://stats.lanternfly.example/count.js"></script>',
    // `async: true` is the bare attribute; `defer: false` is left out.
    '<script src="/handbook/js/widget.js" async data-site="lanternfly"></script>',
  ].join('')
  for (const file of [
    'index.html',
    'docs/intro/index.html',
    'news/index.html',
    'fr/about/index.html',
    '404.html',
  ])
    assert.ok(head(file).endsWith(tags + '</head>'), file)
})

test('an unsafe tag or attribute name is refused at the config (exit 3); a script needs its src', () => {
  const dir = copyWith((c) =>
    c
      .replace("tagName: 'meta'", "tagName: 'meta onload=x'")
      .replace("{ src: '/handbook/js/widget.js',", "{ source: '/handbook/js/widget.js',")
      .replace("rel: 'preconnect'", "'rel\"x': 'preconnect'"),
  )
  try {
    const r = cli(['build', '--root', dir])
    assert.is(r.code, 3, r.stderr)
    assert.match(
      r.stderr,
      /docusaurus\.config\.js:\d+:\d+: error: "headTags\[1\]\.tagName" "meta onload=x" is not a valid tag name/,
    )
    assert.match(r.stderr, '"scripts[1].src" is required')
    assert.match(r.stderr, 'is not a valid attribute name')
    assert.not.match(r.stderr, /\n\s+at /)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('a `to` that is no page is an error at its line in the config (exit 3); so are a `from` without / and a createRedirects that throws', () => {
  const dir = copyWith((c) =>
    c
      .replace("to: '/docs/guides/install' }", "to: '/docs/gone' }")
      .replace("['/updates'", "['updates'")
      .replace('return undefined', "throw new Error('no old path for ' + existingPath)"),
  )
  try {
    const r = cli(['build', '--root', dir])
    assert.is(r.code, 3, r.stderr)
    const line = fs
      .readFileSync(path.join(dir, 'docusaurus.config.js'), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes("to: '/docs/gone'"))
    assert.match(r.stderr, `docusaurus.config.js:${line + 1}:`)
    assert.match(
      r.stderr,
      'error: clientRedirects: "/docs/gone" (the redirect from "/docs/setup") is not a page of the site',
    )
    assert.match(r.stderr, 'clientRedirects: from "updates" is not a path')
    const create = fs
      .readFileSync(path.join(dir, 'docusaurus.config.js'), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes('createRedirects('))
    assert.match(
      r.stderr,
      `docusaurus.config.js:${create + 1}:9: error: clientRedirects: createRedirects("/") threw: no old path for /`,
    )
    assert.not.match(r.stderr, /\n\s+at /)
    assert.not.ok(fs.existsSync(path.join(dir, 'build')), 'nothing is written')
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('trailingSlash: false: redirect pages are `x.html` files leading to slash-less URLs; createRedirects sees them', async () => {
  const dir = copyWith((c) =>
    c.replace("baseUrl: '/handbook/',", "baseUrl: '/handbook/',\n  trailingSlash: false,"),
  )
  // Links on such a site are slash-less too.
  const intro = path.join(dir, 'docs/intro.md')
  fs.writeFileSync(intro, fs.readFileSync(intro, 'utf8').replace('(/docs/setup/)', '(/docs/setup)'))
  try {
    const r = await buildDir(dir)
    assert.is(target(r, 'docs/setup.html'), '/handbook/docs/guides/install')
    assert.is(target(r, 'docs/tutorials/survey.html'), '/handbook/docs/guides/survey')
    assert.is(target(r, 'fr/updates.html'), '/handbook/fr/news')
    // `/docs/intro.html` is the page itself on such a site: Docusaurus's `.html.html` file.
    assert.is(target(r, 'docs/intro.html.html'), '/handbook/docs/intro')
    assert.not.ok(target(r, 'docs/intro.html'))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('check-links passes on the built site, the redirect page a doc links to included', () => {
  const dir = tempCopy()
  try {
    assert.is(cli(['build', '--root', dir, '--quiet']).code, 0)
    assert.ok(fs.existsSync(path.join(dir, 'build/docs/setup/index.html')))
    const r = cli(['check-links', '--root', dir])
    assert.is(r.code, 0, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, 'none broken')
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('init --from-docusaurus writes clientRedirects (createRedirects as code) and the head tags; it builds the same pages', async () => {
  const dir = tempCopy()
  try {
    const r = cli(['init', '--from-docusaurus', '--root', dir])
    assert.is(r.code, 0, r.stderr)
    const text = fs.readFileSync(path.join(dir, 'docs-site.config.ts'), 'utf8')
    assert.match(text, 'createRedirects(existingPath)')
    assert.match(text, "fromExtensions: ['html']")
    assert.match(text, "tagName: 'meta'")
    assert.match(text, 'showLastUpdateAuthor: true')
    assert.match(text, "routeBasePath: 'news'")
    const again = await buildDir(dir)
    assert.is(again.site.config.configFile, path.join(dir, 'docs-site.config.ts'))
    const pages = (b: BuildResult) => [...b.output.keys()].filter((f) => f.endsWith('.html')).sort()
    assert.equal(pages(again), pages(result))
    assert.is(target(again, 'docs/tutorials/install/index.html'), '/handbook/docs/guides/install/')
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('with search on, the index holds the pages and none of the redirect pages', () => {
  const dir = tempCopy()
  try {
    assert.is(cli(['init', '--from-docusaurus', '--root', dir]).code, 0)
    const file = path.join(dir, 'docs-site.config.ts')
    fs.writeFileSync(
      file,
      fs
        .readFileSync(file, 'utf8')
        .replace("layout: 'docusaurus',", "layout: 'docusaurus',\n  search: true,"),
    )
    const r = cli(['build', '--root', dir, '--quiet'])
    assert.is(r.code, 0, r.stderr)
    const out = path.join(dir, 'build')
    const htmlFiles = (fs.readdirSync(out, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.html') && fs.statSync(path.join(out, f)).isFile(),
    )
    const indexed = (lang: string) =>
      htmlFiles.filter((f) => {
        const text = fs.readFileSync(path.join(out, f), 'utf8')
        return text.includes(`<html lang="${lang}"`) && text.includes('data-pagefind-body')
      }).length
    const entry = JSON.parse(fs.readFileSync(path.join(out, 'pagefind/pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>
    }
    assert.ok(htmlFiles.includes('docs/setup/index.html'))
    assert.ok(indexed('en') > 0)
    assert.is(entry.languages.en?.page_count, indexed('en'))
    assert.is(entry.languages.fr?.page_count, indexed('fr'))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
