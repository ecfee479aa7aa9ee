import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { execFile, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse as parseYaml } from 'yaml'
import { loadApiSpec } from '../src/openapi/load.js'

// The hand-written x-codeSamples of the operations signed with X-N11S-Signature (createTenantToken,
// and the wallet callbacks N11S sends) must sign the exact bytes they send. Each runnable sample is
// run against a local server (127.0.0.1 only) that recomputes the HMAC over the raw body it received:
// 200 when it matches, 401 otherwise.
//
// Node.js and Python samples always run. SIGNING_SAMPLES_LANGS=all (or a list such as shell,go,java,php)
// also runs the samples of those languages; each needs its toolchain (bash+openssl+curl, go, java 17+, php
// with curl). C# is only checked statically.

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const VERSIONS = ['v2', 'v1'] as const

/** The seven languages, in this order, with these labels. */
const LANGUAGES = [
  { lang: 'shell', label: 'curl' },
  { lang: 'go', label: 'Go' },
  { lang: 'javascript', label: 'Node.js' },
  { lang: 'java', label: 'Java' },
  { lang: 'python', label: 'Python' },
  { lang: 'csharp', label: 'C#' },
  { lang: 'php', label: 'PHP' },
]

type Raw = Record<string, unknown>
const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v)

interface CodeSample {
  lang: string
  label?: string
  source: string
}
interface SignedOperation {
  version: string
  operationId: string
  method: string
  path: string
  /** createTenantToken (you → N11S, API secret) or a wallet callback (N11S → you, wallet secret). */
  kind: 'token' | 'callback'
  samples: CodeSample[]
  /** First example of the JSON request body. */
  example: unknown
  spec: Raw
}

function loadSpec(version: string): Raw {
  return parseYaml(fs.readFileSync(path.join(ROOT, `swagger/${version}.yaml`), 'utf8')) as Raw
}

/** Every operation whose security needs X-N11S-Signature, with its x-codeSamples (possibly none). */
function signedOperations(version: string): SignedOperation[] {
  const spec = loadSpec(version)
  const schemes = ((spec.components as Raw).securitySchemes ?? {}) as Record<string, Raw>
  const out: SignedOperation[] = []
  for (const [p, item] of Object.entries(spec.paths as Record<string, Raw>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!isObj(op) || typeof op.operationId !== 'string') continue
      const requirements = ((op.security ?? spec.security ?? []) as Raw[]).flatMap((r) => Object.keys(r))
      const signing = requirements.filter(
        (k) => schemes[k]?.in === 'header' && schemes[k]?.name === 'X-N11S-Signature',
      )
      if (!signing.length) continue
      const json = (((op.requestBody as Raw | undefined)?.content as Raw | undefined)?.['application/json'] ??
        {}) as Raw
      const examples = Object.values((json.examples ?? {}) as Record<string, Raw>)
      out.push({
        version,
        operationId: op.operationId,
        method,
        path: p,
        kind: requirements.includes('apiKey') ? 'token' : 'callback',
        samples: (op['x-codeSamples'] ?? []) as CodeSample[],
        example: examples[0]?.value ?? json.example,
        spec,
      })
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------------
// The local server: a stand-in for N11S (createTenantToken) and for the integrator's wallet (callbacks).

const API_KEY = `ak_test_${randomBytes(4).toString('hex')}`
const API_SECRET = `sk_test_${randomBytes(16).toString('hex')}`
const WALLET_SECRET = `ws_test_${randomBytes(16).toString('hex')}`
/** Callbacks go to {walletBaseUrl}/…; the test's walletBaseUrl has a path, like the documented one. */
const WALLET_PREFIX = '/n11s'

interface Received {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: Buffer
  status: number
}
const received: Received[] = []
let baseUrl = ''

const hmacHex = (secret: string, bytes: Buffer | string) =>
  createHmac('sha256', secret).update(bytes).digest('hex')

function signatureMatches(header: string | string[] | undefined, secret: string, body: Buffer): boolean {
  if (typeof header !== 'string') return false
  const expected = Buffer.from(hmacHex(secret, body), 'utf8')
  const got = Buffer.from(header, 'utf8')
  return got.length === expected.length && timingSafeEqual(got, expected)
}

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

// ---------------------------------------------------------------------------------------------------
// Running a sample: write it to a temp folder, point it at the server through its environment variables.

interface Runner {
  /** Command line for the sample file written as `file`. */
  command: (file: string) => [string, string[]]
  file: (source: string) => string
  /** Why it cannot run here, or undefined. */
  missing: () => string | undefined
}

const has = (cmd: string, args: string[] = ['--version']) =>
  spawnSync(cmd, args, { stdio: 'ignore' }).status === 0

const RUNNERS: Record<string, Runner> = {
  javascript: { file: () => 'sample.mjs', command: (f) => [process.execPath, [f]], missing: () => undefined },
  python: { file: () => 'sample.py', command: (f) => [python, [f]], missing: () => pythonProblem },
  shell: {
    file: () => 'sample.sh',
    command: (f) => ['bash', [f]],
    missing: () =>
      ['bash', 'openssl', 'curl'].every((c) => has(c, c === 'openssl' ? ['version'] : ['--version']))
        ? undefined
        : 'bash, openssl and curl are needed',
  },
  go: {
    file: () => 'main.go',
    command: (f) => ['go', ['run', f]],
    missing: () => (has('go', ['version']) ? undefined : 'go is not installed'),
  },
  java: {
    file: (source) => `${/public class (\w+)/.exec(source)?.[1] ?? 'Sample'}.java`,
    command: (f) => ['java', [f]],
    missing: () => (has('java', ['-version']) ? undefined : 'java (17+) is not installed'),
  },
  php: {
    file: () => 'sample.php',
    command: (f) => ['php', [f]],
    missing: () =>
      spawnSync('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);'], { stdio: 'ignore' }).status ===
      0
        ? undefined
        : 'php with the curl extension is not installed',
  },
}

/**
 * A python3 with requests: the one on PATH, else Debian's /usr/bin/python3 with python3-requests
 * (installed here when running as root; a pyenv python3 on PATH does not see Debian's packages).
 */
let python = 'python3'
function checkPython(): string | undefined {
  if (!has('python3')) return 'python3 is not installed: the Python samples cannot run.'
  const importable = (py: string) =>
    spawnSync(py, ['-c', 'import requests'], { stdio: 'ignore' }).status === 0
  if (importable('python3')) return undefined
  if (process.getuid?.() === 0) {
    console.log("python3 has no `requests`: installing Debian's python3-requests (apt-get)…")
    spawnSync(
      'sh',
      [
        '-c',
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-requests',
      ],
      { stdio: 'inherit' },
    )
    if (importable('python3')) return undefined
    if (importable('/usr/bin/python3')) {
      python = '/usr/bin/python3'
      return undefined
    }
    return 'python3 still cannot `import requests` after installing python3-requests (is `python3` a non-Debian Python, e.g. pyenv?): run `python3 -m pip install requests`.'
  }
  return 'python3 cannot `import requests`: run `sudo apt-get install -y python3-requests` (or `python3 -m pip install requests`), then run this test again.'
}
const pythonProblem = checkPython()

const requested = (process.env.SIGNING_SAMPLES_LANGS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
const RUN_LANGS = [
  'javascript',
  'python',
  ...(requested.includes('all')
    ? ['shell', 'go', 'java', 'php']
    : requested.filter((l) => l in RUNNERS && l !== 'javascript' && l !== 'python')),
]

/** The sample's environment: no proxies (only 127.0.0.1 is reached), no inherited N11S_* values. */
function sampleEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env))
    if (!/^(https?|all|no)_proxy$/i.test(k) && !k.startsWith('N11S_')) env[k] = v
  return { ...env, NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost', ...vars }
}

function runSample(
  lang: string,
  source: string,
  vars: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const runner = RUNNERS[lang]!
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `n11s-sample-${lang}-`))
  const file = runner.file(source)
  fs.writeFileSync(path.join(dir, file), source)
  const [cmd, args] = runner.command(file)
  // Asynchronous on purpose: the server answering the sample runs in this process.
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd: dir, env: sampleEnv(vars), timeout: 180_000, encoding: 'utf8' },
      (err, stdout, stderr) => {
        fs.rmSync(dir, { recursive: true, force: true })
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}

function varsFor(op: SignedOperation, overrides: Record<string, string> = {}): Record<string, string> {
  return op.kind === 'token'
    ? { N11S_API_BASE_URL: baseUrl, N11S_API_KEY: API_KEY, N11S_API_SECRET: API_SECRET, ...overrides }
    : { N11S_WALLET_BASE_URL: baseUrl + WALLET_PREFIX, N11S_WALLET_SECRET: WALLET_SECRET, ...overrides }
}

const header = (r: Received, name: string) => {
  const v = r.headers[name]
  return Array.isArray(v) ? v.join(', ') : v
}

test.before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
test.after(() => {
  server.close()
})

// ---------------------------------------------------------------------------------------------------

for (const version of VERSIONS) {
  const ops = signedOperations(version)

  test(`${version}: every operation signed with X-N11S-Signature has x-codeSamples`, () => {
    assert.ok(ops.length > 0, `no signed operation found in swagger/${version}.yaml`)
    const without = ops.filter((o) => o.samples.length === 0).map((o) => o.operationId)
    assert.equal(without, [], `signed operations without x-codeSamples: ${without.join(', ')}`)
    assert.ok(
      ops.some((o) => o.kind === 'token'),
      'createTenantToken is signed',
    )
    // No other operation carries hand-written samples by accident.
    const spec = loadSpec(version)
    const all = Object.values(spec.paths as Record<string, Raw>).flatMap((item) =>
      Object.values(item).filter((op) => isObj(op) && op['x-codeSamples']),
    )
    assert.is(all.length, ops.length)
  })

  for (const op of ops) {
    const name = `${version} ${op.operationId}`
    const secretVar = op.kind === 'token' ? 'N11S_API_SECRET' : 'N11S_WALLET_SECRET'

    test(`${name}: the seven languages, in order, each signing and sending its body`, () => {
      assert.equal(
        op.samples.map((s) => ({ lang: s.lang, label: s.label })),
        LANGUAGES,
      )
      for (const s of op.samples) {
        assert.type(s.source, 'string')
        assert.ok(s.source.includes('X-N11S-Signature'), `${s.label}: sends X-N11S-Signature`)
        assert.ok(s.source.includes(op.path), `${s.label}: calls ${op.path}`)
        assert.ok(s.source.includes(secretVar), `${s.label}: reads the secret from ${secretVar}`)
        assert.ok(/sha256|SHA256|HmacSHA256/.test(s.source), `${s.label}: HMAC-SHA256`)
        if (op.kind === 'callback')
          assert.ok(s.source.includes('X-N11S-Request-Id'), `${s.label}: sends X-N11S-Request-Id`)
        else assert.ok(s.source.includes('X-N11S-Api-Key'), `${s.label}: sends X-N11S-Api-Key`)
      }
      const by = (lang: string) => op.samples.find((s) => s.lang === lang)!.source
      assert.ok(
        /data=body\b/.test(by('python')) && !/\bjson\s*=/.test(by('python').replace(/#.*$/gm, '')),
        'Python sends data=body, never json=',
      )
      assert.is(
        by('javascript').match(/JSON\.stringify\(/g)?.length ?? 0,
        1,
        'Node.js serialises the body once',
      )
      assert.ok(/--data-binary "\$BODY"/.test(by('shell')), 'curl sends the signed body with --data-binary')
    })

    for (const lang of RUN_LANGS) {
      const label = LANGUAGES.find((l) => l.lang === lang)!.label
      test(`${name}: the ${label} sample signs exactly the bytes it sends`, async () => {
        const missing = RUNNERS[lang]!.missing()
        if (missing) assert.unreachable(`${label} sample cannot run: ${missing}`)
        const sample = op.samples.find((s) => s.lang === lang)
        assert.ok(sample, `${label} sample present`)
        received.length = 0
        const run = await runSample(lang, sample!.source, varsFor(op))
        assert.is(run.code, 0, `${label} sample exited with ${run.code}\n${run.stdout}\n${run.stderr}`)
        assert.is(
          received.length,
          1,
          `one request received, got ${received.length}\n${run.stdout}\n${run.stderr}`,
        )
        const r = received[0]!

        assert.is(r.method, op.method.toUpperCase())
        assert.is(r.path, op.kind === 'token' ? op.path : WALLET_PREFIX + op.path)
        assert.match(header(r, 'content-type') ?? '', /^application\/json\b/)
        const signature = header(r, 'x-n11s-signature') ?? ''
        assert.match(signature, /^[0-9a-f]{64}$/, 'lowercase hex HMAC-SHA256')
        const secret = op.kind === 'token' ? API_SECRET : WALLET_SECRET
        assert.is(
          signature,
          hmacHex(secret, r.body),
          'X-N11S-Signature is the HMAC of the raw bytes received',
        )
        assert.is(r.status, 200, 'the server accepted the signature')
        assert.match(run.stdout, /\b200\b/, 'the sample prints the answer status')

        const body = JSON.parse(r.body.toString('utf8')) as Raw
        if (op.kind === 'token') {
          assert.is(header(r, 'x-n11s-api-key'), API_KEY)
          assert.is(header(r, 'authorization'), undefined, 'no bearer token on createTenantToken')
          const schema = ((op.spec.components as Raw).schemas as Raw).TenantTokenRequest as Raw
          const props = schema.properties as Record<string, Raw>
          assert.equal(
            Object.keys(body).filter((k) => !(k in props)),
            [],
            'only schema fields',
          )
          assert.match(
            String(body.timestamp),
            /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/,
            'RFC 3339 UTC timestamp',
          )
          assert.ok(
            Math.abs(Date.parse(String(body.timestamp)) - Date.now()) < 300_000,
            'timestamp within 300 s of now',
          )
          assert.type(body.nonce, 'string')
          const nonce = props.nonce!
          assert.match(String(body.nonce), new RegExp(String(nonce.pattern)))
          assert.ok(
            String(body.nonce).length >= Number(nonce.minLength) &&
              String(body.nonce).length <= Number(nonce.maxLength),
            'nonce length',
          )
        } else {
          assert.equal(body, op.example, 'the body is the spec example of the operation')
          assert.is(header(r, 'x-n11s-request-id'), body.requestId, 'X-N11S-Request-Id equals requestId')
          assert.is(header(r, 'x-n11s-attempt'), '1')
        }
      })
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The server's check can fail: otherwise the tests above would prove nothing.

test('the server refuses a body signed with the wrong secret (401)', async () => {
  received.length = 0
  const body = JSON.stringify({
    requestId: '0f8b6c2e-3d4a-4b5c-9e7f-1a2b3c4d5e6f',
    playerId: 'player-10023',
    currency: 'USD',
    timestamp: '2024-11-10T02:42:19Z',
  })
  const post = (signature: string, sent = body) =>
    fetch(`${baseUrl}${WALLET_PREFIX}/wallet/balance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-N11S-Signature': signature },
      body: sent,
    })
  assert.is((await post(hmacHex(`${WALLET_SECRET}x`, body))).status, 401, 'wrong secret')
  assert.is((await post(hmacHex(API_SECRET, body))).status, 401, 'API secret instead of wallet secret')
  assert.is(
    (await post(hmacHex(WALLET_SECRET, body), JSON.stringify(JSON.parse(body), null, 2))).status,
    401,
    'signed one serialisation, sent another',
  )
  assert.is((await post(hmacHex(WALLET_SECRET, body).toUpperCase())).status, 401, 'uppercase hex')
  assert.is((await post(hmacHex(WALLET_SECRET, body))).status, 200, 'right secret, same bytes')
  assert.equal(
    received.map((r) => r.status),
    [401, 401, 401, 401, 200],
  )
})

test('the Node.js sample signed with the wrong secret gets 401', async () => {
  const op = signedOperations('v2').find((o) => o.operationId === 'bet')!
  const sample = op.samples.find((s) => s.lang === 'javascript')!
  received.length = 0
  const run = await runSample(
    'javascript',
    sample.source,
    varsFor(op, { N11S_WALLET_SECRET: 'ws_sandbox_not_the_right_secret' }),
  )
  assert.is(received.length, 1, run.stderr)
  assert.is(received[0]!.status, 401)
  assert.match(run.stdout, /^401 .*INVALID_SIGNATURE/)
})

test('the Python createTenantToken sample with the wrong API secret gets 401', async () => {
  if (pythonProblem) assert.unreachable(pythonProblem)
  const op = signedOperations('v2').find((o) => o.kind === 'token')!
  const sample = op.samples.find((s) => s.lang === 'python')!
  received.length = 0
  const run = await runSample('python', sample.source, varsFor(op, { N11S_API_SECRET: `${API_SECRET}-old` }))
  assert.is(received.length, 1, run.stderr)
  assert.is(received[0]!.status, 401)
  assert.match(run.stdout, /^401 /)
})

test('the explorer of every signed operation computes X-N11S-Signature from a secret typed in the page', async () => {
  for (const version of ['v1', 'v2']) {
    const file = `swagger/${version}.yaml`
    const loaded = await loadApiSpec(path.join(ROOT, file), {
      file,
      projectRoot: ROOT,
      specUrl: undefined,
      markdown: () => '',
      highlight: (c) => c,
    })
    const signed = loaded.spec!.securitySchemes.filter((s) => s.name === 'X-N11S-Signature')
    assert.ok(signed.length >= 2, file)
    for (const s of signed) assert.equal(s.hmac, { hash: 'SHA-256', encoding: 'hex' }, `${file} ${s.key}`)
  }
})

test.run()
