import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanPath, docPathFor, outFileFor, urlFor } from '../src/urls.js'
import { parseFenceInfo } from '../src/parse/markdown-rules.js'
import { plural, interpolate } from '../shared/strings.js'
import { docIdFromPath } from '../src/parse/index.js'
import type { SiteConfig } from '../src/types.js'

const config = { baseUrl: '/', defaultLocale: 'en', trailingSlash: true } as SiteConfig

test('doc paths follow the Docusaurus slug rules', () => {
  assert.is(docPathFor('index.md', 'index', {}), '')
  assert.is(docPathFor('guide/intro.md', 'guide/intro', {}), 'guide/intro')
  assert.is(docPathFor('guide/index.md', 'guide/index', {}), 'guide')
  assert.is(docPathFor('bo/turnkey/reports.md', 'bo/turnkey/reports', { slug: '/bo/reports' }), 'bo/reports')
  // A relative slug resolves against the file's folder: the spec's own white-label welcome page.
  assert.is(
    docPathFor('bo/white-label/welcome-page.md', 'bo/white-label/welcome-page', {
      slug: 'bo/white-label/welcome-page',
    }),
    'bo/white-label/bo/white-label/welcome-page',
  )
  assert.is(docIdFromPath('guide/01-intro.md'), 'guide/intro')
  assert.is(docIdFromPath('guide/01-intro.md', 'start'), 'guide/start')
})

test('urlFor adds locale and version prefixes and encodes segments', () => {
  assert.is(urlFor(config, { locale: 'en', path: '' }), '/')
  assert.is(urlFor(config, { locale: 'vi', versionPath: 'v1', path: 'api/bet' }), '/vi/v1/api/bet/')
  assert.is(
    urlFor(config, { locale: 'en', path: 'hướng dẫn/a b' }),
    '/h%C6%B0%E1%BB%9Bng%20d%E1%BA%ABn/a%20b/',
  )
  assert.is(outFileFor(config, '/h%C6%B0%E1%BB%9Bng%20d%E1%BA%ABn/'), 'hướng dẫn/index.html')
  assert.is(outFileFor(config, '/'), 'index.html')
})

test('urlFor: a path of letters, digits, _.~- is kept; any other character is encoded, an escape kept', () => {
  assert.is(urlFor(config, { locale: 'en', path: 'A_b.c~d-1/x' }), '/A_b.c~d-1/x/')
  assert.is(urlFor(config, { locale: 'en', path: 'c#/q?a=1&b' }), '/c%23/q%3Fa%3D1%26b/')
  assert.is(urlFor(config, { locale: 'en', path: 'f(x)!/50%25 off' }), '/f(x)!/50%25%20off/')
})

test('trailingSlash: false: slash-less URLs but a locale home keeps its slash; Docusaurus pages are a.html', () => {
  const slashless = { ...config, trailingSlash: false, locales: ['en', 'fr'] } as SiteConfig
  assert.is(urlFor(slashless, { locale: 'fr', path: 'guide' }), '/fr/guide')
  assert.is(urlFor(slashless, { locale: 'fr', path: '' }), '/fr/')
  assert.is(urlFor(slashless, { locale: 'fr', versionPath: 'next', path: '' }), '/fr/next')
  assert.is(outFileFor(slashless, '/fr/guide'), 'fr/guide/index.html')
  const docusaurus = { ...slashless, layout: 'docusaurus' } as SiteConfig
  assert.is(outFileFor(docusaurus, '/fr/guide'), 'fr/guide.html')
  assert.is(outFileFor(docusaurus, '/fr/next'), 'fr/next.html')
  assert.is(outFileFor(docusaurus, '/fr/'), 'fr/index.html')
  assert.is(outFileFor(docusaurus, '/'), 'index.html')
})

test('.html and /index.html paths are normalised to the clean path', () => {
  assert.is(cleanPath('/a/index.html', true), '/a/')
  assert.is(cleanPath('/a.html', true), '/a/')
  assert.is(cleanPath('/a', true), '/a/')
  assert.is(cleanPath('/img/x.svg', true), '/img/x.svg')
})

test('code fence info: language, title, line ranges, line numbers', () => {
  const info = parseFenceInfo('json title="POST /wallet/bet" {1,3-5} showLineNumbers')
  assert.is(info.lang, 'json')
  assert.is(info.title, 'POST /wallet/bet')
  assert.equal([...info.highlightLines], [1, 3, 4, 5])
  assert.ok(info.showLineNumbers)
  assert.is(parseFenceInfo('').lang, '')
})

test('plural forms per locale', () => {
  const s = { posts: 'One post|{count} posts' }
  assert.is(plural(s, 'posts', 1, 'en'), 'One post')
  assert.is(plural(s, 'posts', 3, 'en'), '3 posts')
  assert.is(plural({ posts: '{count} bài viết' }, 'posts', 1, 'vi'), '1 bài viết')
  assert.is(interpolate('Direct link to {heading}', { heading: 'Retry' }), 'Direct link to Retry')
})

test.run()
