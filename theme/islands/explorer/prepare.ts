// From a planned request to what fetch sends and the matching curl: reads files, computes the HMAC
// over the exact bytes sent.
import { hmac } from './crypto.js'
import { curlCommand, type CurlBody } from './curl.js'
import type { RequestPlan } from './request.js'

export interface Prepared {
  readonly url: string
  readonly init: RequestInit
  /** Headers as sent, signature and Content-Type included (multipart's boundary only when signed). */
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly cookies: ReadonlyArray<readonly [string, string]>
  readonly curl: string
}

const utf8 = (s: string) => new TextEncoder().encode(s)

export async function prepare(plan: RequestPlan): Promise<Prepared> {
  const headers: Array<[string, string]> = plan.headers.map(([k, v]) => [k, v])
  const cookies: Array<[string, string]> = plan.cookies.map(([k, v]) => [k, v])
  const signed = plan.signature !== undefined
  let body: BodyInit | undefined
  let bytes: Uint8Array<ArrayBuffer> | undefined
  let curlBody: CurlBody | undefined
  let curlHeaders: ReadonlyArray<readonly [string, string]> | undefined
  const b = plan.body
  if (b?.kind === 'text') {
    headers.push(['Content-Type', b.contentType])
    body = b.text
    bytes = utf8(b.text)
    curlBody = { kind: 'raw', text: b.text }
  } else if (b?.kind === 'urlencoded') {
    const form = new URLSearchParams(b.pairs.map(([k, v]) => [k, v]))
    const text = form.toString()
    // Set explicitly (fetch would add ";charset=UTF-8"): the same header curl sends.
    headers.push(['Content-Type', 'application/x-www-form-urlencoded'])
    body = form
    bytes = utf8(text)
    // A signature covers these exact bytes, which curl's own encoding could change (space as %20).
    curlBody = signed ? { kind: 'raw', text } : { kind: 'urlencoded', pairs: b.pairs }
  } else if (b?.kind === 'multipart') {
    const form = new FormData()
    for (const p of b.parts) {
      if ('file' in p) form.append(p.name, p.file, p.file.name)
      else form.append(p.name, p.value)
    }
    curlHeaders = [...headers]
    if (signed) {
      // The browser still picks the boundary; serialising first gives the bytes to sign.
      const encoded = new Response(form)
      bytes = new Uint8Array(await encoded.arrayBuffer())
      headers.push(['Content-Type', encoded.headers.get('content-type') ?? 'multipart/form-data'])
      body = bytes
    } else body = form
    curlBody = {
      kind: 'form',
      parts: b.parts.map((p) =>
        'file' in p ? { name: p.name, fileName: p.file.name, type: p.file.type } : p,
      ),
    }
  } else if (b?.kind === 'binary') {
    headers.push(['Content-Type', b.contentType])
    body = b.file
    if (signed) bytes = new Uint8Array(await b.file.arrayBuffer())
    curlBody = { kind: 'file', fileName: b.file.name }
  }

  let url = plan.base + (plan.query ? `?${plan.query}` : '')
  const s = plan.signature
  if (s) {
    const value = await hmac(s.secret, b ? bytes! : utf8(plan.query), s.hash, s.encoding)
    if (s.in === 'query')
      url += `${plan.query ? '&' : '?'}${encodeURIComponent(s.name)}=${encodeURIComponent(value)}`
    else if (s.in === 'cookie') cookies.push([s.name, value])
    else {
      headers.push([s.name, value])
      curlHeaders = curlHeaders && [...curlHeaders, [s.name, value]]
    }
  }
  // fetch cannot set a Cookie header: the browser sends its own cookies for the server, if allowed.
  const init: RequestInit = {
    method: plan.method,
    headers,
    body,
    ...(cookies.length ? { credentials: 'include' as const } : {}),
  }
  const curl = curlCommand({
    method: plan.method,
    url,
    headers: curlHeaders ?? headers,
    cookies,
    body: curlBody,
  })
  return { url, init, headers, cookies, curl }
}

/** Sends the prepared request; the answer's body as text, pretty-printed when it is JSON. */
export async function send(
  p: Prepared,
  signal?: AbortSignal,
): Promise<{
  status: number
  statusText: string
  headers: Array<[string, string]>
  body: string
  ms: number
}> {
  const t0 = performance.now()
  const res = await fetch(p.url, { ...p.init, signal })
  const text = await res.text()
  return {
    status: res.status,
    statusText: res.statusText,
    headers: [...res.headers.entries()],
    body: pretty(text),
    ms: Math.round(performance.now() - t0),
  }
}

export function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}
