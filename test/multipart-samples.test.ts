// The generated samples of a multipart/form-data operation must send a real multipart body when
// pasted: each runs here (curl, Node.js, Python, Go) against a local server that parses the body
// as a browser-grade multipart parser does and checks the fields, the file part and its bytes.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { spawn } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, tempDir } from './helpers/index.js'
import type { ApiSpec } from '../src/types.js'

const ORIGIN = 'https://lab.example.com'
/** Bytes that are not UTF-8 text: a sample that sends the file as a string would change them. */
const FILE = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x80, 0xfe, 0x0d, 0x0a,
])

interface Received {
  method: string
  path: string
  contentType: string
  fields: Record<string, string>
  files: Record<string, { name: string; bytes: Buffer }>
}

/** A server that records each request's multipart body, parsed by undici's FormData parser. */
async function multipartServer(): Promise<{ url: string; received: Received[]; close: () => void }> {
  const received: Received[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const contentType = String(req.headers['content-type'] ?? '')
      new Request('http://parse.local/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: Buffer.concat(chunks),
      })
        .formData()
        .then(async (form) => {
          const out: Received = { method: req.method!, path: req.url!, contentType, fields: {}, files: {} }
          for (const [name, value] of form) {
            if (typeof value === 'string') out.fields[name] = value
            else out.files[name] = { name: value.name, bytes: Buffer.from(await value.arrayBuffer()) }
          }
          received.push(out)
          res.writeHead(201, { 'content-type': 'text/plain' }).end('stored')
        })
        .catch((err: Error) => res.writeHead(400, { 'content-type': 'text/plain' }).end(err.message))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, received, close: () => server.close() }
}

/** Runs a command in `cwd` (without network proxies); resolves with its exit code and output. */
function run(cmd: string, args: string[], cwd: string): Promise<{ code: number | null; out: string }> {
  const env: Record<string, string> = { GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' }
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(https?|all|no)_proxy$/i.test(k)) env[k] ??= v
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d))
    child.stderr.on('data', (d: Buffer) => (out += d))
    child.on('close', (code) => resolve({ code, out }))
  })
}

const built = buildFixture('openapi-site', {
  title: 'Multipart samples',
  docs: {
    versions: [{ name: 'v1', openapi: '../openapi/media-types.yaml' }],
    sidebars: { api: [{ type: 'api' }] },
  },
  navbar: { items: [] },
})

/** The operation's sample in a language, and the text fields of the example the page shows. */
async function sampleOf(lang: string): Promise<{ code: string; fields: Record<string, string> }> {
  const route = (await built).site.routes.find((r) => r.data.kind === 'api-info')!
  const op = (route.data as { spec: ApiSpec }).spec.operations.find((o) => o.operationId === 'uploadPhoto')!
  const sample = op.samples.find((s) => s.id === lang)
  if (!sample) throw new Error(`no ${lang} sample`)
  const example = JSON.parse(op.requestBody!.content[0]!.examples[0]!.text) as Record<string, unknown>
  const fields = Object.fromEntries(
    Object.entries(example)
      .filter(([name]) => name !== 'file')
      .map(([name, v]) => [name, String(v)]),
  )
  return { code: sample.code, fields }
}

const LANGUAGES: Array<{ id: string; file: string; cmd: (file: string) => [string, string[]] }> = [
  { id: 'curl', file: 'sample.sh', cmd: (f) => ['sh', [f]] },
  { id: 'nodejs', file: 'sample.mjs', cmd: (f) => [process.execPath, [f]] },
  { id: 'python', file: 'sample.py', cmd: (f) => ['python3', [f]] },
  { id: 'go', file: 'sample.go', cmd: (f) => ['go', ['run', f]] },
]

for (const lang of LANGUAGES) {
  test(`the ${lang.id} multipart sample sends its fields and the file's bytes as multipart/form-data`, async () => {
    const { code, fields } = await sampleOf(lang.id)
    assert.ok(Object.keys(fields).length > 0, 'the example has text fields')
    assert.ok(code.includes(ORIGIN), `${lang.id}: the sample names the spec's server`)
    const server = await multipartServer()
    const dir = tempDir(`multipart-${lang.id}-`)
    try {
      // The sample's file part reads `file.bin` from the folder it runs in, as a user's would.
      const fileName = /file\.bin/.exec(code)?.[0]
      assert.ok(fileName, `${lang.id}: the sample reads a file`)
      fs.writeFileSync(path.join(dir, fileName), FILE)
      fs.writeFileSync(path.join(dir, lang.file), code.split(ORIGIN).join(server.url))
      const [cmd, args] = lang.cmd(lang.file)
      const r = await run(cmd, args, dir)
      assert.is(r.code, 0, `${lang.id} exited ${r.code}:\n${r.out}`)
      assert.is(server.received.length, 1, `${lang.id}: one request parsed as multipart:\n${r.out}`)
      const got = server.received[0]!
      assert.is(got.method, 'POST')
      assert.is(got.path, '/api/uploads')
      assert.match(got.contentType, /^multipart\/form-data; ?boundary=/)
      assert.ok(got.files.file, `${lang.id}: a file part named "file"`)
      assert.is(got.files.file.name, 'file.bin')
      assert.ok(got.files.file.bytes.equals(FILE), `${lang.id}: the file's bytes arrive unchanged`)
      // The example's text fields arrive as form fields, with their values.
      assert.equal(got.fields, fields, `${lang.id}: the text fields`)
    } finally {
      server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
}

test.run()
