import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../src/config.js'
import { build } from '../src/build.js'
import { ROOT } from './helpers/index.js'
import type { BuildResult } from '../src/types.js'

// Every route of the product spec (§2), in both locales; v1's additions and omissions.
const DOCS = [
  '',
  'bet-state',
  'appendix',
  'restrictions',
  'integration/launch-game',
  'integration/system-requirement',
  ...[
    'default-wallet-options',
    'deposit-event-on-fish-game',
    'list-games',
    'load-games-via-sdk',
    'mini-app/mini-app-overall-flow',
    'transfer-wallet/integration-flow-with-transfer-wallet',
  ].map((p) => `integration/integration-flow/${p}`),
  ...[
    'integration-flow',
    'seamless-wallet',
    'transfer-wallet',
    'mini-app',
    'white-label',
    'turnkey',
    'faqs',
  ].map((c) => `category/${c}`),
]
const SEAMLESS = 'integration/integration-flow/seamless-wallet/'
const API = [
  'bet',
  'cancel',
  'create-tenant-token',
  'create-transfer',
  'game',
  'get-game',
  'get-jackpots',
  'get-player-wallet',
  'get-wallet',
  'history',
  'list-bet-histories',
  'list-failed-transactions',
  'list-game-histories',
  'list-games',
  'list-retries',
  'list-transactions',
  'list-transfers',
  'n-11-s-integration-api',
  'payout',
  'player',
  'refund',
  'retry-failed-transaction',
  'rollback',
  'seamless-wallet',
  'sign-in',
  'sign-up',
  'tenant',
  'transaction',
  'transfer-wallet',
  'turnkey',
  'verify',
]
const BO = [
  ...[
    'faq',
    'agent-management',
    'content-management',
    'dashboard',
    'game-management',
    'insight-management',
    'turnkey/login-page',
    'player_management',
    'promotion-management-for-turnkey',
    'reports',
    'settings',
    'staff-management',
    'tools',
    'welcome-page',
  ].map((p) => `bo/${p}`),
  ...[
    'dashboard',
    'game-management',
    'insight-management',
    'login-page',
    'player_management',
    'reports',
    'settings',
    'staff-management',
  ].map((p) => `bo/white-label/${p}`),
  'bo/white-label/bo/white-label/welcome-page',
  'bo/promotion-management-for-white-label',
]
const BLOG = [
  'blog',
  'blog/archive',
  'blog/authors',
  'blog/tags',
  'blog/first-integration',
  'blog/hello-world',
  'blog/integration-test',
  'blog/retry-mechanism',
  ...[
    'brothers-team',
    'case-study',
    'hello-world',
    'integration',
    'integration-test',
    'n-11-s',
    'n11s-game-hub',
    'retry-mechanism',
    'tenant',
  ].map((t) => `blog/tags/${t}`),
]
const V1_ONLY = ['api/get-histories', 'api/reset-game-state', 'api/resolve-pending-bet']
const NOT_IN_V1 = [
  'api/cancel',
  'api/list-bet-histories',
  'api/list-game-histories',
  'api/list-transactions',
  'bet-state',
]

let result: BuildResult
test.before(async () => {
  result = await build(await loadConfig(ROOT, { outDir: path.join(ROOT, 'test/.tmp/n11s') }), {
    write: false,
  })
})

const has = (url: string) => result.site.routeByUrl.has(url)
const url = (p: string) => (p ? `/${p}/` : '/')

for (const locale of ['', 'vi/']) {
  test(`every v2 route of the spec exists (${locale || 'en'})`, () => {
    const missing = [...DOCS, ...API.map((a) => `api/${a}`), 'api', ...BO, ...BLOG]
      .map((p) => `/${locale}${p}`.replace(/\/$/, ''))
      .filter((p) => !has(url(p.slice(1))))
    assert.equal(missing, [])
    const seamless = result.site.routes.filter(
      (r) => r.locale === (locale ? 'vi' : 'en') && r.version === 'v2' && r.url.includes(`/${SEAMLESS}`),
    )
    assert.is(seamless.length, 3)
  })

  test(`v1 mirrors v2 under /v1 with its own differences (${locale || 'en'})`, () => {
    const v1 = (p: string) => url(`${locale}v1/${p}`.replace(/\/$/, ''))
    const mirrored = [
      ...DOCS.filter((p) => p !== 'bet-state'),
      ...API.filter((a) => !NOT_IN_V1.includes(`api/${a}`)).map((a) => `api/${a}`),
      ...BO,
      ...V1_ONLY,
    ]
    assert.equal(
      mirrored.filter((p) => !has(v1(p))),
      [],
    )
    assert.equal(
      NOT_IN_V1.filter((p) => has(v1(p))),
      [],
    )
  })
}

test('the home page is titled like every page: "Getting started | N11S Documentation"', () => {
  const home = result.site.routeByUrl.get('/')!
  assert.is(home.data.kind === 'doc' && home.data.doc.title, 'Getting started')
  const page = String(result.output.get('index.html') ?? '')
  assert.match(page, '<title>Getting started | N11S Documentation</title>')
})

test('v1 has the refunds page at v2’s route, and the version switch lands on it', () => {
  const route = `/v1/${SEAMLESS}refund-rollback-and-cancel/`
  assert.ok(has(route), route)
  const v2 = result.site.routeByUrl.get(`/${SEAMLESS}refund-rollback-and-cancel/`)!
  const v1 = result.site.routeByUrl.get(route)!
  assert.is(v1.versionKey, v2.versionKey)
  const page = String(result.output.get(`${SEAMLESS}refund-rollback-and-cancel/index.html`) ?? '')
  assert.match(page, `href="${route}"`)
})

test('the N11S site builds without a single diagnostic', () => {
  assert.equal(
    result.diagnostics.map((d) => d.message),
    [],
  )
})

test.run()
