import { sample as sampleSchema } from 'openapi-sampler'
import RandExp from 'randexp'
import { parsePointer } from './pointer.js'

type Raw = Record<string, unknown>
type Segments = ReadonlyArray<string | number>

export interface Sampler {
  /**
   * An example for the schema at `at` in the document: JSON data, or XML text. Values respect the
   * schema (formats, patterns, lengths, bounds, enums, required fields); recursion stops at the
   * first repeated `$ref`. undefined when nothing sensible can be made.
   */
  sample(at: Segments, mode: 'request' | 'response', format: 'json' | 'xml' | 'text'): unknown
  /** The same for a schema object, without the memo. */
  fresh(schema: object, mode: 'request' | 'response', format: 'json' | 'xml' | 'text'): unknown
}

const DROP = Symbol('invalid')

/** A string that meets its schema's pattern, format and lengths, starting from the sampled one. */
function fixString(value: string, s: Raw): string {
  let out = value
  if (s.format === 'byte' && !/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(out))
    out = Buffer.from(out).toString('base64')
  if (typeof s.format === 'string' && URL_FORMATS.has(s.format) && !URL.canParse(out))
    out = 'https://example.com'
  if (typeof s.pattern === 'string') {
    try {
      const re = new RegExp(s.pattern, 'u')
      if (!re.test(out)) {
        // The shortest match: every repetition at its minimum, the first alternative.
        const gen = new RandExp(s.pattern)
        gen.max = 1
        gen.randInt = (from) => from
        const candidate = gen.gen()
        if (re.test(candidate)) out = candidate
      }
    } catch {
      // A pattern JavaScript cannot compile: the sampled value stays.
    }
  }
  if (typeof s.maxLength === 'number' && out.length > s.maxLength) out = out.slice(0, s.maxLength)
  if (typeof s.minLength === 'number' && out.length < s.minLength)
    out = out.padEnd(s.minLength, out.slice(-1) || 'x')
  return out
}

const nullable = (s: Raw): boolean =>
  s.nullable === true ||
  s.type === 'null' ||
  (Array.isArray(s.type) && s.type.includes('null')) ||
  (Array.isArray(s.enum) && s.enum.includes(null))
const untyped = (s: Raw): boolean =>
  s.type === undefined && !s.properties && !s.items && !s.enum && s.const === undefined
/** Formats whose value is an absolute URL (`url` is not standard, but common and checked by ajv-formats). */
const URL_FORMATS = new Set(['uri', 'url', 'iri'])

/**
 * Above this, an example is sampled again with less depth: a page is read, not downloaded, and
 * the example is repeated in seven code samples.
 */
const MAX_EXAMPLE_CHARS = 6_000

/** Reads a bundled document: `$ref`s resolved, paths walked, allOf members folded in. */
function documentReader(doc: Raw) {
  const resolve = (node: unknown, depth = 0): unknown => {
    if (depth > 32 || node === null || typeof node !== 'object') return node
    const ref = (node as Raw).$ref
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return node
    let target: unknown = doc
    for (const key of parsePointer(ref)!) {
      if (target === null || typeof target !== 'object') return undefined
      target = (target as Raw)[key]
    }
    return resolve(target, depth + 1)
  }
  const at = (segments: Segments): unknown => {
    let node: unknown = doc
    for (const key of segments) {
      node = resolve(node)
      if (node === null || typeof node !== 'object') return undefined
      node = (node as Raw)[key as string]
    }
    return node
  }
  /** The merged view of a schema: its ref resolved, allOf members folded in. */
  const flat = (node: unknown, depth = 0): Raw => {
    const s = resolve(node)
    if (s === null || typeof s !== 'object' || depth > 16) return {}
    const raw = s as Raw
    if (!Array.isArray(raw.allOf)) return raw
    const out: Raw = { ...raw, allOf: undefined }
    for (const part of raw.allOf.map((p) => flat(p, depth + 1))) {
      out.properties = { ...(out.properties as Raw | undefined), ...(part.properties as Raw | undefined) }
      out.required = [
        ...new Set([...((out.required as string[]) ?? []), ...((part.required as string[]) ?? [])]),
      ]
      for (const [k, v] of Object.entries(part)) if (out[k] === undefined) out[k] = v
    }
    return out
  }

  return { resolve, at, flat }
}

/** Makes openapi-sampler's values valid against their schemas (see `repair`). */
function createRepair(flat: (node: unknown) => Raw) {
  /**
   * An object sampled for the schema `node` (a `$ref`) under a discriminator gets the value that
   * names it, the mapping's key or else the schema's name, as a reader must send it; the sampler
   * writes "string" there. A property with an enum or const keeps its sampled value.
   */
  const discriminated = (value: unknown, s: Raw, node: unknown): unknown => {
    const d = s.discriminator as Raw | undefined
    const ref = node !== null && typeof node === 'object' ? (node as Raw).$ref : undefined
    if (typeof d?.propertyName !== 'string' || typeof ref !== 'string') return value
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
    for (const owner of [s, flat(node)]) {
      const prop = flat((owner.properties as Raw | undefined)?.[d.propertyName])
      if (Array.isArray(prop.enum) || prop.const !== undefined) return value
    }
    const name = ref.slice(ref.lastIndexOf('/') + 1)
    const mapping = Object.entries((d.mapping ?? {}) as Raw)
    const key = mapping.length ? mapping.find(([, target]) => target === ref || target === name)?.[0] : name
    return key === undefined ? value : { ...(value as Raw), [d.propertyName]: key }
  }

  /**
   * openapi-sampler's values, made valid where it falls short: strings that miss their pattern
   * or format, and objects cut at recursion that lack required fields (an optional or nullable
   * one is left out or null, an array item is dropped). DROP: this value cannot be made valid.
   */
  const repair = (value: unknown, node: unknown, mode: 'request' | 'response', depth: number): unknown => {
    const s = flat(node)
    if (depth > 24) return value
    // Where openapi-sampler stops at a recursion it leaves `undefined` (a field that JSON drops,
    // an array item that JSON writes as null): nothing was sampled there.
    if (value === undefined) return DROP
    if (value === null) return nullable(s) || untyped(s) ? null : DROP
    const variants = (s.oneOf ?? s.anyOf) as unknown[] | undefined
    if (Array.isArray(variants) && variants.length && !s.properties)
      return discriminated(repair(value, variants[0], mode, depth + 1), s, variants[0])
    if (typeof value === 'string') return fixString(value, s)
    if (Array.isArray(value)) {
      const items = value.map((v) => repair(v, s.items, mode, depth + 1)).filter((v) => v !== DROP)
      return items.length >= Number(s.minItems ?? 0) ? items : DROP
    }
    if (value && typeof value === 'object') {
      const props = (s.properties ?? {}) as Raw
      const required = new Set(
        ((s.required as string[] | undefined) ?? []).filter(
          (r) => (flat(props[r]) as Raw)[mode === 'request' ? 'readOnly' : 'writeOnly'] !== true,
        ),
      )
      const out: Raw = {}
      for (const [k, v] of Object.entries(value as Raw)) {
        const child = props[k] !== undefined ? props[k] : s.additionalProperties
        const fixed =
          child === undefined || typeof child === 'boolean' ? v : repair(v, child, mode, depth + 1)
        if (fixed !== DROP) out[k] = fixed
        else if (v !== undefined && nullable(flat(child))) out[k] = null
        else if (required.has(k)) return DROP
      }
      // A schema with properties of its own beside its variants (a base declaring the
      // discriminator's property): the value is its first variant's, named as that one.
      const named = Array.isArray(variants) && variants.length ? variants[0] : node
      return [...required].every((r) => r in out) ? discriminated(out, s, named) : DROP
    }
    return value
  }

  return repair
}

/**
 * Examples generated from schemas by openapi-sampler (Redocly's generator). It reads the bundled
 * document, before dereferencing, so that recursion is still visible as `$ref`s.
 */
export function createSampler(doc: Raw): Sampler {
  const { at, flat } = documentReader(doc)
  const repair = createRepair(flat)
  // Operations of one resource share their schemas, but each names them with its own object
  // (`{ $ref: '#/components/schemas/Order' }`, `{ type: array, items: { $ref: … } }`): the memo is
  // keyed by the schema's text in the bundled document, where `$ref`s are not expanded, so every
  // distinct schema is sampled once per direction and format however many operations use it.
  const memo = new Map<string, unknown>()
  return {
    sample(segments, mode, format) {
      const schema = at(segments)
      if (schema === undefined || schema === null || typeof schema !== 'object') return undefined
      let key: string
      try {
        key = `${mode}:${format}:${JSON.stringify(schema)}`
      } catch {
        // A schema whose objects loop (no `$ref` between them) has no text: sampled as it is.
        return this.fresh(schema, mode, format)
      }
      if (memo.has(key)) return memo.get(key)
      const value = this.fresh(schema, mode, format)
      memo.set(key, value)
      return value
    },
    fresh(schema: object, mode: 'request' | 'response', format: 'json' | 'xml' | 'text'): unknown {
      const run = (maxSampleDepth: number) =>
        sampleSchema(
          schema as never,
          {
            skipReadOnly: mode === 'request',
            skipWriteOnly: mode === 'response',
            skipNonRequired: false,
            quiet: true,
            enablePatterns: true,
            maxSampleDepth,
            ...(format === 'xml' ? { format: 'xml' } : {}),
          } as never,
          doc as never,
        )
      try {
        const size = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).length
        let value = run(6)
        for (const depth of [3, 2]) if (size(value) > MAX_EXAMPLE_CHARS) value = run(depth)
        if (format !== 'json') return value
        const fixed = repair(value, schema, mode, 0)
        return fixed === DROP ? value : fixed
      } catch {
        return undefined
      }
    },
  }
}

/** The value of the first of a parameter's or media type's named `examples`. */
export function firstExample(examples: unknown): unknown {
  if (examples === null || typeof examples !== 'object') return undefined
  const first: unknown = Object.values(examples)[0]
  return first !== null && typeof first === 'object' ? (first as { value?: unknown }).value : undefined
}

/** Form bodies' examples are shown as JSON objects of their fields. */
export const formLike = (mediaType: string) => /x-www-form-urlencoded|multipart\//i.test(mediaType)
