import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadApiSpec } from '../src/openapi/load.js'
import { ROOT } from './helpers/index.js'
import { pythonProblem, RUN_LANGS, RUNNERS, runSample } from './helpers/sample-runner.js'
import {
  API_KEY,
  API_SECRET,
  hmacHex,
  signingServerFor,
  varsFor,
  WALLET_PREFIX,
  WALLET_SECRET,
  type Received,
} from './helpers/signing-server.js'
import { isObj, LANGUAGES, loadSpec, signedOperations, type Raw } from './helpers/signing-spec.js'

// The hand-written x-codeSamples of the operations signed with X-N11S-Signature (createTenantToken,
// and the wallet callbacks N11S sends) must sign the exact bytes they send. Each runnable sample is
// run against a local server (127.0.0.1 only) that recomputes the HMAC over the raw body it received:
// 200 when it matches, 401 otherwise.
//
// Node.js and Python samples always run. SIGNING_SAMPLES_LANGS=all (or a list such as shell,go,java,php)
// also runs the samples of those languages; each needs its toolchain (bash+openssl+curl, go, java 17+, php
// with curl). C# is only checked statically.
//
// The signed operations are read by test/helpers/signing-spec.ts, the server is
// test/helpers/signing-server.ts, and samples run through test/helpers/sample-runner.ts.

const VERSIONS = ['v2', 'v1'] as const

const server = signingServerFor(test)
const { received } = server

const header = (r: Received, name: string) => {
  const v = r.headers[name]
  return Array.isArray(v) ? v.join(', ') : v
}

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
        const run = await runSample(lang, sample!.source, varsFor(server.url, op))
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
    fetch(`${server.url}${WALLET_PREFIX}/wallet/balance`, {
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
    varsFor(server.url, op, { N11S_WALLET_SECRET: 'ws_sandbox_not_the_right_secret' }),
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
  const run = await runSample(
    'python',
    sample.source,
    varsFor(server.url, op, { N11S_API_SECRET: `${API_SECRET}-old` }),
  )
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
