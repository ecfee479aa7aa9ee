// The link check's fast path for a page's links to its own fields (`#request-body-name` beside
// every field of an API page): the same verdicts as any other link, a missing id still warns.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkHtmlLinks } from '../src/links/check.js'
import type { RenderedPage } from '../src/render.js'
import { joinLinks } from '../src/links/page-links.js'
import type { SiteConfig } from '../src/types.js'

const config = {
  baseUrl: '/',
  locales: ['en'],
  defaultLocale: 'en',
  onBrokenLinks: 'error',
  api: { onBrokenLinks: 'warn' },
} as unknown as SiteConfig

const page = (url: string, links: Array<[string, string]>, ids: string[]): RenderedPage =>
  ({
    route: { url, outFile: `${url.slice(1)}index.html`, data: { kind: 'api-operation' } },
    html: '',
    reported: [],
    links: joinLinks(links),
    ids: `\n${ids.join('\n')}\n`,
  }) as unknown as RenderedPage

const check = (pages: RenderedPage[]) =>
  checkHtmlLinks({ config, pages, files: new Set<string>() }).map((d) => `${d.severity}: ${d.message}`)

test("a page's links to its own ids: present ones pass, a missing one warns with the page and id", () => {
  const op = page(
    '/api/create-pet/',
    [
      ['a', '#request-body-name'],
      ['a', '#response-201-owner.friend'],
      ['a', '#no-such-field'],
      // Not plain: parsed as a URL, decoded, then looked up like the others.
      ['a', '#caf%C3%A9'],
      ['a', '#missing%20part'],
    ],
    ['request-body-name', 'response-201-owner.friend', 'café'],
  )
  assert.equal(check([op]), [
    'warning: /api/create-pet/ -> linking to #no-such-field: no element with id "no-such-field" on /api/create-pet/',
    'warning: /api/create-pet/ -> linking to #missing%20part: no element with id "missing part" on /api/create-pet/',
  ])
})

test("a fragment on another page is looked up in that page's ids", () => {
  const a = page(
    '/a/',
    [
      ['a', '/b/#there'],
      ['a', '/b/#not-there'],
      ['a', '../b/#there'],
    ],
    [],
  )
  const b = page('/b/', [['a', '/a/']], ['there'])
  assert.equal(check([a, b]), [
    'warning: /a/ -> linking to /b/#not-there: no element with id "not-there" on /b/',
  ])
})

test.run()
