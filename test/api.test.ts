import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, html, snapshot } from './helpers/index.js'
import { formatDiagnostic } from '../src/errors.js'
import { kebab } from '../src/openapi/model.js'
import type { ApiSpec, BuildResult } from '../src/types.js'

let result: BuildResult
let spec: ApiSpec
test.before(async () => {
  result = await buildFixture('api')
  const route = result.site.routes.find((r) => r.data.kind === 'api-info' && r.version === 'v2')!
  spec = (route.data as { spec: ApiSpec }).spec
})

const sample = (op: string, lang: string) =>
  spec.operations.find((o) => o.operationId === op)!.samples.find((s) => s.id === lang)!.code

test('slugs: operationId and title in kebab case, as docusaurus-openapi-docs makes them', () => {
  assert.is(kebab('getWallet'), 'get-wallet')
  assert.is(kebab('N11S Integration API'), 'n-11-s-integration-api')
  assert.is(kebab('listBetHistories'), 'list-bet-histories')
  assert.is(kebab('retryFailedTransaction'), 'retry-failed-transaction')
  // Accents come off Latin letters; other scripts' letters stay (their URLs are percent-encoded).
  assert.is(kebab('Thanh toán'), 'thanh-toan')
  assert.is(kebab('Cổng thanh toán 支付 API'), 'cong-thanh-toan-支付-api')
  assert.is(kebab('Đặt cược'), 'dat-cuoc')
  assert.is(kebab('订单系统'), '订单系统')
  assert.is(kebab('???'), '')
})

test('pages: index, info, tag, one per operation, changes; v1 under /v1/api', () => {
  for (const f of [
    'api/index.html',
    'api/pet-store-api/index.html',
    'api/pets/index.html',
    'api/list-pets/index.html',
    'api/create-pet/index.html',
    'api/get-pet/index.html',
    'api/changes/index.html',
    'v1/api/adopt-pet/index.html',
    'api/v2.yaml',
  ]) {
    assert.ok(result.output.has(f), f)
  }
  assert.equal(result.diagnostics.map(formatDiagnostic), [])
})

test('the model: allOf merged, oneOf with discriminator, cycles cut, read-only kept out of request examples', () => {
  const create = spec.operations.find((o) => o.operationId === 'createPet')!
  const body = create.requestBody!.content[0]!.schema
  assert.equal(body.required, ['name'])
  const prize = body.properties!.find((p) => p.name === 'prize')!.node
  assert.equal(
    prize.oneOf!.map((v) => v.label),
    ['Ribbon', 'Cup'],
  )
  assert.is(prize.discriminator, 'kind')
  const owner = body.properties!.find((p) => p.name === 'owner')!.node
  assert.is(owner.properties!.find((p) => p.name === 'friend')!.node.circular, 'Person')
  const pet = spec.operations.find((o) => o.operationId === 'getPet')!.responses[0]!.content[0]!.schema
  assert.equal(
    pet.properties!.map((p) => p.name),
    ['name', 'species', 'owner', 'prize', 'id'],
  )
  assert.ok(pet.properties!.find((p) => p.name === 'id')!.node.readOnly)
  // No example in the spec: one is generated from the schema, and the hydration JSON has no cycle.
  assert.ok(
    spec.operations.find((o) => o.operationId === 'getPet')!.responses[0]!.content[0]!.examples[0]!.generated,
  )
  JSON.stringify(spec)
})

test('code samples in seven languages carry the method, URL, headers and body', () => {
  assert.equal(
    spec.operations[0]!.samples.map((s) => s.id),
    ['curl', 'go', 'nodejs', 'java', 'python', 'csharp', 'php'],
  )
  const curl = sample('createPet', 'curl')
  assert.match(curl, /curl --request POST/)
  assert.match(curl, /--url https:\/\/api\.pets\.example\/pets/)
  assert.match(curl, /--header 'X-Api-Key: <API_KEY>'/)
  assert.match(curl, /--header 'X-Request-Id: 0b7c3f4e-5a1d-4e2b-9c8f-7d6e5f4a3b21'/)
  // The JSON body over lines, indented under its flag (test/json-samples.test.ts runs them).
  assert.match(
    curl,
    /--data '\{\n {4}"name": "Rex",\n {4}"species": "dog",\n {4}"owner": \{\n {6}"name": "Ann"\n {4}\}\n {2}\}'/,
  )
  assert.match(sample('getPet', 'curl'), /--url https:\/\/api\.pets\.example\/pets\/pet_42/)
  assert.match(sample('listPets', 'python'), /requests\.get\(url, headers=headers, params=querystring\)/)
  assert.match(sample('listPets', 'python'), /querystring = \{"limit":"10"\}/)
  assert.match(sample('createPet', 'go'), /http\.NewRequest\("POST", url, payload\)/)
  assert.match(sample('createPet', 'nodejs'), /method: 'POST'/)
  assert.not.match(sample('createPet', 'nodejs'), /node-fetch/)
  assert.match(sample('createPet', 'java'), /Unirest\.post\("https:\/\/api\.pets\.example\/pets"\)/)
  assert.match(sample('createPet', 'csharp'), /HttpMethod\.Post/)
  assert.match(sample('createPet', 'php'), /GuzzleHttp\\Client/)
})

test('operation page: golden HTML of the article, anchors on every field and parameter', () => {
  const page = html(result, 'api/create-pet/index.html')
  const article = /<article class="doc api-operation">[\s\S]*?<\/article>/.exec(page)![0]
  snapshot('api-create-pet.html', article)
  for (const id of [
    'request-body-name',
    'request-body-owner-friend',
    'request-body-prize-0-colour',
    'parameter-header-X-Request-Id',
    'response-201-id',
  ])
    assert.match(article, new RegExp(`id="${id}"`), id)
  assert.match(
    article,
    /<span class="method method-post">POST<\/span><code class="endpoint-path">\/pets<\/code>/,
  )
  assert.match(article, /<div class="tabs" data-tabs="code-lang" data-persist="">/)
  // Highlighted in the static HTML, readable without JavaScript.
  assert.match(
    article,
    /<pre class="shiki css-variables"[^>]*><code><span class="line"><span class="t9">curl<\/span>/,
  )
  assert.match(page, /data-island="ApiExplorer"/)
  // The guide's link to a single field resolves.
  assert.match(html(result, 'index.html'), /href="\/api\/create-pet\/#request-body-name"/)
})

test('an untrusted description cannot inject markup or script URLs', () => {
  const article = /<article[\s\S]*?<\/article>/.exec(html(result, 'api/create-pet/index.html'))![0]
  assert.not.match(article, /<img src="?x/)
  assert.not.match(article, /<iframe/)
  assert.not.match(article, /<style/)
  assert.not.match(article, /(href|src)="(javascript|data):/i)
  assert.match(article, /&lt;img src=x onerror=alert\(1\)&gt;/)
})

test('sidebar: grouped by tag, not collapsible, method pills, deprecated struck through; version switch keeps the operation', () => {
  const page = html(result, 'api/list-pets/index.html')
  assert.match(
    page,
    /<a class="menu-link active" href="\/api\/list-pets\/" aria-current="page"><span class="method method-get method-small">GET<\/span>List pets<\/a>/,
  )
  assert.match(page, /<a class="menu-link" href="\/api\/pets\/">Pets<\/a><\/div>/)
  // Tag categories have no caret; the one collapsible category is the shared schemas (Person is recursive).
  assert.is((page.match(/data-category-toggle/g) ?? []).length, 1)
  assert.match(page, /href="\/api\/schemas\/person\/">Person<\/a>/)
  // v1 has listPets too: the version dropdown leads to it; getPet is v2-only: it leads to v1's root.
  assert.match(
    page,
    /&quot;label&quot;:&quot;v1&quot;,&quot;version&quot;:&quot;v1&quot;,&quot;href&quot;:&quot;\/v1\/api\/list-pets\/&quot;/,
  )
  assert.match(
    html(result, 'api/get-pet/index.html'),
    /&quot;label&quot;:&quot;v1&quot;,&quot;version&quot;:&quot;v1&quot;,&quot;href&quot;:&quot;\/v1\/&quot;/,
  )
})

test('changes page: operations added and removed, parameters changed', () => {
  const page = html(result, 'api/changes/index.html')
  assert.match(page, /<h1>What changed from v1 to v2<\/h1>/)
  assert.match(page, /href="\/api\/create-pet\/"/)
  assert.match(page, /<span class="op-summary">Adopt a pet<\/span>/)
  // Each named parameter links to its row (on the old version's page when it was removed).
  assert.match(
    page,
    /parameter <a href="\/v1\/api\/list-pets\/#parameter-query-page"><code>query page<\/code><\/a> removed/,
  )
  assert.match(
    page,
    /parameter <a href="\/api\/list-pets\/#parameter-query-limit"><code>query limit<\/code><\/a> added/,
  )
})

test.run()
