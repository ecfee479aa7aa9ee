// Real-world OpenAPI documents, one feature each (test/fixtures/openapi/, see its README): each is
// built as the API reference of a one-page site and asserted on the HTML, the samples and the
// diagnostics. Here the documents themselves: every fixture builds, servers, examples, recursion
// and size budgets, x- extensions, multi-file and JSON specs, Swagger 2.0, invalid and large specs.
// What operations document (webhooks, callbacks, security, bodies, parameters, JSON Schema, links
// in prose): openapi-specs-operations.
import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  errorsOf as errors,
  specFailure as failure,
  specSite as site,
  specSiteConfig,
} from './helpers/spec-site.js'
import { buildFixture, FIXTURES, html, ROOT, tempDir } from './helpers/index.js'
import { formatDiagnostic } from '../src/errors.js'
import { parseYaml } from '../src/parse/yaml.js'
import { PLACEHOLDER_ORIGIN } from '../src/openapi/model.js'
import type { ApiSpec } from '../src/types.js'

const configFor = specSiteConfig
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
  const dir = tempDir('docs-site-large-spec-')
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
  const dir = tempDir('docs-site-slugs-')
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
