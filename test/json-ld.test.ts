import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, html } from './helpers/index.js'
import fixtureConfig from './fixtures/machine/docs-site.config.js'
import type { BuildResult, UserConfig } from '../src/types.js'

let result: BuildResult
test.before(async () => {
  result = await buildFixture('machine')
})

type Thing = Record<string, unknown> & { '@type': string }
const SCRIPT = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g
const things = (page: string): Thing[] => [...page.matchAll(SCRIPT)].map((m) => JSON.parse(m[1]!) as Thing)
const ofType = (page: string, type: string) => things(page).find((t) => t['@type'] === type)

test('docs: TechArticle and a BreadcrumbList of absolute URLs; < cannot close the script', () => {
  const page = html(result, 'guide/setup/index.html')
  assert.equal(
    things(page).map((t) => t['@type']),
    ['BreadcrumbList', 'TechArticle'],
  )
  const article = ofType(page, 'TechArticle')!
  assert.is(article['@context'], 'https://schema.org')
  assert.is(article.headline, 'Setup <guide>')
  assert.is(article.url, 'https://fixture.example/guide/setup/')
  assert.is(article.inLanguage, 'en')
  const crumbs = ofType(page, 'BreadcrumbList')!.itemListElement as Array<Record<string, unknown>>
  assert.equal(crumbs.at(-1), {
    '@type': 'ListItem',
    position: crumbs.length,
    name: 'Setup <guide>',
    item: 'https://fixture.example/guide/setup/',
  })
  // The title's "<" is written as \u003c inside the script.
  for (const m of page.matchAll(SCRIPT)) assert.not.match(m[1]!, '<')
  assert.match(page, '"headline":"Setup \\u003cguide>"')
})

test('API pages: a BreadcrumbList; blog posts: BlogPosting with author, dates and image', () => {
  const op = things(html(result, 'api/get-thing/index.html'))
  assert.equal(
    op.map((t) => t['@type']),
    ['BreadcrumbList'],
  )
  const items = op[0]!.itemListElement as Array<Record<string, unknown>>
  assert.is(items.at(-1)!.item, 'https://fixture.example/api/get-thing/')
  const post = ofType(html(result, 'blog/launch/index.html'), 'BlogPosting')!
  assert.is(post.headline, 'We launched')
  assert.is(post.datePublished, '2024-03-05T00:00:00.000Z')
  assert.is(post.image, 'https://fixture.example/img/logo.svg')
  assert.equal(post.author, [{ '@type': 'Person', name: 'Ana Example', url: 'https://example.org/ana' }])
  assert.is(things(html(result, 'blog/index.html')).length, 0)
})

test('the home page: WebSite, with a SearchAction only when search is on', async () => {
  const site = ofType(html(result, 'index.html'), 'WebSite')!
  assert.is(site.name, 'Fixture Docs')
  assert.is(site.url, 'https://fixture.example/')
  assert.is(site.potentialAction, undefined)
  assert.is(ofType(html(result, 'guide/setup/index.html'), 'WebSite'), undefined)
  const withSearch = await buildFixture('machine', { ...(fixtureConfig as UserConfig), search: true })
  assert.equal(ofType(html(withSearch, 'index.html'), 'WebSite')!.potentialAction, {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: 'https://fixture.example/?q={search_term_string}' },
    'query-input': 'required name=search_term_string',
  })
})

test.run()
