import crypto from 'node:crypto'
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, WebSocket } from 'ws'
import { isAllowedHost, isSameOrigin, type HostPolicy } from '../http/security.js'

export type { LiveMessage, OverlayDiagnostic } from '../../theme/live-messages.js'
import type { LiveMessage } from '../../theme/live-messages.js'

export interface LiveReloadOptions {
  readonly server: Server
  /** Upgrade path: `${baseUrl}__docs-site/ws`. */
  readonly path: string
  /** Per-server secret embedded in served HTML; a WebSocket without it gets no 101. */
  readonly token: string
  readonly hosts: () => HostPolicy
  /** The message a new client gets first (current revision, and the overlay when the last build failed). */
  readonly hello: () => LiveMessage
  /** Heartbeat period; a client that misses one pong is dropped. @default 30000 */
  readonly heartbeatMs?: number
}

export interface LiveReload {
  broadcast(message: LiveMessage): void
  readonly clientCount: () => number
  close(): void
}

/** Client messages are never needed: anything over 1 KiB closes the connection (1009). */
const MAX_PAYLOAD = 1024

/**
 * Live reload over WebSockets (the only `ws` import). An upgrade is accepted only on `path`, from
 * an allowed Host, with a same-origin Origin and the server's token; anything else gets a 403 and
 * no 101, so another site open in the browser cannot listen in.
 */
export function createLiveReload(options: LiveReloadOptions): LiveReload {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_PAYLOAD,
    clientTracking: true,
    perMessageDeflate: false,
  })
  const alive = new WeakSet<WebSocket>()

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    if (!acceptable(req, options)) {
      socket.end(
        'HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\nX-Content-Type-Options: nosniff\r\nCross-Origin-Resource-Policy: same-origin\r\n\r\n',
      )
      socket.destroy()
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      alive.add(ws)
      ws.on('pong', () => alive.add(ws))
      ws.on('message', () => undefined) // ignored by design
      ws.on('error', () => ws.terminate())
      ws.send(JSON.stringify(options.hello()))
    })
  }
  options.server.on('upgrade', onUpgrade)

  // Reaps clients that vanished without a close frame (laptop sleep, killed tab).
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate()
        continue
      }
      alive.delete(ws)
      ws.ping()
    }
  }, options.heartbeatMs ?? 30_000)
  heartbeat.unref()

  return {
    broadcast(message) {
      const data = JSON.stringify(message)
      for (const ws of wss.clients) if (ws.readyState === WebSocket.OPEN) ws.send(data)
    },
    clientCount: () => wss.clients.size,
    close() {
      clearInterval(heartbeat)
      options.server.off('upgrade', onUpgrade)
      for (const ws of wss.clients) ws.terminate()
      wss.close()
    },
  }
}

function acceptable(req: IncomingMessage, options: LiveReloadOptions): boolean {
  if ((req.headers.upgrade ?? '').toLowerCase() !== 'websocket') return false
  const host = req.headers.host
  if (!isAllowedHost(host, options.hosts())) return false
  if (!isSameOrigin(req.headers.origin, host)) return false
  const url = req.url ?? ''
  const q = url.indexOf('?')
  if ((q === -1 ? url : url.slice(0, q)) !== options.path) return false
  const token = new URLSearchParams(q === -1 ? '' : url.slice(q + 1)).get('token') ?? ''
  const a = Buffer.from(token)
  const b = Buffer.from(options.token)
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}
