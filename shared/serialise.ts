// Parameter values as the reader types them (plain text, JSON, or comma-separated lists) and as
// they go on the wire, per `style` and `explode` (OpenAPI's serialisation table), and the server
// URL a request goes to. Shared by the explorer (in the browser) and the code samples (made by the
// engine at build time), so both send the same request. Pure: no DOM, no Node, no imports.

export type Shape = 'primitive' | 'array' | 'object'
export type Location = 'path' | 'query' | 'header' | 'cookie'

/** A typed value: a scalar, a list, or an object's entries in order. */
export type Value =
  | { readonly kind: 'primitive'; readonly value: string }
  | { readonly kind: 'array'; readonly items: readonly string[] }
  | { readonly kind: 'object'; readonly entries: ReadonlyArray<readonly [string, string]> }

export type Parsed =
  { readonly ok: true; readonly value: Value } | { readonly ok: false; readonly message: string }

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** A JSON value as one text: strings as they are, null as '', objects as JSON. */
export const scalar = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)

/**
 * Reads what the reader typed. Arrays: a JSON array, or comma-separated items (`a, b`). Objects: a
 * JSON object. Anything else is taken as it is.
 */
export function parseValue(text: string, shape: Shape): Parsed {
  const t = text.trim()
  if (shape === 'array') {
    if (!t.startsWith('['))
      return { ok: true, value: { kind: 'array', items: t.split(',').map((s) => s.trim()) } }
    try {
      const v: unknown = JSON.parse(t)
      if (Array.isArray(v)) return { ok: true, value: { kind: 'array', items: v.map(scalar) } }
      return { ok: false, message: 'expected a JSON array' }
    } catch (err) {
      return { ok: false, message: (err as Error).message }
    }
  }
  if (shape === 'object') {
    try {
      const v: unknown = JSON.parse(t)
      if (isObj(v))
        return {
          ok: true,
          value: { kind: 'object', entries: Object.entries(v).map(([k, x]) => [k, scalar(x)] as const) },
        }
      return { ok: false, message: 'expected a JSON object' }
    } catch (err) {
      return { ok: false, message: (err as Error).message }
    }
  }
  return { ok: true, value: { kind: 'primitive', value: text } }
}

const enc = encodeURIComponent

/** The joined form of a list or object: `a,b` / `k,v,k2,v2` (not exploded) or `k=v,k2=v2` (exploded). */
function joined(v: Value, sep: string, explode: boolean, e: (s: string) => string): string {
  if (v.kind === 'primitive') return e(v.value)
  if (v.kind === 'array') return v.items.map(e).join(sep)
  return v.entries.map(([k, x]) => (explode ? `${e(k)}=${e(x)}` : `${e(k)}${sep}${e(x)}`)).join(sep)
}

/** A path parameter's segment, percent-encoded: `simple` (default), `label` or `matrix`. */
export function serialisePath(name: string, v: Value, style: string, explode: boolean): string {
  if (style === 'label')
    return '.' + (v.kind === 'primitive' ? enc(v.value) : joined(v, explode ? '.' : ',', explode, enc))
  if (style === 'matrix') {
    if (v.kind === 'primitive') return `;${enc(name)}=${enc(v.value)}`
    if (v.kind === 'array')
      return explode
        ? v.items.map((x) => `;${enc(name)}=${enc(x)}`).join('')
        : `;${enc(name)}=${joined(v, ',', false, enc)}`
    return explode
      ? v.entries.map(([k, x]) => `;${enc(k)}=${enc(x)}`).join('')
      : `;${enc(name)}=${joined(v, ',', false, enc)}`
  }
  return joined(v, ',', explode, enc)
}

/**
 * A query parameter as `name=value` pieces, each already percent-encoded (joined with '&'):
 * `form` (default), `spaceDelimited` (%20), `pipeDelimited` (|), `deepObject` (`name[k]=v`).
 */
export function serialiseQuery(name: string, v: Value, style: string, explode: boolean): string[] {
  const n = enc(name)
  if (v.kind === 'primitive') return [`${n}=${enc(v.value)}`]
  if (style === 'deepObject' && v.kind === 'object')
    return v.entries.map(([k, x]) => `${n}[${enc(k)}]=${enc(x)}`)
  const delimiter = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '|' : undefined
  if (delimiter && !explode) return [`${n}=${joined(v, delimiter, false, enc)}`]
  // form (and the delimited styles exploded, which OpenAPI defines as form's).
  if (explode)
    return v.kind === 'array'
      ? v.items.map((x) => `${n}=${enc(x)}`)
      : v.entries.map(([k, x]) => `${enc(k)}=${enc(x)}`)
  return [`${n}=${joined(v, ',', false, enc)}`]
}

/** A header parameter's value (`simple`): `a,b`, `k,v,k2,v2` or exploded `k=v,k2=v2`. */
export function serialiseHeader(v: Value, explode: boolean): string {
  return joined(v, ',', explode, (s) => s)
}

/** A cookie parameter (`form`) as name/value pairs: `name=a,b`; exploded, one cookie per item or key. */
export function serialiseCookie(name: string, v: Value, explode: boolean): Array<[string, string]> {
  if (v.kind === 'primitive') return [[name, enc(v.value)]]
  if (!explode) return [[name, joined(v, ',', false, enc)]]
  return v.kind === 'array' ? v.items.map((x) => [name, enc(x)]) : v.entries.map(([k, x]) => [k, enc(x)])
}

/** A server as the API reference lists it: a URL template and its variables' defaults. */
export interface ServerTemplate {
  readonly url: string
  readonly variables: ReadonlyArray<{ readonly name: string; readonly default: string }>
}

/** A server's URL with each `{variable}` at its default, without a trailing slash. */
export const serverUrl = (s: ServerTemplate | undefined): string =>
  s ? s.variables.reduce((u, v) => u.split(`{${v.name}}`).join(v.default), s.url).replace(/\/+$/, '') : ''
