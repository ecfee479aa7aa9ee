import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, ROOT, tempDir } from './helpers/index.js'
import { buildOrThrow, openSite, type BrowserSite } from './helpers/browser.js'
import { axeViolations } from './helpers/axe.js'

// The N11S site itself: one page of every kind, in both locales, light and dark, through axe.
const PAGES = [
  '/',
  '/bet-state/',
  '/integration/integration-flow/seamless-wallet/integration-flow-with-seamless-wallet/',
  // A table whose corner header cell is empty; highlighted code lines.
  '/integration/launch-game/',
  '/v1/integration/integration-flow/seamless-wallet/intergration-flow-bet-and-payout/',
  '/category/seamless-wallet/',
  '/bo/agent-management/',
  '/v1/',
  '/vi/',
  '/vi/bo/white-label/bo/white-label/welcome-page/',
  '/api/',
  '/api/n-11-s-integration-api/',
  '/api/seamless-wallet/',
  '/api/bet/',
  '/api/changes/',
  '/vi/api/create-transfer/',
  '/blog/',
  '/blog/retry-mechanism/',
  '/blog/tags/',
  '/blog/tags/integration/',
  '/blog/authors/',
  '/blog/archive/',
  '/vi/blog/',
  '/404.html',
]

let site: BrowserSite

test.before(async () => {
  const out = tempDir('docs-site-n11s-')
  buildOrThrow(['build', '--out-dir', path.join(out, 'build'), '--quiet'])
  site = await openSite(path.join(out, 'build'))
})
test.after(() => site?.close())

test('the site builds from the repository with no warning', () => {
  const r = cli(['build', '--out-dir', path.join(tempDir('docs-site-n11s-'), 'b')], ROOT)
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /· 0 errors, 0 warnings/)
})

for (const mode of ['light', 'dark'] as const) {
  test(`axe: no violation on any page kind of the N11S site (${mode})`, async () => {
    const { context, page, errors, outside } = await site.newPage({ mode })
    const found: string[] = []
    for (const p of PAGES) {
      const res = await page.goto(site.url + p)
      assert.ok(res && (res.status() === 200 || p === '/404.html'), `${p}: ${res?.status()}`)
      for (const v of await axeViolations(page)) found.push(`${p} ${v}`)
    }
    assert.equal(found, [])
    assert.equal(errors, [])
    assert.equal(outside, [])
    await context.close()
  })
}

test.run()
