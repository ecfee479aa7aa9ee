import type { Diagnostic } from '../types.js'

type Locate = (path: ReadonlyArray<string | number>) => { line: number; column: number }

/** Value at a local JSON pointer ('#/components/schemas/Bet'), or undefined. */
export function resolvePointer(root: unknown, ref: string): unknown {
  let node: unknown = root
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

/**
 * Every `$ref` must be local and resolvable. A ref to a file, a URL or anything outside the
 * document is refused before any parser could follow it (no file is read, no request is made).
 */
export function checkRefs(root: unknown, file: string, locate: Locate): Diagnostic[] {
  const out: Diagnostic[] = []
  const walk = (node: unknown, path: Array<string | number>, depth: number) => {
    if (depth > 200 || node === null || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, [...path, i], depth + 1))
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const at = { file, ...locate([...path, key]) }
        if (!value.startsWith('#/')) {
          const why = /^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('//') ? 'network and file refs are disabled' : value.startsWith('#') ? 'a local ref must start with "#/"' : 'external $ref outside the spec document'
          out.push({ severity: 'error', code: 'openapi', message: `OpenAPI: $ref "${value}" refused: ${why}`, at, hint: 'define the schema under components and refer to it as "#/components/…"' })
        } else if (resolvePointer(root, value) === undefined) {
          out.push({ severity: 'error', code: 'openapi', message: `OpenAPI: unresolved $ref "${value}"`, at })
        }
      } else walk(value, [...path, key], depth + 1)
    }
  }
  walk(root, [], 0)
  return out
}
