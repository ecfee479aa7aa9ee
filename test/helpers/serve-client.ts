import { spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { WebSocket } from 'ws'
import { serve, type ServeOptions } from '../../src/serve/index.js'
import { ROOT } from './index.js'
import type { LiveMessage, OverlayDiagnostic } from '../../src/serve/live-reload.js'

// Clients for serve tests, and the quiet server they talk to. Security tests send raw bytes over
// net.Socket, as Vite's do: a client library would normalise the very paths and headers being
// tested. 127.0.0.1 only.

/** `serve` on a free port, its progress and problem lines dropped: the tests read what it answers. */
export const serveQuietly = (options: Pick<ServeOptions, 'root' | 'cache'>) =>
  serve({ ...options, port: 0, log: () => undefined, logError: () => undefined })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A port nothing listens on now: a test that starts serve there can ask for pages as it starts. */
export async function freePort(): Promise<number> {
  const blocker = net.createServer()
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r))
  const { port } = blocker.address() as net.AddressInfo
  await new Promise((r) => blocker.close(r))
  return port
}

/** GETs `target` every `every` ms until it answers 200 (or `stop` says so): that reply. */
export async function firstOk(port: number, target: string, every = 10, stop = () => false) {
  for (;;) {
    const r = await getFrom(port, target).catch(() => undefined)
    if (r?.status === 200 || stop()) return r
    await sleep(every)
  }
}

/**
 * `serve` starting on a free port, not awaited: what a browser asking at once gets, before and
 * after the full site (`starting`); its problem lines are in `errors`.
 */
export async function serveStarting(root: string) {
  const port = await freePort()
  const errors: string[] = []
  const starting = serve({
    root,
    port,
    strictPort: true,
    log: () => undefined,
    logError: (l) => errors.push(l),
  })
  const page = (p: string) => getFrom(port, p).catch(() => undefined)
  return { port, starting, errors, page }
}

/** The real CLI's `serve` on a free port: its stdout so far, and its exit code when it ends. */
export async function spawnServe(root: string) {
  const port = await freePort()
  const args = [path.join(ROOT, 'bin/docs-site.js'), 'serve', '--root', root, '--port', String(port)]
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  let ended = false
  const exit = new Promise<number | null>((r) => child.on('exit', (code) => ((ended = true), r(code))))
  return { port, child, exit, output: () => out, ended: () => ended }
}

export type Reply = { status: number; headers: Record<string, string>; body: string }

/** Sends `head` (request line + headers, no final blank line) and reads the reply; `close: false` stops after the headers. */
export function rawRequest(port: number, head: string, { close = true } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let data = ''
    const done = () => {
      const [top = '', ...rest] = data.split('\r\n\r\n')
      const [statusLine = '', ...lines] = top.split('\r\n')
      const headers: Record<string, string> = {}
      for (const l of lines)
        headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim()
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') })
    }
    socket.setTimeout(30_000, () => socket.destroy(new Error(`timeout: ${head.split('\r\n')[0]}`)))
    socket.on('data', (d) => {
      data += d.toString('latin1')
      if (!close && data.includes('\r\n\r\n')) socket.destroy()
    })
    socket.on('close', done)
    socket.on('error', reject)
    socket.write(head + (close ? '\r\nConnection: close' : '') + '\r\n\r\n')
  })
}

/** GET `target` from the server on `port`, with the Host a browser at localhost sends. */
export const getFrom = (port: number, target: string) =>
  rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: localhost:${port}`)

/** The page's live-reload token, read from served HTML. */
export const tokenOf = (html: string) => /data-docs-site-dev="([^"]+)"/.exec(html)![1]!

// Messages are JSON of several shapes (LiveMessage); tests pick fields by name, so one type has
// the fields of every shape, those some shapes lack optional.
export type Message = {
  type: LiveMessage['type']
  revision: number
  diagnostics?: OverlayDiagnostic[]
  paths?: string[]
}

export interface LiveClient {
  readonly ws: WebSocket
  /** All messages received so far (consumed ones included). */
  readonly all: Message[]
  /** Waits for the next message matching `pick`. */
  next(pick: (m: Message) => boolean, ms?: number): Promise<Message>
}

/** A live-reload client with the page's token and a same-origin Origin, as the dev client is. */
export function liveClient(port: number, token: string): Promise<LiveClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/__docs-site/ws?token=${token}`, {
    origin: `http://127.0.0.1:${port}`,
  })
  const all: Message[] = []
  const queue: Message[] = []
  const waiters: Array<() => void> = []
  ws.on('message', (d) => {
    const m = JSON.parse(String(d))
    all.push(m)
    queue.push(m)
    waiters.splice(0).forEach((w) => w())
  })
  const next = (pick: (m: Message) => boolean, ms = 10_000) =>
    new Promise<Message>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(all)}`)), ms)
      const check = () => {
        const i = queue.findIndex(pick)
        if (i === -1) return void waiters.push(check)
        clearTimeout(timer)
        resolve(queue.splice(0, i + 1).pop()!)
      }
      check()
    })
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, all, next }))
    ws.once('error', reject)
  })
}
