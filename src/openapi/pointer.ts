// JSON pointers (RFC 6901) as `$ref`s and diagnostics write them: '#/paths/~1pets/get'.

import { decodeSafe } from '../text.js'

type Segments = ReadonlyArray<string | number>

/**
 * The segments of a pointer: '#/a/b', '/a/b' or a `$ref`'s fragment; '' and '#' are the whole
 * document. undefined when it is not a pointer ('#components/x').
 */
export function parsePointer(pointer: string): string[] | undefined {
  const p = pointer.startsWith('#') ? pointer.slice(1) : pointer
  if (p === '' || p === '/') return []
  if (!p.startsWith('/')) return undefined
  return p
    .slice(1)
    .split('/')
    .map((raw) => decodeSafe(raw).replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** '#/paths/~1pets/get' from ['paths', '/pets', 'get']. */
export const formatPointer = (segments: Segments): string =>
  '#/' + segments.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')
