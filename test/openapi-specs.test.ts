// Real-world OpenAPI documents, one feature each (test/fixtures/openapi/, see its README): each is
// built as the API reference of a one-page site and asserted on the HTML, the samples and the
// diagnostics.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { specSiteConfig } from './helpers/spec-site.js'
import { buildFixture, FIXTURES, html, ROOT } from './helpers/index.js'
import { DocsSiteError, formatDiagnostic } from '../src/errors.js'
import { parseYaml } from '../src/parse/yaml.js'
import { PLACEHOLDER_ORIGIN } from '../src/openapi/model.js'
import type { ApiOperation, ApiSpec, BuildResult, Diagnostic, SchemaNode, UserConfig } from '../src/types.js'

interface Built {
  result: BuildResult
  spec: ApiSpec
  op: (id: string) => ApiOperation
  sample: (id: string, lang: string) => string
  page: (slug: string) => string
}

const configFor = specSiteConfig

async function site(spec: string, extra: Partial<UserConfig> = {}): Promise<Built> {
  const result = await buildFixture('openapi-site', configFor(spec, extra))
  const route = result.site.routes.find((r) => r.data.kind === 'api-info')!
  const model = (route.data as { spec: ApiSpec }).spec
  const op = (id: string): ApiOperation => {
    const found = model.operations.find((o) => o.operationId === id)
    if (!found) throw new Error(`no operation ${id}`)
    return found
  }
  return {
    result,
    spec: model,
    op,
    sample: (id, lang) => {
      const found = op(id).samples.find((s) => s.id === lang)
      if (!found) throw new Error(`no ${lang} sample for ${id}`)
      return found.code
    },
    page: (slug) => html(result, `api/${slug}/index.html`),
  }
}

async function failure(spec: string): Promise<readonly Diagnostic[]> {
  try {
    await buildFixture('openapi-site', configFor(spec))
  } catch (err) {
    if (err instanceof DocsSiteError) return err.diagnostics
    throw err
  }
  throw new Error('the build should fail')
}

const errors = (r: BuildResult) => r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)
const ids = (page: string) => [...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!)

test('every valid fixture builds without an error, and no API page passes 1.5 MB', async () => {
  const valid = fs
    .readdirSync(path.join(FIXTURES, 'openapi'))
    .filter((f) => /\.ya?ml$/.test(f) && !['invalid.yaml', 'outside.yaml'].includes(f))
    .concat(['multi-file/openapi.yaml', 'relative-ref-json/openapi.json'])
  for (const spec of valid) {
    const { result } = await site(spec)
    assert.equal(errors(result), [], spec)
    for (const [file, body] of result.output) {
      if (!file.startsWith('api/') || !file.endsWith('.html')) continue
      assert.ok((body as string).length < 1_500_000, `${spec}: ${file} is ${(body as string).length} bytes`)
      const dup = ids(body as string).filter((id, i, all) => all.indexOf(id) !== i)
      assert.equal([...new Set(dup)], [], `${spec}: ${file} repeats ids`)
    }
  }
})

test('no servers: samples use a named placeholder origin, the page says so, the explorer asks for a base URL', async () => {
  const b = await site('no-servers.yaml')
  assert.ok(b.spec.placeholderServer)
  assert.match(b.sample('getLocker', 'curl'), new RegExp(`--url '?${PLACEHOLDER_ORIGIN}/lockers/`))
  const page = b.page('get-locker')
  assert.match(
    page,
    /<p class="muted">This API names no server: samples use https:\/\/your-api-server\.example/,
  )
  assert.match(page, /&quot;askServer&quot;:true/)
  // A path item with a server of its own: samples and explorer use it, no placeholder note.
  assert.match(
    b.sample('getLockerStatus', 'curl'),
    /--url https:\/\/status\.lockers\.example\/lockers\/LK-00421\/status/,
  )
  const status = b.page('get-locker-status')
  assert.match(status, /&quot;askServer&quot;:false/)
  assert.not.match(status, /<p class="muted">This API names no server: samples use/)
})

test('relative servers resolve against where the spec is published; variables are shown and fill the samples', async () => {
  const b = await site('relative-servers.yaml')
  // The spec is published at https://docs.example.org/api/relative-servers.yaml: '/v3' is on that host.
  assert.is(b.op('listVehicles').servers[0]!.url, 'https://docs.example.org/v3')
  assert.is(b.op('uploadReadingsLegacy').servers[0]!.url, 'https://docs.example.org/legacy')
  const readings = b.op('listReadings')
  assert.match(readings.servers[0]!.url, /^https:\/\/eu\.\{region\}\.example\.net\/api$/)
  assert.match(b.sample('listReadings', 'curl'), /https:\/\/eu\.eu-west\.example\.net\/api\//)
  assert.match(b.page('list-readings'), /\{region\} = eu-west \(eu-west, eu-central\)/)
})

test('examples given only by externalValue are linked, never fetched', async () => {
  const b = await site('external-value.yaml')
  const page = b.page('create-invoice')
  assert.match(page, /Example kept outside the spec: /)
  assert.not.match(page, /undefined/)
})

test('recursive schemas: bounded pages, every cycle links to one shared rendering of its schema', async () => {
  const b = await site('recursive.yaml')
  const names = b.spec.schemas.map((s) => s.name)
  for (const name of ['Department', 'Employee', 'Tree']) assert.ok(names.includes(name), name)
  for (const [file, body] of b.result.output)
    if (file.startsWith('api/')) assert.ok(String(body).length < 400_000, `${file}: ${String(body).length}`)
  const page = b.page('create-department')
  assert.match(page, /href="\/api\/schemas\/employee\/"/)
  const schemaPage = html(b.result, 'api/schemas/employee/index.html')
  assert.match(schemaPage, /<h1>Employee<\/h1>/)
  assert.match(schemaPage, /id="schema-[a-zA-Z]+"/)
  // The generated example stops at the first repeated $ref instead of expanding forever.
  const example = b.op('createDepartment').requestBody!.content[0]!.examples[0]!
  assert.ok(example.generated && example.text.length < 20_000, String(example.text.length))
})

test('a page past its size budget links to the shared schema instead of repeating it', async () => {
  const b = await site('wide-schema.yaml')
  for (const id of ['createPolicy', 'getPolicy', 'replacePolicy']) assert.ok(b.op(id).responses.length > 0)
  for (const [file, body] of b.result.output)
    if (file.startsWith('api/')) assert.ok(String(body).length < 1_500_000, file)
})

test('x- extensions: unknown ones are never followed; x-internal hidden; x-tagGroups group the sidebar; x-codeSamples first', async () => {
  const b = await site('x-extensions.yaml')
  assert.equal(b.result.diagnostics.map(formatDiagnostic), [])
  assert.not.ok(
    b.spec.operations.some((o) => o.operationId === 'recompileSchedule'),
    'x-internal operation left out',
  )
  assert.not.ok(b.result.output.has('api/recompile-schedule/index.html'))
  assert.ok(b.spec.tagGroups.length === 2)
  const index = html(b.result, 'api/list-thermostats/index.html')
  for (const g of b.spec.tagGroups) assert.match(index, new RegExp(`>${g.name}<`), g.name)
  const withCustom = b.spec.operations.filter((o) => o.samples.some((s) => s.custom))
  assert.ok(withCustom.length >= 2, 'both x-codeSamples and x-code-samples are read')
  for (const op of withCustom) {
    assert.ok(op.samples[0]!.custom, `${op.operationId}: the spec's own samples come first`)
    const langs = op.samples.map((s) => s.id)
    assert.equal(langs, [...new Set(langs)], `${op.operationId}: one tab per language`)
  }
})

test('multi-file spec: refs to files of its folder resolve at every level; prose and code files are read as text', async () => {
  const b = await site('multi-file/openapi.yaml')
  assert.equal(errors(b.result), [])
  assert.is(b.spec.operations.length, 8)
  assert.is(b.spec.tags.filter((t) => t.operationIds.length).length, 2)
  const intro = parseYaml(
    fs.readFileSync(path.join(FIXTURES, 'openapi/multi-file/descriptions/description.yml'), 'utf8'),
  ).data as { introduction: string }
  const firstWords = intro.introduction.split(/\s+/).slice(0, 4).join(' ')
  assert.match(
    b.spec.descriptionHtml.replace(/\s+/g, ' '),
    new RegExp(firstWords.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  )
  const python = fs
    .readFileSync(path.join(FIXTURES, 'openapi/multi-file/code_samples/python/account_get.py'), 'utf8')
    .replace(/\n$/, '')
  const custom = b.op('getAccount').samples.find((s) => s.custom && s.id === 'python')
  assert.is(custom?.code, python, 'the code file byte for byte, newlines kept')
  // The cross-file cycle Account → Owner → Account becomes a shared schema.
  assert.ok(b.spec.schemas.some((s) => s.name === 'Account' || s.name === 'Owner'))
  // The download is the bundled document: one file, no ref to another file.
  const bundled = String(b.result.output.get('api/openapi.yaml'))
  assert.match(bundled, /^openapi: /m)
  assert.not.match(bundled, /\$ref: ['"]?\.{0,2}\/?[\w-]+\//)
})

test('multi-file spec: a $ref leaving the folder or to a URL is refused, naming the file and line', async () => {
  const diags = (await failure('multi-file-escape/openapi.yaml')).map(formatDiagnostic)
  assert.ok(
    diags.some((d) =>
      /multi-file-escape\/openapi\.yaml:\d+:\d+: error: OpenAPI: \$ref "\.\.\/outside\.yaml#\/Secret" refused: it leaves the spec's folder/.test(
        d,
      ),
    ),
    diags.join('\n'),
  )
  assert.ok(
    diags.some((d) => /refused: references to URLs are not followed/.test(d)),
    diags.join('\n'),
  )
  assert.not.ok(diags.some((d) => /LEAKED-OUTSIDE-SPEC-FOLDER/.test(d)))
})

test('JSON spec with refs into another JSON file, pointers relative to that file', async () => {
  const b = await site('relative-ref-json/openapi.json')
  assert.equal(errors(b.result), [])
  assert.is(b.spec.operations.length, 2)
})

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

test('Swagger 2.0 is converted, not refused: servers, body and formData parameters, security', async () => {
  const b = await site('swagger2.yaml')
  assert.equal(errors(b.result), [])
  assert.match(b.spec.servers[0]!.url, /^https?:\/\/api\.grooming\.example\/v1$/)
  assert.ok(b.op('bookGrooming').requestBody)
  assert.match(b.sample('uploadGroomingPhoto', 'curl'), /--form '\w+=@/)
})

test('an invalid spec fails with its file, line and JSON pointer, and no stack', async () => {
  const diags = (await failure('invalid.yaml')).map(formatDiagnostic)
  assert.ok(
    diags.some((d) =>
      /invalid\.yaml:(29|30):\d+: error: OpenAPI: .*\(at #\/paths\/~1books~1\{isbn\}\/get\/responses\)/.test(
        d,
      ),
    ),
    diags.join('\n'),
  )
  assert.not.ok(diags.some((d) => /\n\s+at /.test(d)))
})

test("a large spec: each page lists every tag but only its own tag's operations", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-site-large-spec-'))
  const spec = path.join(dir, 'large.yaml')
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'bench/gen-spec.mjs'), '--ops', '120', '--out', spec],
    { encoding: 'utf8' },
  )
  assert.is(r.status, 0, r.stderr)
  const result = await buildFixture('openapi-site', {
    ...configFor(''),
    docs: { versions: [{ name: 'v1', openapi: spec }], sidebars: { api: [{ type: 'api' }] } },
  })
  const model = (result.site.routes.find((x) => x.data.kind === 'api-info')!.data as { spec: ApiSpec }).spec
  assert.is(model.operations.length, 120)
  const [first, other] = model.tags.filter((t) => t.operationIds.length)
  const op = model.operations.find((o) => o.tag === first!.name)!
  const sidebar = /<aside class="sidebar"[\s\S]*?<\/aside>/.exec(
    html(result, `api/${op.slug}/index.html`),
  )![0]
  for (const t of model.tags.filter((x) => x.operationIds.length))
    assert.match(sidebar, new RegExp(`href="/api/${t.slug}/"`), t.name)
  for (const id of first!.operationIds)
    assert.match(
      sidebar,
      new RegExp(`href="/api/${model.operations.find((o) => o.operationId === id)!.slug}/"`),
      id,
    )
  for (const id of other!.operationIds)
    assert.not.match(
      sidebar,
      new RegExp(`href="/api/${model.operations.find((o) => o.operationId === id)!.slug}/"`),
      id,
    )
  fs.rmSync(dir, { recursive: true, force: true })
})

test('two schema names with one slug get two pages', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-site-slugs-'))
  const spec = path.join(dir, 'trees.yaml')
  const tree = (name: string) =>
    `    ${name}:\n      type: object\n      properties:\n        children:\n          type: array\n          items: { $ref: '#/components/schemas/${name}' }\n`
  const body = (name: string) =>
    `      responses:\n        '200':\n          description: A tree.\n          content:\n            application/json:\n              schema: { $ref: '#/components/schemas/${name}' }\n`
  fs.writeFileSync(
    spec,
    `openapi: 3.0.3\ninfo: { title: Trees, version: '1' }\npaths:\n  /a:\n    get:\n      operationId: getA\n${body('Node')}  /b:\n    get:\n      operationId: getB\n${body('node')}components:\n  schemas:\n${tree('Node')}${tree('node')}`,
  )
  const result = await buildFixture('openapi-site', {
    ...configFor(''),
    docs: { versions: [{ name: 'v1', openapi: spec }], sidebars: { api: [{ type: 'api' }] } },
  })
  assert.match(html(result, 'api/schemas/node/index.html'), /<h1>Node<\/h1>/)
  assert.match(html(result, 'api/schemas/node-2/index.html'), /<h1>node<\/h1>/)
  assert.match(html(result, 'api/get-b/index.html'), /href="\/api\/schemas\/node-2\/"/)
  fs.rmSync(dir, { recursive: true, force: true })
})

test.run()
