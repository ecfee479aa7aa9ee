import { createHmac } from 'node:crypto'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ExplorerProps } from '../src/types.js'
import { planRequest } from '../theme/islands/explorer/request.js'
import { prepare } from '../theme/islands/explorer/prepare.js'
import { base, hmacCredential, values } from './helpers/explorer.js'

// The request explorer's last step before fetch (theme/islands/explorer/prepare.ts), without a
// browser: the body and headers fetch gets, the HMAC signature over the exact bytes sent, and the
// curl that says the same.

test('prepare signs the exact body bytes (or the query) and the curl says the same', async () => {
  const p: ExplorerProps = {
    ...base,
    parameters: [],
    auth: [hmacCredential('sig', { hash: 'SHA-256', encoding: 'hex' })],
  }
  const body = '{"memo":"Phở €"}'
  const r = await prepare(planRequest(p, values(p, { body, auth: { sig: 'k' } })))
  const sig = createHmac('sha256', 'k').update(Buffer.from(body, 'utf8')).digest('hex')
  assert.equal(r.headers, [
    ['Content-Type', 'application/json'],
    ['X-Sig', sig],
  ])
  assert.is(r.init.body, body)
  assert.is(
    r.curl,
    [
      'curl --request POST',
      "--url 'https://eu.api.example/v2/things/{id}'".replace('{id}', '%7Bid%7D'),
      "--header 'Content-Type: application/json'",
      `--header 'X-Sig: ${sig}'`,
      `--data-binary '${body}'`,
    ].join(' \\\n  '),
  )
  // No body: the query string without '?', here SHA-512 in base64.
  const g: ExplorerProps = {
    ...base,
    method: 'get',
    path: '/r',
    parameters: [
      {
        name: 'from',
        in: 'query',
        required: true,
        example: "it's 1",
        prefill: true,
        style: 'form',
        explode: true,
        shape: 'primitive',
      },
    ],
    auth: [hmacCredential('s', { hash: 'SHA-512', encoding: 'base64' })],
  }
  const q = await prepare(planRequest(g, values(g, { auth: { s: 'k' } })))
  assert.is(q.url, "https://eu.api.example/v2/r?from=it's%201")
  assert.equal(q.headers, [['X-Sig', createHmac('sha512', 'k').update("from=it's%201").digest('base64')]])
  assert.match(q.curl, `--url 'https://eu.api.example/v2/r?from=it'\\''s%201'`)
})

test('prepare: urlencoded, multipart, binary and cookies as fetch gets them and as curl shows them', async () => {
  const fields = [
    { name: 'name', file: false, required: true, example: 'Ann Lee' },
    { name: 'doc', file: true, required: false, example: '' },
  ]
  const p: ExplorerProps = {
    ...base,
    path: '/f',
    // Only the base's prefilled cookie, to see it beside each body.
    parameters: base.parameters.filter((x) => x.in === 'cookie'),
    bodies: [
      { mediaType: 'application/x-www-form-urlencoded', example: '', fields },
      { mediaType: 'multipart/form-data', example: '', fields },
      { mediaType: 'application/octet-stream', example: '', fields: [] },
    ],
  }
  const u = await prepare(planRequest(p, values(p)))
  assert.ok(u.init.body instanceof URLSearchParams)
  assert.is(String(u.init.body), 'name=Ann+Lee')
  assert.is(u.init.credentials, 'include')
  assert.match(
    u.curl,
    "--header 'Content-Type: application/x-www-form-urlencoded' \\\n  --cookie 'theme=dark' \\\n  --data-urlencode 'name=Ann Lee'",
  )
  const file = new File(['bytes'], 'my doc.bin', { type: 'application/pdf' })
  const m = await prepare(
    planRequest(p, values(p, { mediaType: 'multipart/form-data', files: { doc: file } })),
  )
  assert.ok(m.init.body instanceof FormData)
  assert.not.ok(
    m.headers.some(([k]) => k === 'Content-Type'),
    'the browser sets the boundary',
  )
  assert.match(m.curl, `--form-string 'name=Ann Lee' \\\n  --form 'doc=@"my doc.bin";type=application/pdf'`)
  const b = await prepare(
    planRequest(p, values(p, { mediaType: 'application/octet-stream', files: { '': file } })),
  )
  assert.is(b.init.body, file)
  assert.match(
    b.curl,
    `--header 'Content-Type: application/octet-stream' \\\n  --cookie 'theme=dark' \\\n  --data-binary '@my doc.bin'`,
  )
  // A signed multipart body is serialised first: the signature covers the bytes sent, boundary included.
  const signed: ExplorerProps = {
    ...p,
    auth: [hmacCredential('s', { hash: 'SHA-256', encoding: 'hex' })],
  }
  const sm = await prepare(
    planRequest(
      signed,
      values(signed, { mediaType: 'multipart/form-data', files: { doc: file }, auth: { s: 'k' } }),
    ),
  )
  const sent = Buffer.from(sm.init.body as Uint8Array)
  assert.match(sm.headers.find(([k]) => k === 'Content-Type')![1], /^multipart\/form-data; boundary=/)
  assert.is(sm.headers.find(([k]) => k === 'X-Sig')![1], createHmac('sha256', 'k').update(sent).digest('hex'))
  assert.match(sent.toString(), 'filename="my doc.bin"')
})

test.run()
