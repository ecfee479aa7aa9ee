// Every example docs-site generates from a schema (request bodies, responses, parameters) must
// validate against that schema: checked with ajv for every operation of every spec in the tests.
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Ajv, Ajv2020, addFormats } from './helpers/ajv.js'
import { loadApiSpec } from '../src/openapi/load.js'
import { FIXTURES, ROOT } from './helpers/index.js'

type Raw = Record<string, unknown>
const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v)

const SPECS = [
  'swagger/v1.yaml',
  'swagger/v2.yaml',
  'test/fixtures/api/swagger/v1.yaml',
  'test/fixtures/api/swagger/v2.yaml',
  ...fs
    .readdirSync(path.join(FIXTURES, 'openapi'))
    .filter((f) => /\.ya?ml$/.test(f) && !['invalid.yaml', 'outside.yaml'].includes(f))
    .map((f) => `test/fixtures/openapi/${f}`),
  'test/fixtures/openapi/multi-file/openapi.yaml',
  'test/fixtures/openapi/relative-ref-json/openapi.json',
]

/**
 * The document as plain JSON Schema for ajv, per direction: OpenAPI 3.0's `nullable` and boolean
 * exclusive bounds rewritten; properties the direction leaves out (read-only in a request,
 * write-only in a response) no longer required; local refs made absolute to `id`.
 */
function forAjv(node: unknown, id: string, mode: 'request' | 'response', v30: boolean): unknown {
  if (Array.isArray(node)) return node.map((x) => forAjv(x, id, mode, v30))
  if (!isObj(node)) return node
  const out: Raw = {}
  for (const [k, v] of Object.entries(node))
    out[k] =
      k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${id}${v}` : forAjv(v, id, mode, v30)
  if (v30) {
    if (out.nullable === true && out.type) out.type = [out.type, 'null'].flat()
    if (out.nullable === true && Array.isArray(out.enum)) out.enum = [...out.enum, null]
    if (out.exclusiveMinimum === true) out.exclusiveMinimum = out.minimum
    if (out.exclusiveMinimum === false) delete out.exclusiveMinimum
    if (out.exclusiveMaximum === true) out.exclusiveMaximum = out.maximum
    if (out.exclusiveMaximum === false) delete out.exclusiveMaximum
    if (out.exclusiveMinimum !== undefined && out.exclusiveMinimum === out.minimum) delete out.minimum
    if (out.exclusiveMaximum !== undefined && out.exclusiveMaximum === out.maximum) delete out.maximum
  }
  if (isObj(out.properties) && Array.isArray(out.required)) {
    const skip = mode === 'request' ? 'readOnly' : 'writeOnly'
    out.required = out.required.filter(
      (r) =>
        !(
          isObj((out.properties as Raw)[r as string]) &&
          ((out.properties as Raw)[r as string] as Raw)[skip] === true
        ),
    )
  }
  return out
}

function walk(doc: Raw, segments: ReadonlyArray<string | number>): unknown {
  const deref = (n: unknown): unknown => {
    for (let i = 0; i < 16 && isObj(n) && typeof n.$ref === 'string'; i++) {
      n = (n.$ref as string)
        .replace(/^[^#]*#\//, '')
        .split('/')
        .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((x, k) => (isObj(x) ? x[k] : undefined), doc)
    }
    return n
  }
  let node: unknown = doc
  for (const key of segments) {
    node = deref(node)
    node = isObj(node) ? node[key as string] : Array.isArray(node) ? node[key as number] : undefined
  }
  return deref(node)
}

type Path = ReadonlyArray<string | number>
type Check = (mode: 'request' | 'response', at: Path, value: unknown, what: string) => void
type Spec = NonNullable<Awaited<ReturnType<typeof loadApiSpec>>['spec']>

for (const rel of SPECS) {
  test(`generated examples validate against their schemas: ${rel}`, async () => {
    const abs = path.join(ROOT, rel)
    const loaded = await loadApiSpec(abs, {
      file: rel,
      projectRoot: ROOT,
      specUrl: undefined,
      markdown: () => '',
      highlight: (c) => c,
    })
    assert.ok(loaded.spec && loaded.document, loaded.diagnostics.map((d) => d.message).join('\n'))
    const doc = loaded.document!
    const counts = { checked: 0, candidates: 0 }
    const check = schemaChecker(rel, doc, counts)
    checkBodies(loaded.spec!, check)
    // Parameters: the generated value of each one without an example in the spec.
    checkParameters(doc, loaded.spec!, check)
    assert.is(counts.checked, counts.candidates, `${rel}: every generated example found its schema`)
  })
}

/** Validates a value against the schema at a path of the spec, counting the values and schemas. */
function schemaChecker(rel: string, doc: Raw, counts: { checked: number; candidates: number }): Check {
  const v30 = String(doc.openapi).startsWith('3.0')
  const ajv = v30
    ? new Ajv({ strict: false, allErrors: true })
    : new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  const docs = {
    request: forAjv(doc, 'spec-request', 'request', v30) as Raw,
    response: forAjv(doc, 'spec-response', 'response', v30) as Raw,
  }
  ajv.addSchema(docs.request, 'spec-request')
  ajv.addSchema(docs.response, 'spec-response')
  return (mode, at, value, what) => {
    counts.candidates++
    const schema = walk(docs[mode], at)
    if (!isObj(schema) && typeof schema !== 'boolean') return
    const validate = ajv.compile(isObj(schema) ? { ...schema, $id: undefined } : schema)
    counts.checked++
    assert.ok(
      validate(value),
      `${rel} ${what}: ${JSON.stringify(value)?.slice(0, 300)}\n${ajv.errorsText(validate.errors)}`,
    )
  }
}

/** The generated example of each JSON, form or multipart request body and each JSON response. */
function checkBodies(spec: Spec, check: Check) {
  for (const op of spec.operations) {
    const base = [op.kind === 'webhook' ? 'webhooks' : 'paths', op.path, op.method]
    for (const m of op.requestBody?.content ?? []) {
      const ex = m.examples[0]
      if (ex?.generated && /json|x-www-form-urlencoded|multipart/i.test(m.mediaType))
        check(
          'request',
          [...base, 'requestBody', 'content', m.mediaType, 'schema'],
          JSON.parse(ex.text),
          `${op.operationId} request ${m.mediaType}`,
        )
    }
    for (const r of op.responses) {
      for (const m of r.content) {
        const ex = m.examples[0]
        if (ex?.generated && /json/i.test(m.mediaType))
          check(
            'response',
            [...base, 'responses', r.status, 'content', m.mediaType, 'schema'],
            JSON.parse(ex.text),
            `${op.operationId} ${r.status} ${m.mediaType}`,
          )
      }
    }
  }
}

function checkParameters(doc: Raw, spec: Spec, check: Check) {
  for (const op of spec.operations) {
    const item = walk(doc, [op.kind === 'webhook' ? 'webhooks' : 'paths', op.path]) as Raw
    const raw = [
      ...((item?.parameters as unknown[]) ?? []),
      ...((walk(doc, [
        op.kind === 'webhook' ? 'webhooks' : 'paths',
        op.path,
        op.method,
        'parameters',
      ]) as unknown[]) ?? []),
    ]
    for (const p of op.parameters) {
      if (p.hasExample) continue
      const i = raw.findIndex((x) => {
        const r =
          walk(doc, []) &&
          (isObj(x) && typeof x.$ref === 'string'
            ? (walk(
                doc,
                (x.$ref as string)
                  .slice(2)
                  .split('/')
                  .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')),
              ) as Raw)
            : (x as Raw))
        return isObj(r) && r.name === p.name && r.in === p.in
      })
      if (i < 0) continue
      const itemCount = ((item?.parameters as unknown[]) ?? []).length
      const param: Array<string | number> = [op.kind === 'webhook' ? 'webhooks' : 'paths', op.path]
      param.push(...(i < itemCount ? ['parameters', i] : [op.method, 'parameters', i - itemCount]))
      // A parameter given by `content`: its media type's schema; a JSON one's value is its text.
      const content = (walk(doc, param) as Raw | undefined)?.content
      const mediaType = isObj(content) ? Object.keys(content)[0] : undefined
      const at = mediaType ? [...param, 'content', mediaType, 'schema'] : [...param, 'schema']
      const value =
        mediaType && /json/i.test(mediaType) && typeof p.example === 'string'
          ? (JSON.parse(p.example) as unknown)
          : p.example
      check('request', at, value, `${op.operationId} parameter ${p.in} ${p.name}`)
    }
  }
}

test.run()
