// Navbar mistakes are build errors, not links to '#'; the footer logo's href is a link; the
// mobile menu toggle only appears when the menu has something to show.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, html } from './helpers/index.js'
import { DocsSiteError, formatDiagnostic } from '../src/errors.js'
import type { UserConfig } from '../src/types.js'

const failing = async (config: UserConfig) => {
  try {
    await buildFixture('navbar-check', config)
  } catch (e) {
    if (e instanceof DocsSiteError) return e
    throw e
  }
  throw new Error('the build succeeded')
}

test('a doc item with an unknown id and a docSidebar item with an unknown sidebar are errors', async () => {
  const err = await failing({
    title: 'F',
    navbar: {
      items: [
        { type: 'doc', docId: 'nope', label: 'Guide' },
        {
          type: 'dropdown',
          label: 'More',
          items: [{ type: 'docSidebar', sidebarId: 'missing', label: 'API' }],
        },
      ],
    },
  })
  const lines = err.diagnostics.map(formatDiagnostic).join('\n')
  assert.match(lines, 'error: navbar.items[0] (type "doc", "Guide"): no doc with id "nope" in v2 [config]')
  assert.match(
    lines,
    'error: navbar.items[1].items[0] (type "docSidebar", "API"): no sidebar with id "missing" in v2 [config]',
  )
})

test('the footer logo links to its href', async () => {
  const result = await buildFixture('navbar-check', {
    title: 'F',
    navbar: { items: [{ type: 'doc', docId: 'index', label: 'Home' }] },
    footer: { logo: { src: '/logo.svg', alt: 'Acme', href: 'https://acme.example/' }, copyright: 'Acme' },
  })
  assert.equal(result.diagnostics.map(formatDiagnostic), [])
  assert.match(
    html(result, 'index.html'),
    /<a class="footer-logo-link" href="https:\/\/acme\.example\/"><img [^>]*class="footer-logo"/,
  )
})

test('no menu toggle on a page without navbar items or sidebar; one where there is a sidebar', async () => {
  const result = await buildFixture('navbar-check', { title: 'F', navbar: { items: [] } })
  assert.not.match(html(result, 'about/index.html'), 'menu-toggle')
  assert.match(html(result, 'index.html'), 'menu-toggle')
})

test.run()
