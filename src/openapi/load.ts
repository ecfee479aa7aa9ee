import fs from 'node:fs'
import { validate, dereference } from '@readme/openapi-parser'
import type { ApiSpec, Diagnostic } from '../types.js'
import { parseYaml, YamlError } from '../parse/yaml.js'
import { checkRefs } from './refs.js'
import { buildModel, type ModelContext } from './model.js'

export interface LoadedSpec {
  readonly spec: ApiSpec | undefined
  readonly diagnostics: readonly Diagnostic[]
}

const SUPPORTED = /^3\.[01]\.\d+$/
// External resolution is off everywhere: refs were already checked to be local (refs.ts).
const PARSER = { resolve: { external: false, file: false }, timeoutMs: 10_000 } as const

/**
 * Reads, validates and dereferences one OpenAPI file, then builds the render-ready model. Every
 * problem is a diagnostic with the file and, where the YAML tells, the line.
 */
export async function loadApiSpec(absPath: string, ctx: ModelContext): Promise<LoadedSpec> {
  const file = ctx.file
  const diagnostics: Diagnostic[] = []
  const fail = (message: string, at: { line?: number; column?: number } = {}, hint?: string): LoadedSpec => {
    diagnostics.push({ severity: 'error', code: 'openapi', message: `OpenAPI: ${message}`, at: { file, ...at }, hint })
    return { spec: undefined, diagnostics }
  }
  let parsed
  try {
    parsed = parseYaml(fs.readFileSync(absPath, 'utf8').replace(/^\uFEFF/, ''))
  } catch (err) {
    if (err instanceof YamlError) return fail(`invalid YAML/JSON: ${err.message}`, { line: err.line, column: err.column })
    return fail(`cannot read the file: ${(err as Error).message}`)
  }
  const doc = parsed.data as Record<string, unknown>
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return fail('the document must be an object')
  const version = doc.openapi ?? doc.swagger
  if (typeof version !== 'string' && typeof version !== 'number') return fail('missing "openapi" field; supported versions are 3.0.x and 3.1.x', { line: 1, column: 1 })
  if (!SUPPORTED.test(String(version))) return fail(`unsupported version "${version}"; supported versions are 3.0.x and 3.1.x`, parsed.locate([doc.openapi !== undefined ? 'openapi' : 'swagger']))
  const refProblems = checkRefs(doc, file, parsed.locate)
  if (refProblems.length) return { spec: undefined, diagnostics: refProblems }
  diagnostics.push(...duplicateOperationIds(doc, file, parsed.locate))

  const result = await validate(structuredClone(doc) as never, {
    ...PARSER,
    validate: { rules: { openapi: { 'duplicate-operation-id': 'warning', 'path-parameters-not-in-parameters': 'warning', 'path-parameters-not-in-path': 'warning' } } },
  })
  const at = (message: string) => {
    const pointer = /#?(\/(?:paths|components|info|tags|servers|security)[^\s"'`,)]*)/.exec(message)?.[1]
    return pointer ? parsed.locate(pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))) : {}
  }
  if (!result.valid) {
    for (const e of result.errors) diagnostics.push({ severity: 'error', code: 'openapi', message: `OpenAPI: ${e.message.split('\n')[0]}`, at: { file, ...at(e.message) } })
    return { spec: undefined, diagnostics }
  }
  for (const w of result.warnings) {
    if (/operationId/i.test(w.message)) continue // reported with its line above
    diagnostics.push({ severity: 'warning', code: 'openapi', message: `OpenAPI: ${w.message.split('\n')[0]}`, at: { file, ...at(w.message) } })
  }
  const deref = (await dereference(structuredClone(doc) as never, { ...PARSER, dereference: { circular: true } })) as unknown as Record<string, unknown>
  return { spec: buildModel(deref, ctx), diagnostics }
}

function duplicateOperationIds(doc: Record<string, unknown>, file: string, locate: (p: Array<string | number>) => { line: number; column: number }): Diagnostic[] {
  const seen = new Map<string, string>()
  const out: Diagnostic[] = []
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, { operationId?: string }>>)) {
    for (const [method, op] of Object.entries(item ?? {})) {
      const id = op && typeof op === 'object' ? op.operationId : undefined
      if (!id) continue
      const where = `${method.toUpperCase()} ${path}`
      if (seen.has(id)) out.push({ severity: 'warning', code: 'openapi', message: `OpenAPI: duplicate operationId "${id}" (${seen.get(id)} and ${where}); the second page gets a numbered slug`, at: { file, ...locate(['paths', path, method, 'operationId']) } })
      else seen.set(id, where)
    }
  }
  return out
}
