// Real-world OpenAPI documents, one feature each (test/fixtures/openapi/, see its README), built as
// the API reference of a one-page site: what operations document. Webhooks, callbacks, security,
// request bodies per media type, parameter styles, JSON Schema 2020-12, links in the spec's prose.
// The documents themselves (servers, references, sizes, versions): openapi-specs.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { specSite as site, specSiteConfig } from './helpers/spec-site.js'
import { buildFixture, html } from './helpers/index.js'
import { formatDiagnostic, type DocsSiteError } from '../src/errors.js'
import type { Diagnostic, SchemaNode } from '../src/types.js'

const configFor = specSiteConfig

test('webhooks get pages under their tag (or Webhooks), without servers or explorer', async () => {
  const b = await site('webhooks.yaml')
  const hooks = b.spec.operations.filter((o) => o.kind === 'webhook')
  assert.is(hooks.length, 3)
  assert.ok(
    hooks.some((h) => h.tag === 'Webhooks'),
    'the untagged one is grouped under Webhooks',
  )
  const page = b.page(hooks[0]!.slug)
  assert.match(page, /badge-webhook/)
  assert.not.match(page, /data-island="ApiExplorer"/)
  assert.ok(
    hooks.every((h) => h.requestBody),
    'request schemas',
  )
  assert.equal(b.result.diagnostics.map(formatDiagnostic), [])
})

test('callbacks are documented on their operation with the expression, request schema and example', async () => {
  const b = await site('callbacks.yaml')
  const op = b.op('subscribeAlerts')
  assert.is(op.callbacks.length, 2)
  const page = b.page('subscribe-alerts')
  assert.match(page, /<h2 id="callbacks">Callbacks<\/h2>/)
  assert.match(page, /\{\$request\.body#\/callbackUrl\}/)
  assert.match(page, /id="callback-0-request-body-[a-zA-Z]+"/)
})

test('security: OAuth2 flows with URLs and scopes, OpenID Connect, scopes per operation, credentials where each scheme puts them', async () => {
  const b = await site('security.yaml')
  const info = html(b.result, `api/${b.spec.infoSlug}/index.html`)
  for (const flow of ['Implicit', 'Password', 'Client credentials', 'Authorization code'])
    assert.match(info, new RegExp(`Flow: ${flow}`), flow)
  assert.match(info, /Token URL/)
  assert.match(info, /OpenID Connect discovery URL/)
  const scoped = b.spec.operations.find((o) => o.security.some((alt) => alt.some((r) => r.scopes.length)))!
  assert.ok(scoped, 'an operation requires scopes')
  assert.match(b.page(scoped.slug), /Scopes: <code>/)
  const open = b.spec.operations.find((o) => o.security.length === 1 && o.security[0]!.length === 0)
  if (open) assert.match(b.page(open.slug), /No credentials needed\./)
  const all = b.spec.operations
    .flatMap((o) => o.samples.filter((s) => s.id === 'curl').map((s) => s.code))
    .join('\n')
  assert.match(all, /Authorization: Bearer <[A-Z0-9_]+>/)
  assert.not.match(all, /TENANT_TOKEN/, 'no N11S word on another API')
})

test('request bodies are serialised per media type: form fields, multipart with a file part, XML, text, binary', async () => {
  const b = await site('media-types.yaml')
  const multipart = b.sample('uploadPhoto', 'curl')
  assert.match(multipart, /--form '[a-z]+=@[\w.]+'/)
  assert.not.match(multipart, /content-type: multipart\/form-data'/i, 'curl sets the boundary itself')
  assert.match(b.sample('uploadPhoto', 'python'), /open\("[\w.]+", "rb"\)/)
  assert.match(b.sample('uploadPhoto', 'nodejs'), /new FormData\(\)/)
  assert.match(b.sample('uploadRaw', 'curl'), /--data-binary @file\.bin/)
  assert.match(b.sample('createOrderXml', 'curl'), /--data '<\w+>/)
  assert.match(b.sample('setCaption', 'curl'), /Content-Type: text\/plain/)
  const form = b.spec.operations.find(
    (o) => o.requestBody?.content[0]?.mediaType === 'application/x-www-form-urlencoded',
  )
  if (form) assert.match(b.sample(form.operationId, 'curl'), /--data(-urlencode)? '?[\w[\]]+=/)
  const exportPage = b.page('export-orders')
  assert.match(exportPage, /id="response-200"/)
  assert.match(exportPage, /id="response-200-application-xml/)
})

test('parameters follow style and explode; optional ones without examples stay out of the samples', async () => {
  const b = await site('styles.yaml')
  const url = b.sample('searchPalettes', 'curl')
  assert.match(url, /formArrExploded=3&formArrExploded=4&formArrExploded=5/)
  assert.match(url, /formArr=3%2C4%2C5/)
  assert.match(url, /filter%5BR%5D=100/)
  assert.match(url, /pipeArr=blue%7Cblack%7Cbrown/)
  assert.match(b.sample('getPaletteLabel', 'curl'), /\/\.3\.4\.5\//)
  assert.match(b.sample('getPaletteMatrix', 'curl'), /;arrExploded=3;arrExploded=4;arrExploded=5/)
  const optional = b.op('searchPalettes').parameters.filter((p) => !p.required && !p.hasExample)
  assert.ok(optional.length > 0)
  for (const p of optional) assert.not.match(url, new RegExp(`[?&]${p.name}=`), p.name)
})

test('JSON Schema 2020-12: const, prefixItems, patternProperties, oneOf of primitives with labels, deprecated', async () => {
  const b = await site('schemas-31.yaml')
  const pages = b.spec.operations.map((o) => b.page(o.slug)).join('\n')
  assert.match(pages, /Value:/)
  assert.match(pages, /Items in order/)
  assert.match(pages, /Properties matching/)
  assert.match(pages, /No other properties allowed/)
  assert.match(pages, /badge-deprecated/)
  // A oneOf of primitives has one labelled, non-empty tab per type.
  const primitives = b.spec.operations
    .flatMap((o) => [o.requestBody?.content ?? [], ...o.responses.map((r) => r.content)].flat())
    .flatMap((m) => collect(m.schema))
  assert.ok(primitives.length > 0, 'a oneOf of primitives is in the fixture')
  for (const labels of primitives)
    assert.ok(
      labels.every((l) => !/^Option \d+$/.test(l)),
      labels.join(', '),
    )
})

function collect(node: SchemaNode, out: string[][] = []): string[][] {
  const variants = node.oneOf ?? node.anyOf
  if (variants && variants.every((v) => !v.node.properties)) out.push(variants.map((v) => v.label))
  for (const p of node.properties ?? []) collect(p.node, out)
  if (node.items) collect(node.items, out)
  return out
}

test('links in spec prose: warnings naming the spec file, line and JSON pointer, once each; a real route is fine; configurable', async () => {
  const b = await site('description-links.yaml')
  const warnings = b.result.diagnostics.filter((d) => d.code === 'broken-link').map(formatDiagnostic)
  assert.ok(warnings.length > 0)
  assert.ok(
    warnings.every((w) =>
      /description-links\.yaml:\d+:\d+: warning: link in the OpenAPI spec's text \(#\/[^)]+\)/.test(w),
    ),
    warnings.join('\n'),
  )
  assert.equal(warnings, [...new Set(warnings)])
  assert.not.ok(
    warnings.some((w) => / to \/api\/ /.test(w)),
    'a link to a page of this site is not reported',
  )
  assert.not.ok(warnings.some((w) => /https:\/\/developer\.example\.org/.test(w)))
  // A #fragment missing on its page is reported where the spec says it, not as a page's anchor.
  assert.ok(
    warnings.some((w) =>
      /description-links\.yaml:\d+:\d+: warning: link in the OpenAPI spec's text \(#\/[^)]+\) to #section: no element with id "section"/.test(
        w,
      ),
    ),
    warnings.join('\n'),
  )
  assert.is(b.result.diagnostics.filter((d) => d.code === 'broken-anchor').length, 0)
  const ignored = await site('description-links.yaml', { api: { onBrokenLinks: 'ignore' } })
  assert.is(ignored.result.diagnostics.filter((d) => d.code === 'broken-link').length, 0)
  let strict: readonly Diagnostic[] = []
  try {
    await buildFixture(
      'openapi-site',
      configFor('description-links.yaml', { api: { onBrokenLinks: 'error' } }),
    )
  } catch (err) {
    strict = (err as DocsSiteError).diagnostics
  }
  assert.ok(strict.some((d) => d.severity === 'error' && d.code === 'broken-link'))
})

test('code blocks in every kind of spec description are highlighted on their pages, as are samples and examples', async () => {
  const b = await site('code-in-descriptions.yaml')
  const pages = [...b.result.output.keys()].filter((f) => f.startsWith('api/') && f.endsWith('.html'))
  assert.ok(pages.length >= 3, pages.join(', '))
  for (const f of pages) assert.not.match(html(b.result, f), '<!--docs-site-code:', f)
  // The text of each highlighted block of a page.
  const blocks = (page: string) =>
    [...page.matchAll(/<pre class="shiki[^>]*>([\s\S]*?)<\/pre>/g)].map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, '')
        .replaceAll('&quot;', '"')
        .replaceAll('&#x3C;', '<')
        .replaceAll('&lt;', '<'),
    )
  const op = blocks(b.page('reserve-compartment'))
  // One block a description: operation, parameter, body, property, response.
  for (const text of ['time.sleep(int(', 'LCK-0042', '{"width": 30', 'math.Ceil(cm)', '<p class="code">'])
    assert.ok(
      op.some((block) => block.includes(text)),
      `${text} in a highlighted block`,
    )
  assert.ok(op.length >= 5 + b.op('reserveCompartment').samples.length, `${op.length} highlighted blocks`)
  assert.ok(
    blocks(html(b.result, `api/${b.spec.infoSlug}/index.html`)).some((t) => t.includes('X-Courier-Key')),
  )
  const tag = pages.find((f) => f.includes('reservations'))!
  assert.ok(
    blocks(html(b.result, tag)).some((t) => t.includes('"lockerId"')),
    tag,
  )
})

test.run()
