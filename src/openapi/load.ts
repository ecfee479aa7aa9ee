import fs from 'node:fs'
import path from 'node:path'
import { dereference } from '@readme/openapi-parser'
import type { ApiSpec, Diagnostic } from '../types.js'
import { parseYaml, stringifyYaml, YamlError, type ParsedYaml } from '../parse/yaml.js'
import type { SourceLocation } from '../types.js'
import { bundleSpec } from './bundle.js'
import { formatPointer, parsePointer } from './pointer.js'
import { buildModel, type ModelContext } from './model.js'
import { unknownKeyOf, unknownKeyWarnings } from './unknown-keys.js'
import { findings, ValidatorThrew, WORKER_VALIDATION_BYTES } from './validate.js'
import { shapeChecks, type ShapeFindings } from './shape-checks.js'

export interface LoadedSpec {
  readonly spec: ApiSpec | undefined
  readonly diagnostics: readonly Diagnostic[]
  /** Every file of the spec's tree (absolute): serve watches them and keys its cache on them. */
  readonly files: readonly string[]
  /** A spec kept as several files, bundled into one YAML document (offered for download). */
  readonly bundledText?: string
  /** The document the model was built from: bundled, converted to OpenAPI 3, not dereferenced. */
  readonly document?: Record<string, unknown>
  /** Where a JSON path of that document is written (file and line); parses positions on first use. */
  readonly locate?: (segments: Segments) => SourceLocation
}

type Segments = ReadonlyArray<string | number>
export interface LoadContext extends Omit<ModelContext, 'markdown' | 'locate' | 'specUrl'> {
  readonly projectRoot: string
  readonly specUrl: string | undefined
  /** Sanitised markdown → HTML of the text at `at` (a JSON path of the document). */
  readonly markdown: (text: string, at: Segments) => string
}

const SUPPORTED = /^3\.[01]\.\d+$/
// External resolution is off everywhere: bundle.ts already followed the refs to files of the
// spec's folder, and refused the rest.
const PARSER = { resolve: { external: false, file: false }, timeoutMs: 60_000 } as const

const VALIDATION = {
  ...PARSER,
  validate: {
    rules: {
      openapi: {
        'duplicate-operation-id': 'warning',
        'path-parameters-not-in-parameters': 'warning',
        'path-parameters-not-in-path': 'warning',
      },
    },
  },
} as const

/** The model of a bundled document: dereferenced (a copy), then built. */
async function modelOf(doc: Record<string, unknown>, ctx: ModelContext & { locate: Locate }) {
  return buildModel(await dereferenceDocument(doc), doc, ctx)
}

/** The size of the spec's files (0 for one that cannot be read now). */
const totalBytes = (files: readonly string[]) =>
  files.reduce((n, f) => {
    try {
      return n + fs.statSync(f).size
    } catch {
      return n
    }
  }, 0)

/** A problem that stops the load: its message, where in the root file, and a hint. */
class SpecFailure extends Error {
  constructor(
    message: string,
    readonly at: { line?: number; column?: number } = {},
    readonly hint?: string,
  ) {
    super(message)
  }
}

type Locate = (segments: Segments) => SourceLocation

/**
 * Reads one OpenAPI file and the files it refers to, converts Swagger 2.0 to OpenAPI 3, validates,
 * dereferences, then builds the render-ready model. Every problem is a diagnostic naming the file
 * that holds it and, where the YAML tells, the line.
 */
export async function loadApiSpec(absPath: string, ctx: LoadContext): Promise<LoadedSpec> {
  const file = ctx.file
  const diagnostics: Diagnostic[] = []
  let files: readonly string[] = [absPath]
  try {
    const { parsed, swagger2 } = readRoot(absPath)
    const bundled = bundleSpec({ abs: absPath, file, parsed }, ctx.projectRoot)
    files = bundled.files
    diagnostics.push(...bundled.diagnostics)
    if (!bundled.doc) return { spec: undefined, diagnostics, files }
    let doc = bundled.doc
    let locate: Locate = bundled.locate
    if (swagger2) {
      doc = await convertSwagger2(doc)
      // Positions are of the Swagger 2.0 file; the converted paths only share their first keys.
      locate = (segments) => ({ file, ...parsed.locate(segments.slice(0, 3)) })
    }
    diagnostics.push(...duplicateOperationIds(doc, locate))
    const shapes = shapeChecks(doc, locate)
    diagnostics.push(...shapes.diagnostics)
    // A large spec is validated on a worker thread while its model is made here (`validate.ts`);
    // the model of a document found invalid is dropped, and what making it threw with it.
    const parallel = totalBytes(files) >= WORKER_VALIDATION_BYTES
    const checking = validateDocument(doc, locate, file, parallel, shapes)
    const model = parallel
      ? await modelOf(doc, { ...ctx, locate }).catch((err: unknown) => ({ thrown: err }))
      : undefined
    const checked = await checking
    diagnostics.push(...checked)
    if (diagnostics.some((d) => d.severity === 'error')) return { spec: undefined, diagnostics, files }
    if (model && 'thrown' in model) throw model.thrown
    const made = model ?? (await modelOf(doc, { ...ctx, locate }))
    diagnostics.push(...made.diagnostics)
    if (made.diagnostics.some((d) => d.severity === 'error')) return { spec: undefined, diagnostics, files }
    return {
      // The reader is told the format the team writes, not the one docs-site converted it to.
      spec: swagger2 && made.spec ? { ...made.spec, openapi: '2.0' } : made.spec,
      diagnostics,
      files,
      document: doc,
      locate,
      ...(files.length > 1 ? { bundledText: stringifyYaml(doc) } : {}),
    }
  } catch (err) {
    if (!(err instanceof SpecFailure)) throw err
    diagnostics.push({
      severity: 'error',
      code: 'openapi',
      message: `OpenAPI: ${err.message}`,
      at: { file, ...err.at },
      hint: err.hint,
    })
    return { spec: undefined, diagnostics, files }
  }
}

/** The root file parsed, once its YAML and its version are known to be fine. */
function readRoot(absPath: string): { parsed: ParsedYaml; swagger2: boolean } {
  let parsed
  try {
    parsed = parseYaml(fs.readFileSync(absPath, 'utf8').replace(/^\uFEFF/, ''))
  } catch (err) {
    if (err instanceof YamlError)
      throw new SpecFailure(`invalid YAML/JSON: ${err.message}`, { line: err.line, column: err.column })
    throw new SpecFailure(`cannot read the file: ${(err as Error).message}`)
  }
  const raw = parsed.data as Record<string, unknown>
  if (raw === null || raw === undefined) throw new SpecFailure('the file is empty', { line: 1, column: 1 })
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new SpecFailure('the document must be an object (openapi, info, paths…)', { line: 1, column: 1 })
  const version = raw.openapi ?? raw.swagger
  if (typeof version !== 'string' && typeof version !== 'number')
    throw new SpecFailure('missing "openapi" field; supported versions are 3.0.x, 3.1.x and Swagger 2.0', {
      line: 1,
      column: 1,
    })
  const swagger2 = raw.openapi === undefined && String(version) === '2.0'
  if (!swagger2 && !SUPPORTED.test(String(version)))
    throw new SpecFailure(
      `unsupported version "${version}"; supported versions are 3.0.x, 3.1.x and Swagger 2.0`,
      parsed.locate([raw.openapi !== undefined ? 'openapi' : 'swagger']),
    )
  return { parsed, swagger2 }
}

/** swagger2openapi is the converter the OpenAPI tooling world uses (Redocly, APIs.guru). */
async function convertSwagger2(doc: Record<string, unknown>): Promise<Record<string, unknown>> {
  const s2o = await import('swagger2openapi')
  try {
    return (await s2o.convertObj(doc, { patch: true, warnOnly: true, resolve: false })).openapi
  } catch (err) {
    throw new SpecFailure(
      `this Swagger 2.0 document cannot be converted to OpenAPI 3: ${(err as Error).message.split('\n')[0]}`,
    )
  }
}

// The parser is a library: if it fails on a document anyway, the message names the spec, not docs-site.
const parserFailed = (stage: string, err: unknown): SpecFailure =>
  new SpecFailure(
    `the OpenAPI parser failed while ${stage} this document: ${(err as Error)?.message?.split('\n')[0] ?? String(err)}`,
    {},
    'check the document with another OpenAPI validator; if it is valid, report it with this file',
  )

/**
 * The validator's findings: errors stop the load; a field the schema does not define, and the
 * rules kept as warnings, do not.
 */
async function validateDocument(
  doc: Record<string, unknown>,
  locate: Locate,
  file: string,
  worker: boolean,
  shapes: ShapeFindings,
): Promise<Diagnostic[]> {
  let result
  try {
    result = await findings(doc, VALIDATION, worker)
  } catch (err) {
    if (err instanceof ValidatorThrew) throw parserFailed('validating', err)
    throw err
  }
  const say = describer(doc, locate, file)
  const out: Diagnostic[] = []
  // What shapeChecks reported in its own words is not said again here.
  const replaced = (message: string, segments: Segments | undefined) =>
    (shapes.pathKeys && /leading slash/.test(message)) ||
    (segments !== undefined && shapes.covered.some((c) => c.every((s, i) => segments[i] === s)))
  if (!result.valid) {
    const unknown = result.errors.map((e) => unknownKeyOf(e.message))
    if (unknown.some((k) => k === undefined)) {
      result.errors.forEach((e, i) => {
        if (unknown[i] !== undefined) return
        const { segments, ...said } = say(e.message)
        if (!replaced(e.message, segments)) out.push({ severity: 'error', code: 'openapi', ...said })
      })
      return out
    }
    out.push(...unknownKeyWarnings(unknown as string[], doc, locate, file))
  }
  for (const w of result.warnings) {
    if (/operationId/i.test(w.message)) continue // reported with its line above
    const { segments: _, ...said } = say(w.message)
    out.push({ severity: 'warning', code: 'openapi', ...said })
  }
  return out
}

/** A validator message as a diagnostic: its first line, at the file and line it points to. */
function describer(doc: Record<string, unknown>, locate: Locate, file: string) {
  let lines: Segments[] | undefined
  /** The JSON path a message points to: a pointer in its words, or the marked line of its code frame. */
  const at = (message: string): { segments?: Segments; framed?: boolean } => {
    const pointer = /#?(\/(?:paths|components|info|tags|servers|security|webhooks)[^\s"'`,)]*)/.exec(
      message,
    )?.[1]
    if (pointer) return { segments: parsePointer(pointer) ?? [] }
    // Schema errors come with a code frame of the document as pretty JSON: its marked line tells where.
    const line = /^>\s*(\d+)\s*\|/m.exec(message)?.[1]
    const where = line ? (lines ??= jsonLinePaths(doc))[Number(line) - 1] : undefined
    return where ? { segments: where, framed: true } : {}
  }
  return (message: string) => {
    const first = message
      .split('\n')[0]!
      .replace(/^([A-Z]+) must/, (_m, w: string) => `${w.toLowerCase()} must`)
    const { segments, framed } = at(message)
    const pointer = framed && segments ? ` (at ${formatPointer(segments)})` : ''
    return {
      message: `OpenAPI: ${first}${pointer}`,
      at: segments ? locate(segments) : { file },
      segments,
    }
  }
}

async function dereferenceDocument(doc: Record<string, unknown>): Promise<Record<string, unknown>> {
  try {
    return (await dereference(structuredClone(doc) as never, {
      ...PARSER,
      dereference: { circular: true },
    })) as unknown as Record<string, unknown>
  } catch (err) {
    throw parserFailed('dereferencing', err)
  }
}

/** The JSON path of each line of `JSON.stringify(value, null, 2)`. */
function jsonLinePaths(value: unknown): Segments[] {
  const out: Segments[] = [[]]
  const walk = (v: unknown, at: Segments) => {
    if (v === null || typeof v !== 'object') return
    const entries: Array<[string | number, unknown]> = Array.isArray(v)
      ? v.map((x, i) => [i, x])
      : Object.entries(v).filter(([, x]) => x !== undefined && typeof x !== 'function')
    if (!entries.length) return
    for (const [k, x] of entries) {
      out.push([...at, k])
      walk(x, [...at, k])
    }
    out.push(at)
  }
  walk(value, [])
  return out
}

function duplicateOperationIds(
  doc: Record<string, unknown>,
  locate: (p: Array<string | number>) => { file: string; line?: number; column?: number },
): Diagnostic[] {
  const seen = new Map<string, string>()
  const out: Diagnostic[] = []
  for (const [p, item] of Object.entries(
    (doc.paths ?? {}) as Record<string, Record<string, { operationId?: string }>>,
  )) {
    for (const [method, op] of Object.entries(item ?? {})) {
      const id = op && typeof op === 'object' ? op.operationId : undefined
      if (!id) continue
      const where = `${method.toUpperCase()} ${p}`
      if (seen.has(id))
        out.push({
          severity: 'warning',
          code: 'openapi',
          message: `OpenAPI: duplicate operationId "${id}" (${seen.get(id)} and ${where}); the second page gets a numbered slug`,
          at: locate(['paths', p, method, 'operationId']),
        })
      else seen.set(id, where)
    }
  }
  return out
}

/** The spec file's stamp for serve's cache: every file of its tree, with size and mtime. */
export function stampOf(files: readonly string[]): string {
  return files
    .map((f) => {
      try {
        const st = fs.statSync(f)
        return `${path.basename(f)}:${st.size}:${st.mtimeMs}`
      } catch {
        return `${f}:gone`
      }
    })
    .join('|')
}
