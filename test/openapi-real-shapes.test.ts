// Shapes met in public OpenAPI documents of real APIs, each rebuilt as a small fixture of
// test/fixtures/openapi/ (see its README): the build must take them, with a warning at most.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { specSite, specSiteConfig } from './helpers/spec-site.js'
import { buildFixture, html } from './helpers/index.js'
import { formatDiagnostic } from '../src/errors.js'
import type { BuildResult, UserConfig } from '../src/types.js'

const configFor = specSiteConfig
const build = (spec: string, extra: Partial<UserConfig> = {}) =>
  buildFixture('openapi-site', configFor(spec, extra))
const said = (r: BuildResult, severity: 'error' | 'warning') =>
  r.diagnostics.filter((d) => d.severity === severity).map(formatDiagnostic)

test('fields the OpenAPI schema does not define are ignored with one warning each, at their line', async () => {
  const r = await build('unknown-keys.yaml')
  assert.equal(said(r, 'error'), [])
  const warnings = said(r, 'warning').filter((w) => /not an OpenAPI field/.test(w))
  assert.equal(warnings.length, 2, warnings.join('\n'))
  assert.ok(
    warnings.some((w) => /unknown-keys\.yaml:38:\d+: warning: .*"required_scopes"/.test(w)),
    warnings.join('\n'),
  )
  assert.ok(
    warnings.some((w) => /unknown-keys\.yaml:15:\d+: warning: .*"sumary"/.test(w)),
    warnings.join('\n'),
  )
  const page = html(r, 'api/get-locker/index.html')
  assert.match(page, /slots/)
})

test('3.1: a field its schema does not define is a warning at its line too, not an "unevaluated property" error', async () => {
  const r = await build('unknown-keys-31.yaml')
  assert.equal(said(r, 'error'), [])
  const warnings = said(r, 'warning').filter((w) => /not an OpenAPI field/.test(w))
  assert.equal(warnings.length, 1, warnings.join('\n'))
  assert.match(
    warnings[0]!,
    /unknown-keys-31\.yaml:24:\d+: warning: OpenAPI: "exmaple" is not an OpenAPI field here/,
  )
})

test('tags and titles in other scripts give readable page paths; punctuation-only tags get "tag", "tag-2"', async () => {
  const r = await build('non-latin-tags.yaml')
  assert.equal(said(r, 'error'), [])
  for (const page of ['订单系统', '用户', 'thanh-toan', 'tag', 'tag-2'])
    assert.ok(r.output.has(`api/${page}/index.html`), page)
  assert.match(html(r, 'api/index.html'), 'href="/api/%E7%94%A8%E6%88%B7/"')
  // No security schemes: no "Authentication" heading over an empty table.
  assert.not.match(html(r, 'api/订单系统/index.html'), 'id="security-schemes"')
  assert.match(html(r, 'api/订单系统/index.html'), 'id="servers"')
})

test('a parameter given by content (JSON) is sent as its JSON text, from its media type’s example or schema', async () => {
  const built = await specSite('content-parameter.yaml')
  const curl = built.sample('searchPlayers', 'curl')
  assert.match(curl, 'where=%7B%22age%22%3A30%7D')
  assert.match(curl, 'sort=%7B%22field%22%3A%22name%22%7D')
})

test('names starting with x- in maps keyed by name (headers, properties, components, examples) are kept', async () => {
  const r = await build('x-named.yaml')
  assert.equal(said(r, 'error'), [])
  const page = html(r, 'api/get-ticket/index.html')
  for (const text of [
    'x-sailing-version',
    'Version of the sailing timetable',
    'x-seats-left',
    'Deck of the reserved seat',
    'A morning crossing',
  ])
    assert.ok(page.includes(text), text)
})

test('a sample of a discriminated variant names it as the mapping does; recursion ends without empty links', async () => {
  const r = await build('recursion-optional.yaml')
  assert.equal(said(r, 'error'), [])
  const text = (page: string) =>
    html(r, `api/${page}/index.html`)
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;|&#34;/g, '"')
  assert.match(text('add-beacon'), /"kind":\s*"lamp"/)
  const lighthouse = text('get-lighthouse')
  assert.match(lighthouse, /"photo":\s*"https:\/\/example\.com"/)
  assert.not.match(lighthouse, /"(coast|mentor)":\s*\{\s*\}|\[\s*null/)
})

test('a base schema declaring the discriminator’s property: its sample names the variant by the mapping', async () => {
  const built = await specSite('discriminator-base-properties.yaml')
  assert.match(built.sample('addPet', 'curl'), /"petType":\s*"dog"/)
  assert.not.match(built.sample('addPet', 'curl'), /"petType":\s*"string"/)
})

test('YAML merge keys are applied, as js-yaml and the OpenAPI tools apply them', async () => {
  const r = await build('yaml-merge-keys.yaml')
  assert.equal([...said(r, 'error'), ...said(r, 'warning')], [])
  for (const page of ['get-tides', 'get-tides-tomorrow']) {
    const body = html(r, `api/${page}/index.html`)
    assert.ok(body.includes('The harbour code is not known'), page)
    assert.ok(body.includes('The tide gauges are offline'), page)
  }
})

test('a path with non-ASCII letters or spaces is percent-encoded in the samples', async () => {
  const r = await build('non-ascii-path.yaml')
  assert.equal([...said(r, 'error'), ...said(r, 'warning')], [])
  const page = html(r, 'api/get-avganger/index.html')
  assert.ok(
    page.includes('https://ferjer.example.no/fjordl%C3%B8p/7/avgang%20tider'),
    'encoded URL in the samples',
  )
})

test('media types with one schema show its tree once; the others say whose it is', async () => {
  const r = await build('media-same-schema.yaml')
  assert.equal(said(r, 'error'), [])
  const page = html(r, 'api/replace-sensor/index.html')
  const fieldIds = [...page.matchAll(/\sid="([^"]*-humidity)"/g)].map((m) => m[1])
  assert.equal(fieldIds, ['request-body-humidity', 'response-200-humidity'])
  const notes = [
    ...page.matchAll(/<code>(application\/[^<]+)<\/code> · (?:<!-- -->)?Same schema as <a href="(#[^"]+)">/g),
  ]
  assert.equal(
    notes.map((m) => `${m[1]} → ${m[2]}`),
    [
      'application/yaml → #request-body',
      'application/yaml → #response-200',
      'application/vnd.greenhouse.protobuf → #response-200',
    ],
  )
})

test("a response's links lead to the operations they name, with the values they pass; examples show their description", async () => {
  const r = await build('links.yaml')
  assert.equal(said(r, 'error'), [])
  const page = html(r, 'api/create-locker/index.html')
  assert.match(page, '<caption>Links</caption>')
  // By operationId and by a local operationRef: a link to the page; another document's: its reference.
  assert.match(page, /<code>GetLocker<\/code> → <a href="\/api\/get-locker\/">Read a locker<\/a>/)
  assert.match(page, /<code>ReleaseLocker<\/code> → <a href="\/api\/release-locker\/">Release a locker<\/a>/)
  assert.match(
    page,
    /<code>Audit<\/code> → <code>https:\/\/audit\.lockers\.example\/openapi\.yaml#\/paths\/~1events\/get<\/code>/,
  )
  assert.match(page, /<code>lockerId<\/code> = <code>\$response\.body#\/id<\/code>/)
  assert.match(page, /<code>requestBody<\/code> = <code>\{&quot;kind&quot;:&quot;locker&quot;\}<\/code>/)
  assert.match(page, 'Read the locker back, with its code.')
  assert.match(
    page,
    /class="markdown example-description"><p>The cheapest size; <strong>keys<\/strong> are handed out at the desk\.<\/p>/,
  )
  assert.match(
    html(r, 'api/create-locker/index.md'),
    /`GetLocker` \| `getLocker` \| `lockerId` = `\$response\.body#\/id`/,
  )
})

test("an array's items are shown: the fields of objects in arrays of arrays, the values and limits of items", async () => {
  const r = await build('array-items.yaml')
  assert.equal(said(r, 'error'), [])
  const create = html(r, 'api/create-fence/index.html')
  // The points of each ring: fields two arrays down.
  assert.match(create, /id="request-body-polygon-lat"[\s\S]*Latitude in degrees\./)
  assert.match(create, /id="request-body-polygon-lng"/)
  assert.match(
    create,
    /Each item<\/span>[\s\S]*One closed ring, its first point repeated last\.[\s\S]*min items 4/,
  )
  assert.match(
    create,
    /What the fence surrounds\.[\s\S]*<code>school<\/code><code>depot<\/code><code>warehouse<\/code>[\s\S]*max length 20/,
  )
  assert.match(create, /Dwell time in minutes\.[\s\S]*<code>≥ 0<\/code>/)
  const list = html(r, 'api/list-fences/index.html')
  assert.match(
    list,
    /A field of the fence\.[\s\S]*<code>name<\/code><code>area<\/code><code>perimeter<\/code>/,
  )
  // A parameter described only by its schema (inline or shared) shows that description.
  assert.match(list, /id="parameter-query-near"[\s\S]*A point as lat,lng; fences within 5 km of it\./)
  assert.match(list, /id="parameter-query-region"[\s\S]*An ISO 3166-2 region code\./)
})

test('a server variable the spec does not declare, or a default outside its values, warns; the samples are still written', async () => {
  const r = await build('server-variables.yaml')
  assert.equal(said(r, 'error'), [])
  const warnings = said(r, 'warning').join('\n')
  assert.match(
    warnings,
    /server-variables\.yaml:6:\d+: warning: OpenAPI: the server URL names \{tenant\} but its variables do not declare it/,
  )
  assert.match(
    warnings,
    /server-variables\.yaml:15:\d+: warning: OpenAPI: the default "v4" of server variable version is not one of its values \(v2, v3\)/,
  )
  assert.not.match(warnings, 'no code samples')
  assert.match(html(r, 'api/get-health/index.html'), 'https://tenant.api.tenants.example/v3/health')
})

test('3.0 inheritance (a base with a discriminator, subtypes by allOf): the subtypes are its variants, with their fields', async () => {
  const r = await build('inheritance.yaml')
  assert.equal(said(r, 'error'), [])
  const add = html(r, 'api/add-destination/index.html')
  assert.match(add, /role="tab"[^>]*>bank<[\s\S]*role="tab"[^>]*>wallet</)
  assert.match(add, 'The account number at the bank.')
  assert.match(add, 'The phone number the wallet is registered to.')
  // Without a mapping, every schema extending the base, by its name.
  const event = html(r, 'api/get-event/index.html')
  assert.match(event, /role="tab"[^>]*>PayoutSent<[\s\S]*role="tab"[^>]*>PayoutFailed</)
  assert.match(event, 'Why the bank refused the payout.')
})

const text = (h: string) =>
  h
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
const linksTo = (h: string, href: string) => h.split(`href="${href}"`).length - 1

test('an operation with several tags is listed under each; its page is one, under its first tag', async () => {
  const r = await build('multi-tags.yaml')
  assert.equal(said(r, 'error'), [])
  assert.ok(r.output.has('api/add-passenger/index.html'))
  for (const tag of ['bookings', 'passengers'])
    assert.match(
      text(html(r, `api/${tag}/index.html`)),
      'Add a passenger to a booking /bookings/{bookingId}/passengers',
    )
  // In the sidebar under both tags (the tag repeated in its list counts once).
  const sidebar = html(r, 'api/get-passenger/index.html').match(/<nav[^>]*sidebar[\s\S]*?<\/nav>/)![0]
  assert.equal(linksTo(sidebar, '/api/add-passenger/'), 2)
  // Its neighbours are not it on both sides.
  const pager = text(html(r, 'api/passengers/index.html').match(/<nav class="pager"[\s\S]*?<\/nav>/)![0])
  assert.match(pager, /Add a passenger to a booking.*Read a passenger/)
})

test('externalDocs of the document, a tag, an operation and a schema are links, in the twin too', async () => {
  const r = await build('multi-tags.yaml')
  assert.match(
    html(r, 'api/ferry-bookings/index.html'),
    `<a href="https://handbook.ferries.example/">Ferry operators' handbook</a>`,
  )
  assert.match(
    html(r, 'api/bookings/index.html'),
    '<a href="https://handbook.ferries.example/bookings">https://handbook.ferries.example/bookings</a>',
  )
  const op = html(r, 'api/create-booking/index.html')
  assert.match(op, '<a href="https://handbook.ferries.example/seat-allocation">How seats are allocated</a>')
  assert.match(op, 'href="https://handbook.ferries.example/booking-fields"')
  assert.match(
    r.output.get('api/create-booking/index.md')!.toString(),
    '[How seats are allocated](https://handbook.ferries.example/seat-allocation)',
  )
})

test('a parameter’s named examples are all shown with their summaries; a null among the values makes it nullable', async () => {
  const r = await build('param-examples.yaml')
  assert.equal(said(r, 'error'), [])
  const tables = [
    ...html(r, 'api/list-tides/index.html').matchAll(/<table class="param-table">[\s\S]*?<\/table>/g),
  ].map((m) => text(m[0]))
  assert.match(tables[0]!, 'Examples: NL-VLIS Vlissingen harbour VN-VTAU Saigon river mouth')
  assert.match(tables[1]!, /nullable .*Possible values: LAT MSL /)
  assert.match(
    r.output.get('api/list-tides/index.md')!.toString(),
    '| Examples: `NL-VLIS` (Vlissingen harbour), `VN-VTAU` (Saigon river mouth). |',
  )
  // The samples use the first.
  assert.match(html(r, 'api/list-tides/index.html'), 'stations/NL-VLIS/tides')
})

test('headings in descriptions take ids the page has not: "## Parameters" beside the Parameters section', async () => {
  const page = html(await build('param-examples.yaml'), 'api/list-tides/index.html')
  const ids = [...page.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!)
  assert.equal(
    ids.filter((id, i) => ids.indexOf(id) !== i),
    [],
  )
  assert.match(page, '<h2 id="parameters-1"')
  assert.match(page, '<h2 id="parameters"')
})

test('an image a description names relatively is the file beside the spec, copied with the site', async () => {
  const r = await build('param-examples.yaml')
  assert.equal(said(r, 'error'), [])
  const src = /<img src="\/(assets\/files\/tide-chart\.\w+\.png)" alt="A week of tides at one station"/.exec(
    html(r, 'api/list-tides/index.html'),
  )?.[1]
  assert.ok(src && r.output.has(src), src)
})

test('a description’s "# heading" is kept, one level down (the page has its h1); a server with a trailing slash shows one', async () => {
  const r = await build('description-headings.yaml')
  assert.equal(said(r, 'error'), [])
  const info = html(r, 'api/snow-reports/index.html')
  assert.match(info, /<h2 id="getting-started">Getting started/)
  assert.equal(info.match(/<h1[ >]/g)?.length, 1)
  const op = html(r, 'api/get-report/index.html')
  assert.match(op, /<h2 id="freshness">Freshness/)
  assert.match(op, '<code>https://api.snow.example/resorts/{resortId}/report</code>')
  assert.match(r.output.get('api/get-report/index.md')!.toString(), '## Freshness')
})

test('a JSON body that is a string is shown quoted; an example written as JSON text is shown as it is', async () => {
  const r = await build('description-headings.yaml')
  const code = (page: string) =>
    html(r, page)
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
  assert.match(code('api/get-status/index.html'), '"open"')
  assert.match(code('api/get-report/index.html'), '{"stale": false}')
})

test('a server URL in other letters or with a space is encoded in the samples (every sample was lost)', async () => {
  const built = await specSite('server-letters.yaml')
  assert.equal(said(built.result, 'warning'), [])
  assert.match(built.sample('listShops', 'curl'), 'https://api.xn--bcher-kva.example/v1/shops')
  assert.match(
    built.sample('getStock', 'curl'),
    'https://api.example/stra%C3%9Fe%20und%20gasse/v1/shops/berlin-1/stock',
  )
  assert.match(
    built.sample('getStock', 'python'),
    'https://api.example/stra%C3%9Fe%20und%20gasse/v1/shops/berlin-1/stock',
  )
})

test('a security requirement naming a scheme no one declared warns at its line and links nowhere', async () => {
  const r = await build('undeclared-scheme.yaml')
  assert.equal(said(r, 'error'), [])
  assert.equal(
    said(r, 'warning').filter((w) => /security/.test(w)),
    [
      '../openapi/undeclared-scheme.yaml:15:25: warning: OpenAPI: the security requirement names "partnerToken", which components.securitySchemes does not declare; it is shown by its name alone [openapi]',
    ],
  )
  const page = html(r, 'api/list-lockers/index.html')
  assert.match(page, '#scheme-apiKey"')
  assert.not.match(page, '#scheme-partnerToken')
  assert.match(page, '<code>partnerToken</code>')
})

test.run()
