import { sample as sampleSchema } from 'openapi-sampler'

type Raw = Record<string, unknown>
type Segments = ReadonlyArray<string | number>

export interface Sampler {
  /**
   * An example for the schema at `at` in the document: JSON data, or XML text. Values respect the
   * schema (formats, patterns, lengths, bounds, enums, required fields); recursion stops at the
   * first repeated `$ref`. undefined when nothing sensible can be made.
   */
  sample(at: Segments, mode: 'request' | 'response', format: 'json' | 'xml' | 'text'): unknown
}

/** Above this, an example is sampled again with less depth: a page is read, not downloaded. */
const MAX_EXAMPLE_CHARS = 32_000

/**
 * Examples generated from schemas by openapi-sampler (Redocly's generator). It reads the bundled
 * document, before dereferencing, so that recursion is still visible as `$ref`s.
 */
export function createSampler(doc: Raw): Sampler {
  const resolve = (node: unknown, depth = 0): unknown => {
    if (depth > 32 || node === null || typeof node !== 'object') return node
    const ref = (node as Raw).$ref
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return node
    let target: unknown = doc
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
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
  return {
    sample(segments, mode, format) {
      const schema = at(segments)
      if (schema === undefined || schema === null || typeof schema !== 'object') return undefined
      const run = (maxSampleDepth: number) =>
        sampleSchema(schema as never, { skipReadOnly: mode === 'request', skipWriteOnly: mode === 'response', skipNonRequired: false, quiet: true, enablePatterns: true, maxSampleDepth, ...(format === 'xml' ? { format: 'xml' } : {}) } as never, doc as never)
      try {
        let value = run(8)
        if ((typeof value === 'string' ? value : JSON.stringify(value) ?? '').length > MAX_EXAMPLE_CHARS) value = run(3)
        return value
      } catch {
        return undefined
      }
    },
  }
}
