import http from 'node:http'
import type { Test } from 'uvu'
import type { AddressInfo } from 'node:net'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { SignedOperation } from './signing-spec.js'

// A local server (127.0.0.1 only) that checks X-N11S-Signature as N11S and as a wallet do, with
// secrets of its own for each run (test/signing-samples.test.ts).

export const API_KEY = `ak_test_${randomBytes(4).toString('hex')}`
export const API_SECRET = `sk_test_${randomBytes(16).toString('hex')}`
export const WALLET_SECRET = `ws_test_${randomBytes(16).toString('hex')}`
/** Callbacks go to {walletBaseUrl}/…; the test's walletBaseUrl has a path, like the documented one. */
export const WALLET_PREFIX = '/n11s'

export interface Received {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: Buffer
  status: number
}
export const hmacHex = (secret: string, bytes: Buffer | string) =>
  createHmac('sha256', secret).update(bytes).digest('hex')

interface SigningServer {
  readonly url: string
  close(): void
}

function signatureMatches(header: string | string[] | undefined, secret: string, body: Buffer): boolean {
  if (typeof header !== 'string') return false
  const expected = Buffer.from(hmacHex(secret, body), 'utf8')
  const got = Buffer.from(header, 'utf8')
  return got.length === expected.length && timingSafeEqual(got, expected)
}

/**
 * The local server: a stand-in for N11S (createTenantToken) and for the integrator's wallet
 * (callbacks). It recomputes the HMAC over the raw body it received, answers 200 when it matches
 * and 401 otherwise, and pushes every request onto `received`.
 */
async function startSigningServer(received: Received[]): Promise<SigningServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
      const token = /^\/v\d+\/auth\/tenant-token$/.test(pathname)
      const ok = token
        ? req.headers['x-n11s-api-key'] === API_KEY &&
          signatureMatches(req.headers['x-n11s-signature'], API_SECRET, body)
        : signatureMatches(req.headers['x-n11s-signature'], WALLET_SECRET, body)
      const status = ok ? 200 : 401
      received.push({ method: req.method ?? '', path: pathname, headers: req.headers, body, status })
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(
        JSON.stringify(
          ok
            ? token
              ? {
                  tenantToken: 'a.b.c',
                  tokenType: 'Bearer',
                  expiresIn: 3600,
                  expiresAt: new Date(Date.now() + 3600e3).toISOString(),
                  tenantId: 'tn_TEST',
                }
              : { balance: '105.50', currency: 'USD', operatorTransactionId: 'op-test' }
            : {
                code: 'INVALID_SIGNATURE',
                message: 'X-N11S-Signature does not match the request body.',
                requestId: String(req.headers['x-n11s-request-id'] ?? ''),
              },
        ),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }
}

/**
 * The server of a suite: started before its tests, closed after them. `url` is known once it has
 * started; `received` is every request it has had, in order (a test may empty it).
 */
export function signingServerFor(suite: Test): { readonly received: Received[]; readonly url: string } {
  const received: Received[] = []
  let server: SigningServer | undefined
  suite.before(async () => {
    server = await startSigningServer(received)
  })
  suite.after(() => {
    server?.close()
  })
  return {
    received,
    get url() {
      return server!.url
    },
  }
}

/** What a sample reads from its environment to reach the server at `baseUrl` and sign for `op`. */
export function varsFor(
  baseUrl: string,
  op: SignedOperation,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return op.kind === 'token'
    ? { N11S_API_BASE_URL: baseUrl, N11S_API_KEY: API_KEY, N11S_API_SECRET: API_SECRET, ...overrides }
    : { N11S_WALLET_BASE_URL: baseUrl + WALLET_PREFIX, N11S_WALLET_SECRET: WALLET_SECRET, ...overrides }
}
