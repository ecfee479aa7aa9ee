import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request as the API received it. */
export interface Received {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: Buffer
}

export interface RecordingApi {
  readonly url: string
  close(): void
}

/**
 * An API for a page in the browser to call: loopback only, allows any origin (credentials too),
 * answers preflights. It pushes each request onto `received` and answers 200 with JSON that says
 * how many requests it has seen, so a test can tell this answer from an earlier one.
 */
export async function startRecordingApi(received: Received[]): Promise<RecordingApi> {
  const api = http.createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-allow-methods': req.headers['access-control-request-method'] ?? '*',
      'access-control-expose-headers': '*',
      vary: 'Origin',
    }
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end()
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) })
      res
        .writeHead(200, { ...cors, 'content-type': 'application/json', 'x-answer': 'real' })
        .end(JSON.stringify({ ok: true, n: received.length }))
    })
  })
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, close: () => api.close() }
}
