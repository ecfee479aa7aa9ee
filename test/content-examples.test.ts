import fs from 'node:fs'
import path from 'node:path'
import fg from 'fast-glob'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { dereference } from '@readme/openapi-parser'
import { parse as parseYaml } from 'yaml'
import { ROOT } from './helpers/index.js'
import { Ajv, Ajv2020, addFormats } from './helpers/ajv.js'

// Every JSON request or response a guide shows (a fence titled "POST /wallet/bet request" or
// "GET /v2/games 200 response") must validate against its schema in the version's spec, and use
// no field the schema does not define.

type Raw = Record<string, unknown>
const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v)
const TITLE =
  /^```json title="(GET|POST|PUT|PATCH|DELETE) (\S+) (?:(\d{3}) )?(request|response)(?: \([^)]*\))?"\n([\s\S]*?)\n```/gm

/** Field names a schema allows at each level (allOf merged, oneOf/anyOf united). */
function unknownFields(value: unknown, schema: unknown, at: string, out: string[], depth = 0): void {
  if (!isObj(schema) || depth > 12) return
  const parts = [schema, ...((schema.allOf ?? []) as unknown[]).filter(isObj)]
  const variants = [...((schema.oneOf ?? []) as unknown[]), ...((schema.anyOf ?? []) as unknown[])].filter(
    isObj,
  )
  if (Array.isArray(value)) {
    const items = parts.map((p) => p.items).find(isObj)
    value.forEach((v, i) => unknownFields(v, items, `${at}[${i}]`, out, depth + 1))
    return
  }
  if (!isObj(value)) return
  const props: Raw = Object.assign({}, ...parts.map((p) => (isObj(p.properties) ? p.properties : {})))
  const open = parts.some((p) => p.additionalProperties !== undefined && p.additionalProperties !== false)
  if (variants.length) {
    // Valid against one variant: check against the first that knows every key.
    const fits = variants.find((v) =>
      Object.keys(value).every((k) => k in props || k in ((v.properties as Raw) ?? {})),
    )
    if (!fits) out.push(`${at}: fields ${Object.keys(value).join(', ')} match no variant`)
    else Object.assign(props, fits.properties)
  }
  for (const [k, v] of Object.entries(value)) {
    if (!(k in props)) {
      if (!open && !variants.length) out.push(`${at}.${k} is not in the schema`)
      continue
    }
    unknownFields(v, props[k], `${at}.${k}`, out, depth + 1)
  }
}

for (const version of ['v2', 'v1']) {
  test(`guide JSON examples validate against swagger/${version}.yaml`, async () => {
    const spec = (await dereference(
      parseYaml(fs.readFileSync(path.join(ROOT, `swagger/${version}.yaml`), 'utf8')),
      { resolve: { external: false } },
    )) as Raw
    const ajv = new (String(spec.openapi).startsWith('3.1') ? Ajv2020 : Ajv)({
      strict: false,
      allErrors: true,
    })
    addFormats(ajv)
    const files = await fg([`content/docs/${version}/**/*.md`, `content/i18n/*/docs/${version}/**/*.md`], {
      cwd: ROOT,
    })
    const problems: string[] = []
    let checked = 0
    for (const file of files.sort()) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
      for (const m of text.matchAll(TITLE)) {
        const [, method, p, status, kind, body] = m
        const line = text.slice(0, m.index).split('\n').length
        const where = `${file}:${line} (${method} ${p} ${status ?? ''} ${kind})`
        const bare = p!.replace(/^\{walletBaseUrl\}/, '')
        const pathKey = Object.keys(spec.paths as Raw).find((k) => k === bare || `/${version}${k}` === bare)
        const op = pathKey ? ((spec.paths as Raw)[pathKey] as Raw)[method!.toLowerCase()] : undefined
        if (!isObj(op)) {
          problems.push(`${where}: no such operation in the spec`)
          continue
        }
        const content =
          kind === 'request'
            ? (op.requestBody as Raw | undefined)?.content
            : ((op.responses as Raw)[status ?? '200'] as Raw | undefined)?.content
        const schema = isObj(content)
          ? ((content as Raw)['application/json'] as Raw | undefined)?.schema
          : undefined
        if (!schema) {
          problems.push(`${where}: the spec has no JSON schema for it`)
          continue
        }
        let value: unknown
        try {
          value = JSON.parse(body!)
        } catch (err) {
          problems.push(`${where}: not valid JSON (${(err as Error).message})`)
          continue
        }
        checked++
        const validate = ajv.compile(schema as object)
        if (!validate(value)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`)
        const unknown: string[] = []
        unknownFields(value, schema, '$', unknown)
        problems.push(...unknown.map((u) => `${where}: ${u}`))
      }
    }
    assert.equal(problems, [])
    assert.ok(checked > (version === 'v2' ? 40 : 5), `only ${checked} examples found`)
  })
}

test.run()
