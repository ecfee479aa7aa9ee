import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { type Browser } from 'playwright-core'
import { cli, ROOT } from './helpers/index.js'
import { serveStatic } from './helpers/static-server.js'
import { launchChromium } from './helpers/browser.js'
import { axeViolations } from './helpers/axe.js'

// The N11S site itself: one page of every kind, in both locales, light and dark, through axe.
const PAGES = [
  '/', '/bet-state/', '/integration/integration-flow/seamless-wallet/integration-flow-with-seamless-wallet/', '/category/seamless-wallet/',
  '/bo/agent-management/', '/v1/', '/vi/', '/vi/bo/white-label/bo/white-label/welcome-page/',
  '/api/', '/api/n-11-s-integration-api/', '/api/seamless-wallet/', '/api/bet/', '/api/changes/', '/vi/api/create-transfer/',
  '/blog/', '/blog/retry-mechanism/', '/blog/tags/', '/blog/tags/integration/', '/blog/authors/', '/blog/archive/', '/vi/blog/', '/404.html',
]

let browser: Browser
let site: { url: string; close: () => Promise<void> }

test.before(async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-site-n11s-'))
  const r = cli(['build', '--out-dir', path.join(out, 'build'), '--quiet'])
  if (r.code !== 0) throw new Error(r.stderr)
  site = await serveStatic(path.join(out, 'build'))
  browser = await launchChromium()
})
test.after(async () => {
  await browser?.close()
  await site?.close()
})

test('the site builds from the repository with no warning', () => {
  const r = cli(['build', '--out-dir', path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-site-n11s-')), 'b')], ROOT)
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stdout, /· 0 errors, 0 warnings/)
})

for (const mode of ['light', 'dark'] as const) {
  test(`axe: no violation on any page kind of the N11S site (${mode})`, async () => {
    const context = await browser.newContext()
    if (mode === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'))
    await context.route('**/*', (route) => (route.request().url().startsWith(site.url) ? route.continue() : route.abort()))
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(String(e)))
    const found: string[] = []
    for (const p of PAGES) {
      const res = await page.goto(site.url + p)
      assert.ok(res && (res.status() === 200 || p === '/404.html'), `${p}: ${res?.status()}`)
      for (const v of await axeViolations(page)) found.push(`${p} ${v}`)
    }
    assert.equal(found, [])
    assert.equal(errors, [])
    await context.close()
  })
}

test.run()
