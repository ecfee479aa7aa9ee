import fs from 'node:fs'
import zlib from 'node:zlib'
import path from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isAllowedHost, parseTarget, type HostPolicy } from './security.js'

/** What a path resolves to: contents in memory or a file on disk (already checked to be inside its root). */
export type Resource =
  | {
      readonly body: string | Uint8Array
      readonly status?: number
      /** A content-hashed asset: the browser may keep it (a reload then fetches only the page). */
      readonly immutable?: boolean
    }
  | { readonly file: string }

/** The files a server can answer with, by POSIX path relative to the site root (no leading '/'). */
export interface SiteFiles {
  /** serve renders a page when it is first asked for: the answer may come later. */
  get(rel: string): Resource | undefined | Promise<Resource | undefined>
}

export interface HandlerOptions {
  readonly files: () => SiteFiles
  readonly hosts: () => HostPolicy
  /** Site root path: '/' or the config's baseUrl. */
  readonly baseUrl: string
  /** Serve mode adds the live-reload client to every HTML page. */
  readonly transformHtml?: (html: string) => string
  /** Locale prefixes with their own 404.html ('vi'). */
  readonly localePrefixes?: readonly string[]
  /** Pages are `a.html` files (src/urls.ts `htmlFilePages`): `/a` answers with `a.html`, as hosts do. */
  readonly htmlFilePages?: boolean
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.wasm': 'application/wasm',
}

/** Content-Type by extension; unknown types are served as bytes (nosniff keeps them inert). */
export const contentType = (file: string) =>
  TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'

/** Types worth compressing: text of every kind, SVG, JSON, JavaScript. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|yaml)|image\/svg)/

/** Headers on every response, errors included (checklist D.50). */
const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
}

/**
 * The request handler of `serve` and of the `check-links` crawl server. GET/HEAD only; Host
 * allow-list; cross-site subresource requests refused; paths checked segment by segment; a folder
 * without its slash gets a relative 302 (as S3 website hosting does); everything else 404.
 */
export function createHandler(options: HandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const bytes = bytesCache(options)
  return (req, res) => {
    handle(options, bytes, req, res).catch((err: unknown) => {
      // A bug must not take the preview down: answer 500 and say so in the terminal.
      console.error(err)
      if (!res.headersSent) res.writeHead(500, BASE_HEADERS)
      res.end()
    })
  }
}

/**
 * The bytes of a resource the files answer with, kept as long as the resource object lives: serve
 * answers every request for a page of one revision with the same object, so a thousand readers
 * cost one transform (and one gzip), not a thousand.
 */
function bytesCache(options: HandlerOptions) {
  const plain = new WeakMap<object, Buffer>()
  const zipped = new WeakMap<Buffer, Buffer>()
  return {
    of(found: Resource & { body: string | Uint8Array }, html: boolean): Buffer {
      let b = plain.get(found)
      if (b) return b
      const body =
        html && options.transformHtml
          ? options.transformHtml(
              typeof found.body === 'string' ? found.body : Buffer.from(found.body).toString('utf8'),
            )
          : found.body
      b =
        typeof body === 'string'
          ? Buffer.from(body)
          : Buffer.from(body.buffer, body.byteOffset, body.byteLength)
      plain.set(found, b)
      return b
    },
    // Level 1: a fraction of a millisecond per page, most of the saving on a slow link.
    gzip: (body: Buffer) =>
      zipped.get(body) ?? zipped.set(body, zlib.gzipSync(body, { level: 1 })).get(body)!,
  }
}
type Bytes = ReturnType<typeof bytesCache>

async function handle(
  options: HandlerOptions,
  bytes: Bytes,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const send = (status: number, body: string | Uint8Array, headers: Record<string, string> = {}) => {
    const type = headers['content-type'] ?? 'text/plain; charset=utf-8'
    if (
      COMPRESSIBLE.test(type) &&
      Buffer.byteLength(body) > 1024 &&
      /\bgzip\b/.test(String(req.headers['accept-encoding']))
    ) {
      body = Buffer.isBuffer(body) ? bytes.gzip(body) : zlib.gzipSync(body, { level: 1 })
      headers = { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' }
    }
    res.writeHead(status, {
      ...BASE_HEADERS,
      'content-type': type,
      'cache-control': 'no-cache',
      'content-length': String(Buffer.byteLength(body)),
      ...headers,
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return send(405, 'Method Not Allowed\n', { allow: 'GET, HEAD' })
  // Node keeps the first of several Host headers; a proxy may have read another: refuse them all.
  if (hostHeaderCount(req.rawHeaders) > 1) return send(400, 'Bad Request: more than one Host header.\n')
  if (!isAllowedHost(req.headers.host, options.hosts()))
    return send(403, 'Forbidden: unknown Host header. Open the site at http://localhost:PORT/.\n')
  const site = req.headers['sec-fetch-site']
  if (site && site !== 'same-origin' && site !== 'none' && req.headers['sec-fetch-mode'] !== 'navigate')
    return send(403, 'Forbidden: cross-site request\n')
  const target = parseTarget(req.url)
  if (!target.ok) return send(target.status, target.status === 400 ? 'Bad Request\n' : 'Not Found\n')

  const base = options.baseUrl.split('/').filter(Boolean)
  const within = base.every((b, i) => target.segments[i] === b)
  if (!within) {
    if (target.segments.length === 0) return send(302, '', { location: options.baseUrl + target.rawQuery })
    return await notFound(send, options, bytes, [])
  }
  const segments = target.segments.slice(base.length)
  const rel = segments.join('/')
  const files = options.files()
  const atRoot = segments.length === 0
  if (atRoot && base.length && !target.slash)
    return send(302, '', { location: target.rawPath + '/' + target.rawQuery })
  const wanted = atRoot || target.slash ? (rel ? rel + '/' : '') + 'index.html' : rel
  const found = await files.get(wanted)
  if (found) return serve(send, bytes, found, wanted)
  const page = options.htmlFilePages && !target.slash && !atRoot ? await files.get(rel + '.html') : undefined
  if (page) return serve(send, bytes, page, rel + '.html')
  if (!target.slash && !atRoot && (await files.get(rel + '/index.html'))) {
    // Path-absolute, built from the request's own validated path: never '//host' or Host-derived.
    return send(302, '', { location: target.rawPath + '/' + target.rawQuery })
  }
  return await notFound(send, options, bytes, segments)
}

type Send = (status: number, body: string | Uint8Array, headers?: Record<string, string>) => void

function serve(send: Send, bytes: Bytes, found: Resource, name: string, status = 200) {
  const type = contentType(name)
  let body: Buffer
  try {
    body = bytes.of(
      'body' in found ? found : { body: fs.readFileSync(found.file) },
      type.startsWith('text/html'),
    )
  } catch {
    return send(404, 'Not Found\n')
  }
  if ('status' in found && found.status) status = found.status
  const immutable = 'immutable' in found && found.immutable && status === 200
  send(status, body, {
    'content-type': type,
    ...(immutable ? { 'cache-control': 'public, max-age=31536000, immutable' } : {}),
  })
}

async function notFound(send: Send, options: HandlerOptions, bytes: Bytes, segments: readonly string[]) {
  const files = options.files()
  const locale = segments[0] && options.localePrefixes?.includes(segments[0]) ? segments[0] + '/' : ''
  const page = (await files.get(locale + '404.html')) ?? (await files.get('404.html'))
  if (page) return serve(send, bytes, page, '404.html', 404)
  send(404, 'Not Found\n')
}

/**
 * Files under `root` on disk, by relative POSIX path. Symlinks are resolved and must stay inside
 * `within` (default `root`; serve passes the project, the build's rule for static/ symlinks),
 * checked by path segment, so `out-secret/` beside `out/` is outside; only regular files.
 */
export function diskFiles(root: string, within: string = root): SiteFiles {
  let realRoot: string | undefined
  let realWithin: string | undefined
  return {
    get(rel) {
      if (rel.split('/').some((s) => s === '' || s.startsWith('.'))) return undefined
      try {
        realRoot ??= fs.realpathSync(root)
        const real = fs.realpathSync(path.join(realRoot, ...rel.split('/')))
        realWithin ??= fs.realpathSync(within)
        const inside = path.relative(realWithin, real)
        if (!inside || inside.split(path.sep)[0] === '..' || path.isAbsolute(inside)) return undefined
        return fs.statSync(real).isFile() ? { file: real } : undefined
      } catch {
        return undefined
      }
    },
  }
}

/** How many Host headers the request carries (rawHeaders alternates names and values). */
function hostHeaderCount(raw: readonly string[]): number {
  let n = 0
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'host') n++
  return n
}
