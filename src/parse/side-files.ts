import type { Diagnostic } from '../diagnostic-types.js'
import type { TagDef } from '../content-types.js'
import { readText } from './read-text.js'
import { parseYaml, YamlError, type ParsedYaml } from './yaml.js'

// YAML files beside the content that map keys to entries: the blog's authors.yml and tags.yml,
// the docs' tags.yml.

/** A side file: where it is on disk and how it is named in messages. */
export interface SideFile {
  readonly absPath: string
  readonly file: string
  readonly locale: string
}

const TAG_FIELDS = new Set(['label', 'description', 'permalink'])
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** tags.yml: `key: { label, description }` (an empty entry takes the key as label). */
export function readTagsFile(
  source: SideFile,
  diagnostics: Diagnostic[],
  code: 'blog' | 'tags' = 'blog',
): Map<string, TagDef> {
  const out = new Map<string, TagDef>()
  const doc = readYamlMap(source, diagnostics, code)
  if (!doc) return out
  for (const [key, raw] of Object.entries(doc.data as Record<string, unknown>)) {
    const at = (...p: string[]) => ({ file: source.file, ...doc.locate([key, ...p]) })
    if (raw !== null && !isObject(raw)) {
      diagnostics.push({
        severity: 'error',
        code,
        message: `tag "${key}" must be a mapping such as { label: ..., description: ... }, got ${JSON.stringify(raw)}`,
        at: at(),
      })
      continue
    }
    const entry = raw ?? {}
    for (const [field, value] of Object.entries(entry)) {
      if (!TAG_FIELDS.has(field))
        diagnostics.push({
          severity: 'warning',
          code,
          message: `unknown tag field "${field}" in "${key}"`,
          at: at(field),
          hint: 'known fields: label, description, permalink',
        })
      else if (typeof value !== 'string')
        diagnostics.push({
          severity: 'error',
          code,
          message: `tag field "${field}" of "${key}" must be a string, got ${JSON.stringify(value)}`,
          at: at(field),
        })
    }
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
    out.set(key, {
      key,
      label: str(entry.label) ?? key,
      description: str(entry.description),
      ...(str(entry.permalink) ? { permalink: str(entry.permalink) } : {}),
    })
  }
  return out
}

export function readYamlMap(
  source: SideFile,
  diagnostics: Diagnostic[],
  code: 'blog' | 'tags' = 'blog',
): ParsedYaml | undefined {
  const text = readText(source, diagnostics)
  if (text === undefined) return undefined
  let doc: ParsedYaml
  try {
    doc = parseYaml(text)
  } catch (err) {
    const e = err instanceof YamlError ? err : new YamlError((err as Error).message, 1, 1)
    diagnostics.push({
      severity: 'error',
      code,
      message: `${source.file.split('/').pop()}: ${e.message}`,
      at: { file: source.file, line: e.line, column: e.column },
      source: text,
    })
    return undefined
  }
  if (doc.data === null || doc.data === undefined) return { ...doc, data: {} }
  if (!isObject(doc.data)) {
    diagnostics.push({
      severity: 'error',
      code,
      message: 'must be a mapping of keys to entries',
      at: { file: source.file, line: 1, column: 1 },
    })
    return undefined
  }
  return doc
}
