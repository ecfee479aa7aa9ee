import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, tempDir } from './helpers/index.js'

// The signature-verification middleware the guide gives for wallet callbacks must accept a correctly
// signed request and refuse a wrongly signed one with 401 INVALID_SIGNATURE, without throwing on a
// malformed header. The Node.js (Express) and Python (WSGI) versions of the English and Vietnamese
// pages run here against requests signed in the test; so does the v1 Node.js helper.

const GUIDE = 'integration/integration-flow/seamless-wallet/integration-flow-with-seamless-wallet.md'
const PAGES = { en: `content/docs/v2/${GUIDE}`, vi: `content/i18n/vi/docs/v2/${GUIDE}` }
const V1_PAGE = `content/docs/v1/${GUIDE}`

const SECRET = 'ws_test_4b9e1c7a2d5f8e3b6a0c9d2f5e8b1a4c'
const BODY = Buffer.from(
  '{"requestId":"6a1d3e5f-7b9c-4d2e-8f0a-1b3c5d7e9f21","playerId":"player-10023","currency":"USD",' +
    '"timestamp":"2024-11-10T02:42:20.563Z","transactionId":"tx_01JC9Z6V8K3N5Q7R9T1W3Y5A7C",' +
    '"roundId":"rd_01JC9Z6V6M54Y24R5YE24ZM32J","gameCode":"slot-lucky-koi","amount":"10.00","note":"Nguyễn"}',
)
const sign = (secret: string, body: Buffer) => createHmac('sha256', secret).update(body).digest('hex')

/** Requests every verifier is run on, with the answer expected: pass (true) or 401 (false). */
const CASES: { name: string; header: string | undefined; body: Buffer; pass: boolean }[] = [
  { name: 'correctly signed', header: sign(SECRET, BODY), body: BODY, pass: true },
  { name: 'signed with another secret', header: sign('ws_other', BODY), body: BODY, pass: false },
  {
    name: 'body changed after signing',
    header: sign(SECRET, BODY),
    body: Buffer.from(`${BODY} `),
    pass: false,
  },
  { name: 'uppercase hex', header: sign(SECRET, BODY).toUpperCase(), body: BODY, pass: false },
  { name: 'odd-length header', header: sign(SECRET, BODY).slice(1), body: BODY, pass: false },
  { name: 'non-ASCII header of 64 characters', header: 'é'.repeat(64), body: BODY, pass: false },
  { name: 'no header', header: undefined, body: BODY, pass: false },
]

function fence(file: string, titleStart: string): string {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
  const re = new RegExp(
    '```\\w+ title="' + titleStart.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '[^"]*"\\n([\\s\\S]*?)\\n```',
  )
  const m = re.exec(text)
  assert.ok(m, `${file}: no code block titled "${titleStart}…"`)
  return m[1]!
}

const tmp = tempDir('verify-samples-')
// The Express sample imports express only to mount the middleware; a stand-in keeps the test offline.
fs.mkdirSync(path.join(tmp, 'node_modules/express'), { recursive: true })
fs.writeFileSync(
  path.join(tmp, 'node_modules/express/index.js'),
  'module.exports = () => ({ use() {}, post() {}, listen() {} });\n' +
    'module.exports.raw = () => (req, res, next) => next();\n',
)

interface Outcome {
  passed: boolean
  status?: number
  body?: Record<string, unknown>
  threw?: string
}

/** Runs the Express middleware of a page on one request, through fake req/res objects. */
async function runExpress(locale: string, header: string | undefined, body: Buffer): Promise<Outcome> {
  const file = path.join(tmp, `express-${locale}.mjs`)
  if (!fs.existsSync(file)) fs.writeFileSync(file, fence(PAGES[locale as 'en'], 'Node.js (Express)'))
  const { n11sSignature } = (await import(pathToFileURL(file).href)) as {
    n11sSignature: (secret: string) => (req: unknown, res: unknown, next: () => void) => void
  }
  const out: Outcome = { passed: false }
  const headers: Record<string, string | undefined> = {
    'x-n11s-signature': header,
    'x-n11s-request-id': '6a1d3e5f-7b9c-4d2e-8f0a-1b3c5d7e9f21',
  }
  const req: Record<string, unknown> = { body, get: (n: string) => headers[n.toLowerCase()] }
  const res = {
    status(code: number) {
      out.status = code
      return res
    },
    json(value: Record<string, unknown>) {
      out.body = value
      return res
    },
  }
  try {
    n11sSignature(SECRET)(req, res, () => {
      out.passed = true
      assert.equal(req.callback, JSON.parse(body.toString('utf8')), 'req.callback is the parsed body')
    })
  } catch (e) {
    out.threw = String(e)
  }
  return out
}

for (const locale of Object.keys(PAGES)) {
  test(`${locale}: the Node.js (Express) middleware accepts a correct signature and refuses the others`, async () => {
    for (const c of CASES) {
      const got = await runExpress(locale, c.header, c.body)
      assert.is(got.threw, undefined, `${c.name}: threw`)
      assert.is(got.passed, c.pass, c.name)
      if (!c.pass) {
        assert.is(got.status, 401, c.name)
        assert.is(got.body?.code, 'INVALID_SIGNATURE', c.name)
      }
    }
  })
}

test('the guide test vector is accepted by the Node.js middleware', async () => {
  const text = fs.readFileSync(path.join(ROOT, PAGES.en), 'utf8')
  const secret = /wallet secret `(ws_sandbox_\w+)`/.exec(text)![1]!
  const body = /```text\n(\{"requestId"[^\n]*\})\n```/.exec(text)![1]!
  const signature = /X-N11S-Signature: ([0-9a-f]{64})/.exec(text)![1]!
  assert.is(sign(secret, Buffer.from(body)), signature)
})

test('the v1 Node.js helper returns false, never throws, on a malformed header', () => {
  const code = fence(V1_PAGE, 'Verifying X-N11S-Signature (Node.js)')
  const isValid = new Function('require', `${code}\nreturn isValidSignature;`)(
    createRequire(import.meta.url),
  ) as (body: Buffer, header: string | undefined, secret: string) => boolean
  for (const c of CASES) {
    let got: boolean | string
    try {
      got = Boolean(isValid(c.body, c.header, SECRET))
    } catch (e) {
      got = `threw ${String(e)}`
    }
    assert.is(got, c.pass, c.name)
  }
})

// Python: the WSGI middleware, called with a WSGI environ per case; prints one JSON line per case.
const PY_HARNESS = `
import io, json, sys
sys.path.insert(0, sys.argv[1])
from n11s_signature import N11SSignature
cases = json.loads(sys.stdin.read())
def app(environ, start_response):
    start_response("200 OK", [("Content-Type", "application/json")])
    return [environ["wsgi.input"].read()]
for c in cases:
    body = c["body"].encode("utf-8")
    environ = {"CONTENT_LENGTH": str(len(body)), "wsgi.input": io.BytesIO(body), "HTTP_X_N11S_REQUEST_ID": "r-1"}
    if c["header"] is not None:
        environ["HTTP_X_N11S_SIGNATURE"] = c["header"]
    seen = {}
    def start_response(status, headers):
        seen["status"] = int(status.split()[0])
    try:
        answer = b"".join(N11SSignature(app, c["secret"])(environ, start_response))
        print(json.dumps({"status": seen["status"], "body": answer.decode("utf-8")}))
    except Exception as e:
        print(json.dumps({"threw": repr(e)}))
`

const python = ['python3', '/usr/bin/python3'].find(
  (p) => spawnSync(p, ['--version'], { stdio: 'ignore' }).status === 0,
)

for (const [locale, page] of Object.entries(PAGES)) {
  test(`${locale}: the Python (WSGI) middleware accepts a correct signature and refuses the others`, () => {
    if (!python) assert.unreachable('python3 is needed: sudo apt-get install -y python3')
    const dir = fs.mkdtempSync(path.join(tmp, `py-${locale}-`))
    fs.writeFileSync(path.join(dir, 'n11s_signature.py'), fence(page, 'Python (WSGI'))
    fs.writeFileSync(path.join(dir, 'harness.py'), PY_HARNESS)
    // WSGI hands headers over as latin-1 strings; the non-ASCII case arrives as its UTF-8 bytes so decoded.
    const input = CASES.map((c) => ({
      secret: SECRET,
      header: c.header === undefined ? null : Buffer.from(c.header, 'utf8').toString('latin1'),
      body: c.body.toString('utf8'),
    }))
    const run = spawnSync(python!, [path.join(dir, 'harness.py'), dir], {
      input: JSON.stringify(input),
      encoding: 'utf8',
    })
    assert.is(run.status, 0, run.stderr)
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Outcome & { body: string })
    CASES.forEach((c, i) => {
      const got = lines[i]!
      assert.is(got.threw, undefined, `${c.name}: threw`)
      assert.is(got.status, c.pass ? 200 : 401, c.name)
      if (c.pass) assert.is(got.body, c.body.toString('utf8'), 'the app reads the same bytes')
      else assert.is((JSON.parse(got.body) as { code: string }).code, 'INVALID_SIGNATURE', c.name)
    })
  })
}

// Go: only with SIGNING_SAMPLES_LANGS=all (or a list naming go), as for the signing samples; needs go.
const GO_TEST = `package n11s

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestSignature(t *testing.T) {
	h := Signature([]byte(SECRET), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Write(body)
	}))
	for _, c := range CASES {
		r := httptest.NewRequest("POST", "/n11s/wallet/bet", strings.NewReader(c.body))
		if c.header != "-" {
			r.Header.Set("X-N11S-Signature", c.header)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.code || (c.code == 200 && w.Body.String() != c.body) {
			t.Errorf("%s: got %d %q", c.name, w.Code, w.Body.String())
		}
	}
}
`
const wantGo = (process.env.SIGNING_SAMPLES_LANGS ?? '')
  .split(',')
  .some((l) => ['all', 'go'].includes(l.trim()))

test('Go (net/http): the middleware accepts a correct signature and refuses the others', () => {
  if (!wantGo) return
  const dir = fs.mkdtempSync(path.join(tmp, 'go-'))
  fs.writeFileSync(path.join(dir, 'go.mod'), 'module example.com/verify\n\ngo 1.18\n')
  fs.mkdirSync(path.join(dir, 'n11s'))
  fs.writeFileSync(path.join(dir, 'n11s/n11s.go'), `${fence(PAGES.en, 'Go (net/http)')}\n`)
  const cases = CASES.map(
    (c) =>
      `{${JSON.stringify(c.name)}, ${JSON.stringify(c.header ?? '-')}, ${JSON.stringify(c.body.toString('utf8'))}, ${c.pass ? 200 : 401}}`,
  )
  const data = `package n11s\n\nconst SECRET = ${JSON.stringify(SECRET)}\n\nvar CASES = []struct {\n\tname, header, body string\n\tcode int\n}{\n\t${cases.join(',\n\t')},\n}\n`
  fs.writeFileSync(path.join(dir, 'n11s/cases_test.go'), data)
  fs.writeFileSync(path.join(dir, 'n11s/signature_test.go'), GO_TEST)
  // The standard library only: nothing to download.
  const run = spawnSync('go', ['test', './...'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOWORK: 'off' },
  })
  assert.is(run.status, 0, run.stdout + run.stderr)
})

test.after(() => fs.rmSync(tmp, { recursive: true, force: true }))

test.run()
