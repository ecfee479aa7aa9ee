import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import type { AddressInfo } from 'node:net'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml',
}

/** Types worth compressing: what CloudFront's automatic compression compresses. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.xml', '.txt', '.md', '.yaml'])

export interface ServeOptions {
  /**
   * Serve as the README's deploy recipe does behind CloudFront: text gzip-compressed when the
   * client accepts it, and assets/ (content-hashed names) cached for a year.
   */
  readonly cdn?: boolean
  /** Answer 'a' with a.html when it exists, as GitHub Pages and Netlify do (Docusaurus's `trailingSlash: false` files). */
  readonly htmlFiles?: boolean
}

/**
 * Serves a built folder the way S3 website hosting does: 'a/' → a/index.html, 'a' (a folder) →
 * 302 to 'a/', anything else missing → 404.html with status 404. Loopback only.
 */
export async function serveStatic(
  root: string,
  options: ServeOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    let rel: string
    try {
      rel = decodeURIComponent(url.pathname)
    } catch {
      res.writeHead(400).end()
      return
    }
    const file = path.join(root, rel)
    if (!file.startsWith(root)) {
      res.writeHead(403).end()
      return
    }
    const send = (f: string, status = 200) => {
      const ext = path.extname(f)
      const gzip =
        options.cdn && COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
      res.writeHead(status, {
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'cache-control':
          options.cdn && rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
      })
      const body = fs.createReadStream(f)
      if (gzip) body.pipe(zlib.createGzip()).pipe(res)
      else body.pipe(res)
    }
    if (rel.endsWith('/') && fs.existsSync(path.join(file, 'index.html')))
      return send(path.join(file, 'index.html'))
    if (options.htmlFiles && !rel.endsWith('/') && fs.existsSync(file + '.html')) return send(file + '.html')
    if (!rel.endsWith('/') && fs.existsSync(file) && fs.statSync(file).isDirectory()) {
      res.writeHead(302, { location: url.pathname + '/' + url.search }).end()
      return
    }
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return send(file)
    const notFound = path.join(root, '404.html')
    if (fs.existsSync(notFound)) return send(notFound, 404)
    res.writeHead(404).end('not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) }
}
