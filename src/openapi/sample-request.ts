// The request a generated code sample sends: parameters serialised as the explorer sends them,
// placeholder credentials per security scheme, the server, the body.
import type { ApiOperation, ApiParameter, ApiSecurityScheme } from '../api-types.js'
import {
  scalar,
  serialiseCookie,
  serialiseHeader,
  serialisePath,
  serialiseQuery,
  serverUrl,
  type Value,
} from '../../shared/serialise.js'
import { decodeSafe } from '../text.js'
import { PLACEHOLDER_ORIGIN } from './routes.js'
import type { Pair, SampleRequest } from './samples.js'

/** 'tenantToken' → 'TENANT_TOKEN', 'X-Api-Key' → 'API_KEY': the placeholder of a credential. */
const placeholder = (name: string) =>
  name
    .replace(/^X-/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase()

/** Placeholder credentials for each scheme the operation needs (its first alternative with any). */
export function authHeaders(
  op: Pick<ApiOperation, 'security'>,
  schemes: readonly ApiSecurityScheme[],
): { headers: Pair[]; query: Pair[]; cookies: Pair[] } {
  const out = { headers: [] as Pair[], query: [] as Pair[], cookies: [] as Pair[] }
  const alternative = op.security.find((alt) => alt.length > 0) ?? []
  for (const { key } of alternative) {
    const s = schemes.find((x) => x.key === key)
    if (!s) continue
    const scheme = s.scheme?.toLowerCase()
    if ((s.type === 'http' && scheme === 'bearer') || s.type === 'oauth2' || s.type === 'openIdConnect') {
      out.headers.push({
        name: 'Authorization',
        value: `Bearer <${placeholder(key.toLowerCase().endsWith('token') ? key : `${key}Token`)}>`,
      })
    } else if (s.type === 'http' && scheme === 'basic')
      out.headers.push({ name: 'Authorization', value: 'Basic <BASE64_USERNAME_COLON_PASSWORD>' })
    else if (s.type === 'http' && s.scheme)
      out.headers.push({ name: 'Authorization', value: `${s.scheme} <${placeholder(key)}>` })
    else if (s.type === 'apiKey' && s.name) {
      const pair = { name: s.name, value: `<${placeholder(s.name)}>` }
      if (s.in === 'query') out.query.push(pair)
      else if (s.in === 'cookie') out.cookies.push(pair)
      else out.headers.push(pair)
    }
  }
  return out
}

/** A parameter's example as the typed value the serialisation table works on. */
const valueOf = (v: unknown): Value =>
  Array.isArray(v)
    ? { kind: 'array', items: v.map(scalar) }
    : v !== null && typeof v === 'object'
      ? { kind: 'object', entries: Object.entries(v).map(([k, x]) => [k, scalar(x)] as const) }
      : { kind: 'primitive', value: scalar(v) }

/** 'a%5Bb%5D=1' → { name: 'a[b]', value: '1' }: httpsnippet encodes the query itself. */
const decodedPair = (piece: string): Pair => {
  const i = piece.indexOf('=')
  return { name: decodeSafe(piece.slice(0, i)), value: decodeSafe(piece.slice(i + 1)) }
}

/**
 * A parameter's example as it goes on the wire, per its `style` and `explode`, by the same
 * serialisation the request explorer sends with: name/value pairs for a query, header or cookie;
 * the filled segment (value only, already encoded) for a path.
 */
export function serialiseParameter(
  p: Pick<ApiParameter, 'name' | 'in' | 'style' | 'explode' | 'example'>,
): Pair[] {
  const v = valueOf(p.example)
  if (p.in === 'path') return [{ name: p.name, value: serialisePath(p.name, v, p.style, p.explode) }]
  if (p.in === 'query') return serialiseQuery(p.name, v, p.style, p.explode).map(decodedPair)
  if (p.in === 'cookie')
    return serialiseCookie(p.name, v, p.explode).map(([name, value]) => ({ name, value: decodeSafe(value) }))
  return [{ name: p.name, value: serialiseHeader(v, p.explode) }]
}

/**
 * A server URL as it goes on the wire: a host in other letters in punycode, a path's spaces and
 * letters percent-encoded (`https://api.bücher.example/straße` was refused by the sample writer,
 * and every sample of every operation was lost).
 */
function wireUrl(url: string): string {
  if (!/[^\x21-\x7e]/u.test(url)) return url
  try {
    const href = new URL(url).href
    return url.endsWith('/') || !href.endsWith('/') ? href : href.slice(0, -1)
  } catch {
    return url.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c))
  }
}

/** The request the generated samples send: servers, parameters per style, auth, body per media type. */
export function sampleRequest(
  op: Omit<ApiOperation, 'samples'>,
  schemes: readonly ApiSecurityScheme[],
): SampleRequest {
  // Samples carry what a request needs (required parameters) and what the spec shows (examples).
  const shown = op.parameters.filter((p) => p.required || p.hasExample)
  let path = op.path
  for (const p of shown.filter((x) => x.in === 'path'))
    path = path.split(`{${p.name}}`).join(serialiseParameter(p)[0]?.value ?? '')
  // An undeclared path parameter (warned about at load) stays visible but URL-safe.
  path = path.replace(/\{([^}]+)\}/g, (_m, n: string) => `%7B${encodeURIComponent(n)}%7D`)
  // A path written with spaces or non-ASCII letters (`/ünïcode`) goes on the wire percent-encoded.
  path = path.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c))
  const auth = authHeaders(op, schemes)
  const body = op.requestBody?.content.find((c) => /json/i.test(c.mediaType)) ?? op.requestBody?.content[0]
  let base = wireUrl(serverUrl(op.servers[0]))
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(base)) base = PLACEHOLDER_ORIGIN + (base.startsWith('/') ? base : '')
  return {
    method: op.method,
    url: base + path,
    query: [...shown.filter((p) => p.in === 'query').flatMap(serialiseParameter), ...auth.query],
    headers: [...auth.headers, ...shown.filter((p) => p.in === 'header').flatMap(serialiseParameter)],
    cookies: [...auth.cookies, ...shown.filter((p) => p.in === 'cookie').flatMap(serialiseParameter)],
    body: body
      ? {
          mediaType: body.mediaType,
          example: body.examples.find((e) => !e.externalValue),
          schema: body.schema,
        }
      : undefined,
  }
}
