import fs from 'node:fs'
import path from 'node:path'
import type { Diagnostic, SourceLocation } from '../types.js'
import { parseYaml, YamlError, type ParsedYaml } from '../parse/yaml.js'
import { formatPointer, parsePointer } from './pointer.js'
import { isNameMap, isSchemaPosition, KNOWN_EXTENSIONS } from './bundle-positions.js'

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

const DATA_FILE = /\.(ya?ml|json)$/i
/** An absolute URL or a network-path reference: never followed. */
const URL_REF = /^[a-z][a-z\d+.-]*:/i

/** What one bundling run carries from ref to ref. */
interface Bundle {
  readonly projectRoot: string
  /** The folder of the root document: no `$ref` may leave it. */
  readonly specDir: string
  readonly rootDoc: SourceDoc
  /** Where schemas are hoisted: `components/schemas`, or `definitions` in Swagger 2. */
  readonly schemasAt: readonly string[]
  readonly diagnostics: Diagnostic[]
  /** Every file asked for, by absolute path; null when it could not be read. */
  readonly docs: Map<string, SourceDoc | null>
  /** The name each hoisted schema (`file#/pointer`) was given. */
  readonly hoisted: Map<string, string>
  readonly hoistedSchemas: Raw
  /** Schema names in use, so a hoisted schema never takes one. */
  readonly taken: Set<string>
  /** What each non-schema ref became, so a file referred to twice is read into the bundle once. */
  readonly inlined: Map<string, unknown>
  // Where each object of the bundle came from, to name the right file in validation errors.
  readonly origin: WeakMap<object, { src: SourceDoc; at: Segments }>
}

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
  const rootDoc: SourceDoc = {
    abs: root.abs,
    file: root.file,
    data: root.parsed.data,
    locate: root.parsed.locate,
  }
  const rootData = root.parsed.data as Raw
  const swagger2 = rootData.swagger !== undefined
  const existing = (swagger2 ? rootData.definitions : (rootData.components as Raw | undefined)?.schemas) as
    Raw | undefined
  const b: Bundle = {
    projectRoot,
    specDir: path.dirname(root.abs),
    rootDoc,
    schemasAt: swagger2 ? ['definitions'] : ['components', 'schemas'],
    diagnostics: [],
    docs: new Map([[root.abs, rootDoc]]),
    hoisted: new Map(),
    hoistedSchemas: {},
    taken: new Set(Object.keys(existing ?? {})),
    inlined: new Map(),
    origin: new WeakMap(),
  }
  keepRootSchemaNames(b, existing)
  const doc = visit(b, rootData, rootDoc, [], [], new Set()) as Raw
  addHoistedSchemas(doc, b.hoistedSchemas, swagger2)
  const files = [...b.docs.entries()].filter(([, d]) => d).map(([abs]) => abs)
  return {
    doc: b.diagnostics.some((d) => d.severity === 'error') ? undefined : doc,
    diagnostics: b.diagnostics,
    files,
    locate: locatorOf(doc, rootDoc, b.origin),
  }
}

function refError(b: Bundle, src: SourceDoc, at: Segments, message: string, hint?: string): void {
  b.diagnostics.push({
    severity: 'error',
    code: 'openapi',
    message: `OpenAPI: ${message}`,
    at: { file: src.file, ...src.locate(at) },
    hint,
  })
}

/** Reads a file a `$ref` names (once per run): YAML or JSON as data, anything else as text. */
function loadSource(b: Bundle, abs: string, from: SourceDoc, at: Segments): SourceDoc | null {
  if (b.docs.has(abs)) return b.docs.get(abs)!
  const file = path.relative(b.projectRoot, abs).split(path.sep).join('/')
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
      b.diagnostics.push({
        severity: 'error',
        code: 'openapi',
        message: `OpenAPI: invalid YAML/JSON: ${err.message}`,
        at: { file, line: err.line, column: err.column },
      })
    else
      refError(
        b,
        from,
        at,
        `cannot read the file of a $ref: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message} (${file})`,
      )
  }
  b.docs.set(abs, doc)
  return doc
}

function valueAt(data: unknown, pointer: readonly string[]): unknown {
  let node = data
  for (const key of pointer) {
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined
    node = (node as Raw)[key]
  }
  return node
}

/** The name a hoisted schema gets: the last key of its pointer, or its file's name, made unique. */
function hoistName(b: Bundle, target: SourceDoc, pointer: readonly string[], key: string): string {
  const known = b.hoisted.get(key)
  if (known) return known
  const base =
    (pointer[pointer.length - 1] ?? path.basename(target.abs).replace(/\.[^.]+$/, '')).replace(
      /[^A-Za-z0-9._-]+/g,
      '_',
    ) || 'Schema'
  let name = base
  for (let n = 2; b.taken.has(name); n++) name = `${base}${n}`
  b.taken.add(name)
  b.hoisted.set(key, name)
  return name
}

/** Copies `node` (found at `srcAt` in `src`) to `outAt` of the bundle, following its refs. */
function visit(
  b: Bundle,
  node: unknown,
  src: SourceDoc,
  srcAt: Segments,
  outAt: Segments,
  stack: ReadonlySet<string>,
): unknown {
  if (Array.isArray(node)) return node.map((v, i) => visit(b, v, src, [...srcAt, i], [...outAt, i], stack))
  if (node === null || typeof node !== 'object') return node
  const obj = node as Raw
  if (typeof obj.$ref === 'string') {
    const out = followRef(b, obj, src, srcAt, outAt, stack)
    if (out && typeof out === 'object') b.origin.set(out, { src, at: srcAt })
    return out
  }
  const out: Raw = {}
  b.origin.set(out, { src, at: srcAt })
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
    out[key] = visit(b, value, src, [...srcAt, key], [...outAt, key], stack)
  }
  return out
}

/** What a `$ref` points at, once it passed the checks. */
interface RefTarget {
  readonly target: SourceDoc
  readonly pointer: string[]
  readonly value: unknown
}

/** Finds what a `$ref` points at; reports and returns undefined when it is refused or unresolved. */
function resolveRef(b: Bundle, ref: string, src: SourceDoc, refAt: Segments): RefTarget | undefined {
  if (URL_REF.test(ref) || ref.startsWith('//')) {
    refError(
      b,
      src,
      refAt,
      `$ref "${ref}" refused: references to URLs are not followed (no network access during a build)`,
      "copy the document into the spec's folder and refer to it by a relative path",
    )
    return undefined
  }
  const hash = ref.indexOf('#')
  const filePart = hash < 0 ? ref : ref.slice(0, hash)
  const pointer = parsePointer(hash < 0 ? '' : ref.slice(hash + 1))
  if (!pointer) {
    refError(
      b,
      src,
      refAt,
      filePart
        ? `$ref "${ref}" refused: a JSON pointer must start with "#/"`
        : `$ref "${ref}" refused: a local ref must start with "#/"`,
    )
    return undefined
  }
  let target = src
  if (filePart) {
    const abs = path.resolve(path.dirname(src.abs), decodeURI(filePart))
    const rel = path.relative(b.specDir, abs)
    if (rel.startsWith('..') || path.isAbsolute(rel)) {
      refError(
        b,
        src,
        refAt,
        `$ref "${ref}" refused: it leaves the spec's folder (${path.relative(b.projectRoot, b.specDir) || '.'})`,
        'keep every file of the spec inside the folder of its root document',
      )
      return undefined
    }
    const doc = loadSource(b, abs, src, refAt)
    if (!doc) return undefined
    target = doc
  }
  const value = valueAt(target.data, pointer)
  if (value === undefined) {
    refError(
      b,
      src,
      refAt,
      `unresolved $ref "${ref}"${target !== src ? ` (nothing at that pointer in ${target.file})` : ''}`,
    )
    return undefined
  }
  return { target, pointer, value }
}

/** What a `$ref` object becomes in the bundle: a local ref, a hoisted schema's ref, or its target copied in. */
function followRef(
  b: Bundle,
  obj: Raw,
  src: SourceDoc,
  srcAt: Segments,
  outAt: Segments,
  stack: ReadonlySet<string>,
): unknown {
  const ref = obj.$ref as string
  const refAt = [...srcAt, '$ref']
  const siblings = Object.entries(obj).filter(([k]) => k !== '$ref')
  // Keys written beside a `$ref` (a description, say) are kept on what it is replaced by.
  const withSiblings = (value: unknown) => {
    if (!siblings.length || value === null || typeof value !== 'object' || Array.isArray(value)) return value
    const out: Raw = { ...(value as Raw) }
    for (const [k, v] of siblings) out[k] = visit(b, v, src, [...srcAt, k], [...outAt, k], stack)
    return out
  }
  const resolved = resolveRef(b, ref, src, refAt)
  if (!resolved) return {}
  const { target, pointer, value } = resolved
  const key = `${target.abs}#/${pointer.join('/')}`
  // A ref into the root document stays a local ref: the parser dereferences it later.
  if (target === b.rootDoc) return { $ref: formatPointer(pointer), ...Object.fromEntries(siblings) }
  if (isSchemaPosition(outAt) || isSchemaPosition(pointer))
    return withSiblings(hoistSchema(b, target, pointer, value, outAt, key))
  if (stack.has(key)) {
    refError(b, src, refAt, `$ref "${ref}" is circular outside a schema`)
    return {}
  }
  let out = b.inlined.get(key)
  if (out === undefined) {
    out = visit(b, value, target, pointer, outAt, new Set(stack).add(key))
    b.inlined.set(key, out)
  }
  return withSiblings(out)
}

/** A schema from another file: put in place when this is its own `components/schemas` entry, else a ref to its hoisted copy. */
function hoistSchema(
  b: Bundle,
  target: SourceDoc,
  pointer: string[],
  value: unknown,
  outAt: Segments,
  key: string,
): unknown {
  // `components/schemas/Pet: {$ref: pet.yaml}` puts the file's schema in place, under its name.
  const here =
    outAt.length === b.schemasAt.length + 1 && b.schemasAt.every((s, i) => outAt[i] === s)
      ? String(outAt[outAt.length - 1])
      : undefined
  if (here !== undefined && (b.hoisted.get(key) ?? here) === here) {
    b.hoisted.set(key, here)
    return visit(b, value, target, pointer, outAt, new Set())
  }
  const fresh = !b.hoisted.has(key)
  const name = hoistName(b, target, pointer, key)
  if (fresh) b.hoistedSchemas[name] = visit(b, value, target, pointer, [...b.schemasAt, name], new Set())
  return { $ref: formatPointer([...b.schemasAt, name]) }
}

/** Schemas the root names by a ref to a file keep that name wherever else they are referred to. */
function keepRootSchemaNames(b: Bundle, existing: Raw | undefined): void {
  for (const [name, value] of Object.entries(existing ?? {})) {
    const ref = value && typeof value === 'object' ? (value as Raw).$ref : undefined
    if (typeof ref !== 'string' || ref.startsWith('#') || /^[a-z][a-z\d+.-]*:|^\/\//i.test(ref)) continue
    const hash = ref.indexOf('#')
    const pointer = parsePointer(hash < 0 ? '' : ref.slice(hash + 1))
    if (pointer)
      b.hoisted.set(
        `${path.resolve(b.specDir, decodeURI(hash < 0 ? ref : ref.slice(0, hash)))}#/${pointer.join('/')}`,
        name,
      )
  }
}

function addHoistedSchemas(doc: Raw, hoistedSchemas: Raw, swagger2: boolean): void {
  if (!Object.keys(hoistedSchemas).length) return
  if (swagger2) doc.definitions = { ...(doc.definitions as Raw | undefined), ...hoistedSchemas }
  else
    doc.components = {
      ...(doc.components as Raw | undefined),
      schemas: { ...((doc.components as Raw | undefined)?.schemas as Raw | undefined), ...hoistedSchemas },
    }
}

/** Maps a JSON path of the bundled document to the file, line and column it was written at. */
function locatorOf(
  doc: Raw,
  rootDoc: SourceDoc,
  origin: WeakMap<object, { src: SourceDoc; at: Segments }>,
): (segments: Segments) => SourceLocation {
  return (segments) => {
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
}
