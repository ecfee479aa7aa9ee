import fs from 'node:fs'
import path from 'node:path'
import type { Diagnostic, SourceLocation } from '../types.js'
import { parseYaml, YamlError, type ParsedYaml } from '../parse/yaml.js'
import { formatPointer, parsePointer } from './pointer.js'

type Raw = Record<string, unknown>
type Locate = ParsedYaml['locate']
type Segments = ReadonlyArray<string | number>

/** One file of a spec's tree: YAML or JSON data, or plain text (markdown, code) for a `$ref` to prose. */
interface SourceDoc {
  readonly abs: string
  /** Relative to the project root, POSIX: what diagnostics name. */
  readonly file: string
  readonly data: unknown
  readonly locate: Locate
}

export interface BundledSpec {
  /** One self-contained document: every `$ref` left in it is local (`#/…`). */
  readonly doc: Raw | undefined
  readonly diagnostics: Diagnostic[]
  /** Every file the spec was read from (absolute), for serve's watcher and cache. */
  readonly files: readonly string[]
  /** Where a JSON path of the bundled document was written: file, line and column. */
  readonly locate: (segments: Segments) => SourceLocation
}

/**
 * Extensions docs-site reads. Any other `x-` value is not OpenAPI: it is left out of the bundle
 * unless it is a plain scalar, so a `$ref` inside it (to markdown for another tool, say) is
 * never followed, validated or refused.
 */
const KNOWN_EXTENSIONS = new Set([
  'x-codeSamples',
  'x-code-samples',
  'x-tagGroups',
  'x-internal',
  'x-displayName',
  'x-hmac-signature',
])

/**
 * Maps whose keys are names the spec chose (a header `x-rate-limit`, a property `x-request-id`, a
 * component `x-common-version`), not fields: an `x-` key there is a member, never an extension.
 */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'headers',
  'content',
  'encoding',
  'examples',
  'links',
  'callbacks',
  'variables',
  'webhooks',
  'schemas',
  'requestBodies',
  'securitySchemes',
  'pathItems',
])
/** Whether the object at `at` of the bundle is such a map (not a member of one, named like it). */
function isNameMap(at: Segments): boolean {
  const key = at[at.length - 1]
  const parent = at[at.length - 2]
  if (typeof key !== 'string') return false
  if (parent === 'components') return true
  if (typeof parent === 'string' && (NAME_MAPS.has(parent) || (parent === 'responses' && at.length === 3)))
    return false
  return NAME_MAPS.has(key)
}

/** Keys whose value is a schema, and keys whose members are schemas (JSON Schema and OpenAPI). */
const SCHEMA_KEYS = new Set([
  'schema',
  'items',
  'additionalProperties',
  'not',
  'additionalItems',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
])
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'allOf',
  'oneOf',
  'anyOf',
  'prefixItems',
])

/** Is the value at this path (of the bundled document) a schema? */
function isSchemaPosition(at: Segments): boolean {
  const last = at[at.length - 1]
  const parent = at[at.length - 2]
  if (typeof parent === 'string' && SCHEMA_MAPS.has(parent)) return true
  if (typeof last === 'string' && SCHEMA_KEYS.has(last)) return true
  return (
    (at.length === 3 && at[0] === 'components' && at[1] === 'schemas') ||
    (at.length === 2 && at[0] === 'definitions')
  )
}

const DATA_FILE = /\.(ya?ml|json)$/i

/**
 * Bundles a spec kept as a tree of files into one document, as the well-known bundlers do.
 * A `$ref` to a file inside the spec's own folder (relative path, optional JSON pointer, YAML,
 * JSON or prose at any depth) is followed: schemas are hoisted under `components/schemas` (so
 * they keep a name, and cycles between files stay `$ref`s), anything else (path items,
 * operations, parameters, descriptions, code samples) is inlined. A `$ref` that leaves the
 * folder, or to a URL, is refused; no network request is ever made.
 */
export function bundleSpec(
  root: { abs: string; file: string; parsed: ParsedYaml },
  projectRoot: string,
): BundledSpec {
  const diagnostics: Diagnostic[] = []
  const specDir = path.dirname(root.abs)
  const rootDoc: SourceDoc = {
    abs: root.abs,
    file: root.file,
    data: root.parsed.data,
    locate: root.parsed.locate,
  }
  const docs = new Map<string, SourceDoc | null>([[root.abs, rootDoc]])
  const rootData = root.parsed.data as Raw
  const swagger2 = rootData.swagger !== undefined
  const schemasAt: string[] = swagger2 ? ['definitions'] : ['components', 'schemas']
  const existing = (swagger2 ? rootData.definitions : (rootData.components as Raw | undefined)?.schemas) as
    Raw | undefined
  const hoisted = new Map<string, string>()
  const hoistedSchemas: Raw = {}
  const taken = new Set(Object.keys(existing ?? {}))
  const inlined = new Map<string, unknown>()
  // Where each object of the bundle came from, to name the right file in validation errors.
  const origin = new WeakMap<object, { src: SourceDoc; at: Segments }>()

  const error = (src: SourceDoc, at: Segments, message: string, hint?: string) =>
    diagnostics.push({
      severity: 'error',
      code: 'openapi',
      message: `OpenAPI: ${message}`,
      at: { file: src.file, ...src.locate(at) },
      hint,
    })

  const load = (abs: string, from: SourceDoc, at: Segments): SourceDoc | null => {
    if (docs.has(abs)) return docs.get(abs)!
    const file = path.relative(projectRoot, abs).split(path.sep).join('/')
    let doc: SourceDoc | null = null
    try {
      const text = fs.readFileSync(abs, 'utf8').replace(/^\uFEFF/, '')
      if (DATA_FILE.test(abs)) {
        const parsed = parseYaml(text)
        doc = { abs, file, data: parsed.data, locate: parsed.locate }
      } else {
        doc = { abs, file, data: text, locate: () => ({ line: 1, column: 1 }) }
      }
    } catch (err) {
      if (err instanceof YamlError)
        diagnostics.push({
          severity: 'error',
          code: 'openapi',
          message: `OpenAPI: invalid YAML/JSON: ${err.message}`,
          at: { file, line: err.line, column: err.column },
        })
      else
        error(
          from,
          at,
          `cannot read the file of a $ref: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message} (${file})`,
        )
    }
    docs.set(abs, doc)
    return doc
  }

  const at = (data: unknown, pointer: readonly string[]): unknown => {
    let node = data
    for (const key of pointer) {
      if (node === null || typeof node !== 'object' || !(key in node)) return undefined
      node = (node as Raw)[key]
    }
    return node
  }

  const hoistName = (target: SourceDoc, pointer: readonly string[], key: string): string => {
    const known = hoisted.get(key)
    if (known) return known
    const base =
      (pointer[pointer.length - 1] ?? path.basename(target.abs).replace(/\.[^.]+$/, '')).replace(
        /[^A-Za-z0-9._-]+/g,
        '_',
      ) || 'Schema'
    let name = base
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`
    taken.add(name)
    hoisted.set(key, name)
    return name
  }

  /** Copies `node` (found at `srcAt` in `src`) to `outAt` of the bundle, following its refs. */
  const visit = (
    node: unknown,
    src: SourceDoc,
    srcAt: Segments,
    outAt: Segments,
    stack: ReadonlySet<string>,
  ): unknown => {
    if (Array.isArray(node)) return node.map((v, i) => visit(v, src, [...srcAt, i], [...outAt, i], stack))
    if (node === null || typeof node !== 'object') return node
    const obj = node as Raw
    if (typeof obj.$ref === 'string') {
      const out = followRef(obj, src, srcAt, outAt, stack)
      if (out && typeof out === 'object') origin.set(out, { src, at: srcAt })
      return out
    }
    const out: Raw = {}
    origin.set(out, { src, at: srcAt })
    const names = isNameMap(outAt)
    for (const [key, value] of Object.entries(obj)) {
      if (
        !names &&
        key.startsWith('x-') &&
        !KNOWN_EXTENSIONS.has(key) &&
        value !== null &&
        typeof value === 'object'
      )
        continue
      out[key] = visit(value, src, [...srcAt, key], [...outAt, key], stack)
    }
    return out
  }

  const followRef = (
    obj: Raw,
    src: SourceDoc,
    srcAt: Segments,
    outAt: Segments,
    stack: ReadonlySet<string>,
  ): unknown => {
    const ref = obj.$ref as string
    const refAt = [...srcAt, '$ref']
    const siblings = Object.entries(obj).filter(([k]) => k !== '$ref')
    const withSiblings = (value: unknown) => {
      if (!siblings.length || value === null || typeof value !== 'object' || Array.isArray(value))
        return value
      const out: Raw = { ...(value as Raw) }
      for (const [k, v] of siblings) out[k] = visit(v, src, [...srcAt, k], [...outAt, k], stack)
      return out
    }
    if (/^[a-z][a-z\d+.-]*:/i.test(ref) || ref.startsWith('//')) {
      error(
        src,
        refAt,
        `$ref "${ref}" refused: references to URLs are not followed (no network access during a build)`,
        "copy the document into the spec's folder and refer to it by a relative path",
      )
      return {}
    }
    const hash = ref.indexOf('#')
    const filePart = hash < 0 ? ref : ref.slice(0, hash)
    const pointer = parsePointer(hash < 0 ? '' : ref.slice(hash + 1))
    if (!pointer) {
      error(
        src,
        refAt,
        filePart
          ? `$ref "${ref}" refused: a JSON pointer must start with "#/"`
          : `$ref "${ref}" refused: a local ref must start with "#/"`,
      )
      return {}
    }
    let target = src
    if (filePart) {
      const abs = path.resolve(path.dirname(src.abs), decodeURI(filePart))
      const rel = path.relative(specDir, abs)
      if (rel.startsWith('..') || path.isAbsolute(rel)) {
        error(
          src,
          refAt,
          `$ref "${ref}" refused: it leaves the spec's folder (${path.relative(projectRoot, specDir) || '.'})`,
          'keep every file of the spec inside the folder of its root document',
        )
        return {}
      }
      const doc = load(abs, src, refAt)
      if (!doc) return {}
      target = doc
    }
    const value = at(target.data, pointer)
    if (value === undefined) {
      error(
        src,
        refAt,
        `unresolved $ref "${ref}"${target !== src ? ` (nothing at that pointer in ${target.file})` : ''}`,
      )
      return {}
    }
    const key = `${target.abs}#/${pointer.join('/')}`
    // A ref into the root document stays a local ref: the parser dereferences it later.
    if (target === rootDoc) return { $ref: formatPointer(pointer), ...Object.fromEntries(siblings) }
    if (isSchemaPosition(outAt) || isSchemaPosition(pointer)) {
      // `components/schemas/Pet: {$ref: pet.yaml}` puts the file's schema in place, under its name.
      const here =
        outAt.length === schemasAt.length + 1 && schemasAt.every((s, i) => outAt[i] === s)
          ? String(outAt[outAt.length - 1])
          : undefined
      if (here !== undefined && (hoisted.get(key) ?? here) === here) {
        hoisted.set(key, here)
        return withSiblings(visit(value, target, pointer, outAt, new Set()))
      }
      const fresh = !hoisted.has(key)
      const name = hoistName(target, pointer, key)
      if (fresh) hoistedSchemas[name] = visit(value, target, pointer, [...schemasAt, name], new Set())
      return withSiblings({ $ref: formatPointer([...schemasAt, name]) })
    }
    if (stack.has(key)) {
      error(src, refAt, `$ref "${ref}" is circular outside a schema`)
      return {}
    }
    let out = inlined.get(key)
    if (out === undefined) {
      out = visit(value, target, pointer, outAt, new Set(stack).add(key))
      inlined.set(key, out)
    }
    return withSiblings(out)
  }

  // Schemas the root names by a ref to a file keep that name wherever else they are referred to.
  for (const [name, value] of Object.entries(existing ?? {})) {
    const ref = value && typeof value === 'object' ? (value as Raw).$ref : undefined
    if (typeof ref !== 'string' || ref.startsWith('#') || /^[a-z][a-z\d+.-]*:|^\/\//i.test(ref)) continue
    const hash = ref.indexOf('#')
    const pointer = parsePointer(hash < 0 ? '' : ref.slice(hash + 1))
    if (pointer)
      hoisted.set(
        `${path.resolve(specDir, decodeURI(hash < 0 ? ref : ref.slice(0, hash)))}#/${pointer.join('/')}`,
        name,
      )
  }
  const doc = visit(rootData, rootDoc, [], [], new Set()) as Raw
  if (Object.keys(hoistedSchemas).length) {
    if (swagger2) doc.definitions = { ...(doc.definitions as Raw | undefined), ...hoistedSchemas }
    else
      doc.components = {
        ...(doc.components as Raw | undefined),
        schemas: { ...((doc.components as Raw | undefined)?.schemas as Raw | undefined), ...hoistedSchemas },
      }
  }
  const locate = (segments: Segments): SourceLocation => {
    let node: unknown = doc
    let best = { src: rootDoc, at: [] as Segments, rest: [...segments] as Segments }
    for (let i = 0; i < segments.length; i++) {
      if (node === null || typeof node !== 'object') break
      node = (node as Raw)[segments[i] as string]
      // A path of the dereferenced document goes through refs: follow them to where the text is.
      for (
        let hops = 0;
        hops < 16 &&
        node &&
        typeof node === 'object' &&
        typeof (node as Raw).$ref === 'string' &&
        ((node as Raw).$ref as string).startsWith('#/');
        hops++
      ) {
        node = parsePointer((node as Raw).$ref as string)!.reduce<unknown>(
          (n, k) => (n && typeof n === 'object' ? (n as Raw)[k] : undefined),
          doc,
        )
      }
      const o = node && typeof node === 'object' ? origin.get(node) : undefined
      if (o) best = { src: o.src, at: o.at, rest: segments.slice(i + 1) }
    }
    return { file: best.src.file, ...best.src.locate([...best.at, ...best.rest]) }
  }
  const files = [...docs.entries()].filter(([, d]) => d).map(([abs]) => abs)
  return {
    doc: diagnostics.some((d) => d.severity === 'error') ? undefined : doc,
    diagnostics,
    files,
    locate,
  }
}
