// Pure request checks shared by the preview server's HTTP handler and its WebSocket upgrade:
// which Host and Origin headers are accepted, and how a request-target becomes path segments.
// Modelled on the fixes Vite and webpack-dev-server shipped (DNS rebinding, path traversal,
// CVE-2025-32395 `#` in the target, CVE-2025-58751 prefix siblings).
import net from 'node:net'

/** Hosts the server answers to, besides the loopback names. */
export interface HostPolicy {
  /** The port the server listens on; a Host header must name it. */
  readonly port: number
  /** Extra host names from --host (not a wildcard). */
  readonly names: readonly string[]
  /** Accept any IP-literal Host (only when bound beyond loopback, e.g. --host 0.0.0.0). */
  readonly anyIp: boolean
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Splits `host[:port]` (IPv6 in brackets); undefined when malformed. */
export function splitHost(value: string): { name: string; port: number | undefined } | undefined {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(value)
  if (!m) return undefined
  return { name: m[1]!.toLowerCase(), port: m[2] === undefined ? undefined : Number(m[2]) }
}

/**
 * True when a Host header names this server: a loopback name or `*.localhost` with the server's
 * port (a DNS-rebinding page sends its own domain, so it is refused), or a name from --host.
 */
export function isAllowedHost(host: string | undefined, policy: HostPolicy): boolean {
  if (!host) return false
  const parsed = splitHost(host)
  if (!parsed) return false
  if ((parsed.port ?? 80) !== policy.port) return false
  const { name } = parsed
  if (LOOPBACK.has(name) || /^[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost$/.test(name)) return true
  if (policy.names.includes(name)) return true
  return policy.anyIp && net.isIP(name.replace(/^\[|\]$/g, '')) !== 0
}

/** True when `origin` is exactly `http://<host>` of this request (WebSocket same-origin check). */
export function isSameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || !host || origin === 'null') return false
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (
    url.protocol !== 'http:' ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    origin.endsWith('/')
  )
    return false
  return url.host === host.toLowerCase() || url.host === host.toLowerCase().replace(/:80$/, '')
}

/** A request-target turned into decoded path segments, or the status to refuse it with. */
export type Target =
  | {
      readonly ok: true
      readonly segments: readonly string[]
      readonly slash: boolean
      readonly rawPath: string
      readonly rawQuery: string
    }
  | { readonly ok: false; readonly status: 400 | 404 }

/**
 * Parses the raw request-target. Splits on `/` first, then decodes each segment, so an encoded
 * `%2f`, `%5c` or `%00` can never become a separator or a terminator; dot segments, dotfiles and
 * empty segments (`//evil.example/`) are refused. Never normalises: what is served is what was asked.
 */
export function parseTarget(raw: string | undefined): Target {
  // Printable ASCII only (clients percent-encode the rest), so the target is safe to echo in Location.
  if (!raw || raw[0] !== '/' || raw.includes('#') || /[^\x21-\x7e]|\\/.test(raw))
    return { ok: false, status: 400 }
  const q = raw.indexOf('?')
  const rawPath = q === -1 ? raw : raw.slice(0, q)
  const rawQuery = q === -1 ? '' : raw.slice(q)
  const parts = rawPath.slice(1).split('/')
  const slash = parts[parts.length - 1] === ''
  if (slash) parts.pop()
  const segments: string[] = []
  for (const part of parts) {
    let seg: string
    try {
      seg = decodeURIComponent(part)
    } catch {
      return { ok: false, status: 400 } // invalid UTF-8 such as %c0%ae
    }
    if (/[/\\\0]/.test(seg) || /[\u0000-\u001f\u007f]/.test(seg)) return { ok: false, status: 400 }
    if (seg === '' || seg.startsWith('.')) return { ok: false, status: 404 }
    segments.push(seg)
  }
  return { ok: true, segments, slash, rawPath, rawQuery }
}

/** The loud warning printed when the server is reachable from other machines. */
export function exposureWarning(host: string): string | undefined {
  if (host === '127.0.0.1' || host === 'localhost' || host === '::1') return undefined
  return [
    '',
    '  ⚠⚠⚠  WARNING: --host ' + host + ' exposes this preview server beyond this machine.',
    '  Anyone who can reach this address can read every page, draft and static file it serves.',
    '  Use it only on a network you trust; the default (127.0.0.1) is reachable from this machine only.',
    '',
  ].join('\n')
}
