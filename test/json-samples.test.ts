// The generated samples of an operation with a JSON body must send exactly the example's JSON when
// pasted, over lines as a reader expects them: each runs here (curl, Node.js, Python, Go) against
// a local server that parses the body it receives; Java's text block is compiled and printed.
// The example's strings hold what each language's literals treat specially: quotes, backslashes,
// an apostrophe, three quotes in a row, escaped newlines and tabs, Vietnamese letters, a backtick.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { specSite } from './helpers/spec-site.js'
import { pythonProblem, RUNNERS, runSample } from './helpers/sample-runner.js'
import { withJsonBody } from '../src/openapi/json-literals.js'

const ORIGIN = 'https://notes.example.com'

/** A server that records each request's method, path, Content-Type and body, and answers `{}`. */
async function recordingServer() {
  const received: Array<{ method: string; path: string; contentType: string; body: string }> = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({
        method: req.method!,
        path: req.url!,
        contentType: String(req.headers['content-type'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      })
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, received, close: () => server.close() }
}

const built = specSite('json-bodies.yaml')

/** Sample ids and the runner (test/helpers/sample-runner.ts) of their language. */
const RUN = { curl: 'shell', nodejs: 'javascript', python: 'python', go: 'go' } as const

for (const id of ['createNote', 'importNotes'])
  for (const [sample, runner] of Object.entries(RUN))
    test(`${id}: the ${sample} sample sends the example's JSON`, async () => {
      const missing = runner === 'python' ? pythonProblem : RUNNERS[runner]!.missing()
      if (missing) assert.unreachable(missing)
      const b = await built
      const example = JSON.parse(b.op(id).requestBody!.content[0]!.examples[0]!.text) as unknown
      const code = b.sample(id, sample)
      assert.ok(code.split('\n').length > 12, `${sample}: the body is written over lines`)
      const server = await recordingServer()
      try {
        const r = await runSample(runner, code.split(ORIGIN).join(server.url), {})
        assert.is(r.code, 0, `${sample} exited ${r.code}:\n${r.stdout}\n${r.stderr}`)
        assert.is(server.received.length, 1, `${sample}: one request`)
        const got = server.received[0]!
        assert.is(got.method, 'POST')
        assert.ok(got.path.startsWith('/api/notes'), got.path)
        assert.match(got.contentType, /^application\/json/)
        assert.equal(JSON.parse(got.body), example, `${sample}: the body is the example`)
      } finally {
        server.close()
      }
    })

test("createNote: Java's text block holds the example's JSON", async () => {
  const missing = RUNNERS.java!.missing()
  if (missing) assert.unreachable(missing)
  const b = await built
  const code = b.sample('createNote', 'java')
  const block = /\.body\(("""\n[\s\S]*?""")\)/.exec(code)?.[1]
  assert.ok(block, `a text block:\n${code}`)
  const program = `public class Body {\n  public static void main(String[] args) {\n    System.out.print(${block});\n  }\n}\n`
  const r = await runSample('java', program, {})
  assert.is(r.code, 0, r.stderr)
  const example = JSON.parse(b.op('createNote').requestBody!.content[0]!.examples[0]!.text) as unknown
  assert.equal(JSON.parse(r.stdout), example)
})

test('importNotes: Go keeps the one-line literal when the body holds a backtick', async () => {
  const b = await built
  assert.match(b.sample('importNotes', 'go'), /strings\.NewReader\("\{\\"source\\":/)
  assert.match(b.sample('createNote', 'go'), /strings\.NewReader\(`\{\n\t {2}"title"/)
})

test('a body with a "__proto__" key stays a string in Node.js (an object literal would drop it)', async () => {
  const json = '{"__proto__":{"admin":true},"name":"x"}'
  const code = withJsonBody('const body = \'"DOCSSITEJSONBODY"\'\nprocess.stdout.write(body)', 'nodejs', json)
  const r = await runSample('javascript', code, {})
  assert.is(r.code, 0, r.stderr)
  assert.equal(JSON.parse(r.stdout), JSON.parse(json))
  assert.ok(Object.hasOwn(JSON.parse(r.stdout) as object, '__proto__'))
})

test.run()
