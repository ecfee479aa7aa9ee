import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { HostPolicy } from '../http/security.js'

// Binding serve's port: which Host names are allowed, the next free port, a clear error.

export function hostPolicy(host: string, port: number): HostPolicy {
  const wildcard = host === '0.0.0.0' || host === '::'
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  return { port, names: wildcard ? [] : [name.toLowerCase()], anyIp: wildcard }
}

/** Listens on `port`, or (unless strict) on the next free one of the 20 after it. */
export async function listen(
  server: http.Server,
  host: string,
  port: number,
  strict: boolean,
): Promise<number> {
  for (let p = port; ; p++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        // A deep backlog: a thousand readers (or a link checker) connecting at once are queued, not refused.
        server.listen({ port: p, host, backlog: 4096 }, () => {
          server.off('error', reject)
          resolve()
        })
      })
      return (server.address() as AddressInfo).port
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code !== 'EADDRINUSE' || strict || p >= port + 20 || port === 0)
        throw new PortError(p, host, code ?? String(err))
    }
  }
}

/** The port could not be bound: a clear message, no stack. */
export class PortError extends Error {
  constructor(port: number, host: string, code: string) {
    super(
      code === 'EADDRINUSE'
        ? `port ${port} on ${host} is already in use (another docs-site serve?). Stop that process or choose another port with --port.`
        : `cannot listen on ${host}:${port} (${code}).`,
    )
  }
}
