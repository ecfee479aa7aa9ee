// Standalone pages: content/pages/**/*.md and .tsx become /<path>/ (and /vi/<path>/), framed by
// the navbar and footer, without the docs sidebar, in the sitemap and the search index.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, html } from './helpers/index.js'
import { formatDiagnostic } from '../src/errors.js'
import type { BuildResult, UserConfig } from '../src/types.js'

const CONFIG: UserConfig = {
  title: 'Fixture Site',
  url: 'https://fixture.example',
  search: true,
  navbar: { title: 'Fixture', items: [{ label: 'About', to: '/about/' }] },
  footer: { links: [{ label: 'Support', to: '/support/' }], copyright: 'Fixture Ltd' },
}
let result: BuildResult
test.before(async () => {
  result = await buildFixture('pages', CONFIG)
})

test('a markdown page: its route, title, navbar and footer, no sidebar', () => {
  const page = html(result, 'about/index.html')
  assert.match(page, '<title>About us | Fixture Site</title>')
  assert.match(page, '<h1>About us</h1>')
  assert.match(page, 'We make games.')
  assert.match(page, 'class="navbar')
  assert.match(page, 'Fixture Ltd')
  assert.not.match(page, 'class="sidebar')
  assert.not.match(page, 'has-sidebar')
  assert.match(page, 'href="/support/#contact"')
  assert.match(page, '<meta name="description" content="Who we are."')
})

test('an index.md is its folder’s page; the title comes from its heading', () => {
  const page = html(result, 'support/index.html')
  assert.match(page, '<title>Support | Fixture Site</title>')
  assert.match(page, 'id="contact"')
})

test('Vietnamese pages come from content/i18n/vi/pages/, with a fallback to English', () => {
  assert.match(html(result, 'vi/about/index.html'), '<title>Về chúng tôi | Fixture Site</title>')
  assert.match(html(result, 'vi/support/index.html'), /Chưa được dịch|not translated/i)
})

test('a .tsx page renders its component', () => {
  const page = html(result, 'team/index.html')
  assert.match(page, '<title>Our team | Fixture Site</title>')
  assert.match(page, /<p class="team-locale">Rendered for (<!-- -->)?en<\/p>/)
  assert.match(html(result, 'vi/team/index.html'), 'team-locale')
})

test('pages are in the sitemap and indexed for search', () => {
  const sitemap = String(result.output.get('sitemap.xml'))
  for (const u of ['/about/', '/support/', '/team/', '/vi/about/'])
    assert.match(sitemap, `<loc>https://fixture.example${u}</loc>`)
  assert.match(html(result, 'about/index.html'), 'data-pagefind-body=""')
  assert.equal(result.diagnostics.map(formatDiagnostic), [])
})

test('a partial included by a standalone page is found beside the page', () => {
  assert.match(html(result, 'about/index.html'), 'Shared contact line from a partial.')
  assert.equal(
    result.diagnostics.filter((d) => d.code === 'markdown').map((d) => d.message),
    [],
  )
})

test.run()
