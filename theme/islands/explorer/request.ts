// The request the explorer sends, planned from the operation and what the reader filled in. Pure
// and synchronous (signatures and file bytes come later, in prepare.ts), so it is unit-tested in Node.
import type { ExplorerProps } from '../../../src/types.js'
import { basicAuth, type HmacHash, type SignatureEncoding } from './crypto.js'
import {
  parseValue,
  serialiseCookie,
  serialiseHeader,
  serialisePath,
  serialiseQuery,
  serverUrl,
} from '../../../shared/serialise.js'

export type BodyKind = 'text' | 'urlencoded' | 'multipart' | 'binary'

/** Everything the reader can type or pick. Keys: `in:name` for parameters, `key` or `key:username` for credentials. */
export interface ExplorerValues {
  readonly server: string
  readonly params: Readonly<Record<string, string>>
  readonly auth: Readonly<Record<string, string>>
  /** The chosen request media type ('' when the operation has no body). */
  readonly mediaType: string
  /** JSON, XML or text bodies. */
  readonly body: string
  /** Form fields by name (text values). */
  readonly fields: Readonly<Record<string, string>>
  /** Files by form field name; '' is the file of a binary body. */
  readonly files: Readonly<Record<string, File | undefined>>
}

export type Problem =
  | { readonly kind: 'server' }
  | { readonly kind: 'missing'; readonly name: string }
  | { readonly kind: 'invalidJson'; readonly message: string }
  | { readonly kind: 'invalidParam'; readonly name: string; readonly message: string }

export type BodyPlan =
  | { readonly kind: 'text'; readonly contentType: string; readonly text: string }
  | { readonly kind: 'urlencoded'; readonly pairs: ReadonlyArray<readonly [string, string]> }
  | {
      readonly kind: 'multipart'
      readonly parts: ReadonlyArray<
        { readonly name: string; readonly value: string } | { readonly name: string; readonly file: File }
      >
    }
  | { readonly kind: 'binary'; readonly contentType: string; readonly file: File }

export interface Signature {
  readonly name: string
  readonly in: 'header' | 'query' | 'cookie'
  readonly hash: HmacHash
  readonly encoding: SignatureEncoding
  readonly secret: string
}

export interface RequestPlan {
  readonly method: string
  /** Base URL and path, without the query. */
  readonly base: string
  /** The query string without '?', percent-encoded, as sent (the signature, if it goes in the query, comes after). */
  readonly query: string
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly cookies: ReadonlyArray<readonly [string, string]>
  readonly body: BodyPlan | undefined
  /** An HMAC to compute over the body bytes (or the query string when there is no body). */
  readonly signature: Signature | undefined
  /** What blocks Send; empty when the request can go. */
  readonly problems: readonly Problem[]
}

type Props = Pick<ExplorerProps, 'method' | 'path' | 'servers' | 'parameters' | 'bodies' | 'auth'>

export const paramKey = (p: { readonly in: string; readonly name: string }): string => `${p.in}:${p.name}`

export const isHttpUrl = (s: string): boolean => {
  try {
    const u = new URL(s)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host !== ''
  } catch {
    return false
  }
}

export function bodyKind(mediaType: string): BodyKind {
  if (/application\/x-www-form-urlencoded/i.test(mediaType)) return 'urlencoded'
  if (/^multipart\//i.test(mediaType)) return 'multipart'
  if (
    /octet-stream|^(image|audio|video|font)\/|^application\/(pdf|zip|gzip|x-tar|x-7z-compressed|vnd\.ms-excel|msword)\b/i.test(
      mediaType,
    )
  )
    return 'binary'
  return 'text'
}

export const isJson = (mediaType: string): boolean =>
  /[/+]json\b/i.test(mediaType) || /^json$/i.test(mediaType)

/** The Content-Type sent for a declared media type: wildcards (`*\/*`, `text/*`) say nothing, so plain text. */
const contentTypeOf = (mediaType: string, fallback: string) =>
  mediaType.includes('*') ? fallback : mediaType

/** The values the form starts with: the first server, examples only where the props say so. */
export function initialValues(p: Pick<ExplorerProps, 'servers' | 'parameters' | 'bodies'>): ExplorerValues {
  const first = p.bodies[0]
  return {
    server: serverUrl(p.servers[0]),
    params: Object.fromEntries(p.parameters.map((x) => [paramKey(x), x.prefill ? x.example : ''])),
    auth: {},
    mediaType: first?.mediaType ?? '',
    body: first?.example ?? '',
    fields: Object.fromEntries((first?.fields ?? []).filter((f) => !f.file).map((f) => [f.name, f.example])),
    files: {},
  }
}

/** Form values: a JSON array typed in a field sends the field once per item. */
function formValues(text: string): string[] {
  if (text.trim().startsWith('[')) {
    const v = parseValue(text, 'array')
    if (v.ok && v.value.kind === 'array') return [...v.value.items]
  }
  return [text]
}

/** Plans the request: sends only what is filled, reports what blocks it. */
export function planRequest(p: Props, v: ExplorerValues): RequestPlan {
  const problems: Problem[] = []
  const server = v.server.trim().replace(/\/+$/, '')
  if (!isHttpUrl(server)) problems.push({ kind: 'server' })

  let path = p.path
  const query: string[] = []
  const headers: Array<[string, string]> = []
  const cookies: Array<[string, string]> = []
  for (const param of p.parameters) {
    const text = v.params[paramKey(param)] ?? ''
    if (text.trim() === '') {
      if (param.required) problems.push({ kind: 'missing', name: param.name })
      continue
    }
    const parsed = parseValue(text, param.shape)
    if (!parsed.ok) {
      problems.push({ kind: 'invalidParam', name: param.name, message: parsed.message })
      continue
    }
    if (param.in === 'path')
      path = path
        .split(`{${param.name}}`)
        .join(serialisePath(param.name, parsed.value, param.style, param.explode))
    else if (param.in === 'query')
      query.push(...serialiseQuery(param.name, parsed.value, param.style, param.explode))
    else if (param.in === 'header') headers.push([param.name, serialiseHeader(parsed.value, param.explode)])
    else cookies.push(...serialiseCookie(param.name, parsed.value, param.explode))
  }
  // A path parameter the spec forgot to declare stays visible but URL-safe.
  path = path.replace(/\{([^}]+)\}/g, (_m, n: string) => `%7B${encodeURIComponent(n)}%7D`)

  let signature: Signature | undefined
  for (const a of p.auth) {
    const value = v.auth[a.key] ?? ''
    if (a.kind === 'basic') {
      const user = v.auth[`${a.key}:username`] ?? ''
      const pass = v.auth[`${a.key}:password`] ?? ''
      if (user || pass) headers.push(['Authorization', basicAuth(user, pass)])
    } else if (!value) continue
    else if (a.kind === 'bearer') headers.push(['Authorization', `Bearer ${value}`])
    else if (a.kind === 'other') headers.push(['Authorization', value])
    else if (a.kind === 'hmac')
      signature = {
        name: a.name,
        in: a.in,
        hash: a.hmac?.hash ?? 'SHA-256',
        encoding: a.hmac?.encoding ?? 'hex',
        secret: value,
      }
    else if (a.in === 'query') query.push(`${encodeURIComponent(a.name)}=${encodeURIComponent(value)}`)
    else if (a.in === 'cookie') cookies.push([a.name, value])
    else headers.push([a.name, value])
  }

  const body = ['GET', 'HEAD'].includes(p.method.toUpperCase()) ? undefined : planBody(p, v, problems)
  return {
    method: p.method.toUpperCase(),
    base: server + path,
    query: query.join('&'),
    headers,
    cookies,
    body,
    signature,
    problems,
  }
}

function planBody(p: Props, v: ExplorerValues, problems: Problem[]): BodyPlan | undefined {
  const media = p.bodies.find((b) => b.mediaType === v.mediaType) ?? p.bodies[0]
  if (!media) return undefined
  const kind = bodyKind(media.mediaType)
  if (kind === 'urlencoded' || kind === 'multipart') {
    const parts: Array<{ name: string; value: string } | { name: string; file: File }> = []
    for (const f of media.fields) {
      const file = f.file && kind === 'multipart' ? v.files[f.name] : undefined
      const text = v.fields[f.name] ?? ''
      if (file) parts.push({ name: f.name, file })
      else if (!f.file && text !== '')
        parts.push(...formValues(text).map((value) => ({ name: f.name, value })))
      else if (f.required) problems.push({ kind: 'missing', name: f.name })
    }
    if (kind === 'multipart') return { kind, parts }
    return { kind, pairs: parts.map((x) => [x.name, 'value' in x ? x.value : ''] as const) }
  }
  if (kind === 'binary') {
    const file = v.files['']
    return file
      ? { kind, contentType: contentTypeOf(media.mediaType, file.type || 'application/octet-stream'), file }
      : undefined
  }
  if (v.body.trim() === '') return undefined
  if (isJson(media.mediaType)) {
    try {
      JSON.parse(v.body)
    } catch (err) {
      problems.push({ kind: 'invalidJson', message: (err as Error).message })
    }
  }
  return { kind, contentType: contentTypeOf(media.mediaType, 'text/plain'), text: v.body }
}

/** Mock mode's answer: the first 2xx example of the spec (else its first answer). */
export function pickMock(mocks: ExplorerProps['mocks']): ExplorerProps['mocks'][number] | undefined {
  return mocks.find((m) => m.status.startsWith('2')) ?? mocks[0]
}
