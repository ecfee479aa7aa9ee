// Keys the OpenAPI schema does not know (a vendor's `required_scopes` in a 3.0 schema, a typo like
// `summmary`). Renderers ignore them, as JSON Schema ignores unknown keywords, so a real spec
// carrying one still builds: each distinct key is a warning at its first place, not an error.

import type { Diagnostic, SourceLocation } from '../types.js'
import { formatPointer } from './pointer.js'

type Segments = ReadonlyArray<string | number>

/**
 * The unknown key an "additional property" validation message names (3.0's schema), or an
 * "unevaluated property" one (3.1's, which closes its objects with `unevaluatedProperties`), or
 * undefined.
 */
export function unknownKeyOf(message: string): string | undefined {
  if (!/^(?:ADDITIONAL|UNEVALUATED) PROPERT/i.test(message)) return undefined
  return /(\S+) is not expected to be here/.exec(message)?.[1] ?? ''
}

/** The first JSON path (document order, outside `x-` extensions) that holds `key`. */
export function firstPathOf(doc: unknown, key: string): Segments | undefined {
  const seen = new Set<object>()
  const walk = (v: unknown, at: Segments): Segments | undefined => {
    if (v === null || typeof v !== 'object' || seen.has(v)) return undefined
    seen.add(v)
    if (!Array.isArray(v) && Object.hasOwn(v, key)) return [...at, key]
    const entries: Array<[string | number, unknown]> = Array.isArray(v)
      ? v.map((x, i) => [i, x])
      : Object.entries(v).filter(([k]) => !k.startsWith('x-'))
    for (const [k, x] of entries) {
      const found = walk(x, [...at, k])
      if (found) return found
    }
    return undefined
  }
  return walk(doc, [])
}

/** One warning per distinct unknown key, at its first place in the spec's files. */
export function unknownKeyWarnings(
  keys: readonly string[],
  doc: unknown,
  locate: (segments: Segments) => SourceLocation,
  file: string,
): Diagnostic[] {
  return [...new Set(keys)].map((key) => {
    const where = key ? firstPathOf(doc, key) : undefined
    return {
      severity: 'warning',
      code: 'openapi',
      message: key
        ? `OpenAPI: "${key}" is not an OpenAPI field here; it is ignored${where ? ` (at ${formatPointer(where)})` : ''}`
        : 'OpenAPI: a field the OpenAPI schema does not define is ignored',
      at: where ? locate(where) : { file },
      hint: key.startsWith('x') ? undefined : 'name vendor fields with an "x-" prefix',
    }
  })
}
