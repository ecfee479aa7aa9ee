import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ExplorerProps } from '../src/types.js'
import { bodyKind, initialValues, pickMock, planRequest } from '../theme/islands/explorer/request.js'
import { serverUrl } from '../shared/serialise.js'
import { base64Utf8, basicAuth } from '../theme/islands/explorer/crypto.js'
import { base, hmacCredential, values } from './helpers/explorer.js'

// The request explorer's form and request plan (theme/islands/explorer/request.ts), without a
// browser: the first values, what is sent and what blocks sending, credentials, bodies, mock mode.

test('the form starts with the first server (variables at their defaults) and prefills only what the props say', () => {
  const v = initialValues(base)
  assert.is(v.server, 'https://eu.api.example/v2')
  assert.is(serverUrl(undefined), '')
  assert.equal(v.params, {
    'path:id': '42',
    'query:ids': '[1,2]',
    'query:q': '',
    'header:X-Trace': '',
    'cookie:theme': 'dark',
  })
  assert.is(v.body, '{"a":1}')
  assert.is(v.mediaType, 'application/json')
})

test('only filled parameters are sent; an empty required one blocks with its name', () => {
  const plan = planRequest(base, values(base))
  assert.is(plan.base, 'https://eu.api.example/v2/things/42')
  assert.is(plan.query, 'ids=1,2')
  assert.equal(plan.headers, [])
  assert.equal(plan.cookies, [['theme', 'dark']])
  assert.equal(plan.body, { kind: 'text', contentType: 'application/json', text: '{"a":1}' })
  assert.equal(plan.problems, [])
  const empty = planRequest(
    base,
    values(base, { params: { 'path:id': '', 'query:ids': '', 'header:X-Trace': 'abc' } }),
  )
  assert.equal(empty.problems, [{ kind: 'missing', name: 'id' }])
  assert.is(empty.query, '')
  assert.equal(empty.headers, [['X-Trace', 'abc']])
  assert.equal(
    planRequest(base, values(base, { body: '{"a":' })).problems.map((p) => p.kind),
    ['invalidJson'],
  )
  assert.equal(planRequest(base, values(base, { server: 'ftp://x' })).problems, [{ kind: 'server' }])
  assert.equal(planRequest(base, values(base, { server: '' })).problems, [{ kind: 'server' }])
  assert.is(planRequest({ ...base, method: 'get' }, values(base)).body, undefined)
})

test('credentials: bearer, basic (UTF-8), API keys in header, query and cookie, raw Authorization, HMAC', () => {
  const p: ExplorerProps = {
    ...base,
    parameters: [],
    auth: [
      { key: 'tok', kind: 'bearer', in: 'header', name: 'Authorization', scheme: 'bearer' },
      { key: 'h', kind: 'apiKey', in: 'header', name: 'X-Api-Key', scheme: undefined },
      { key: 'q', kind: 'apiKey', in: 'query', name: 'api key', scheme: undefined },
      { key: 'c', kind: 'apiKey', in: 'cookie', name: 'sid', scheme: undefined },
      hmacCredential('sig', { hash: 'SHA-512', encoding: 'base64' }),
    ],
  }
  const plan = planRequest(p, values(p, { auth: { tok: 't1', h: 'hk', q: 'a&b', c: 'cv', sig: 's3cret' } }))
  assert.equal(plan.headers, [
    ['Authorization', 'Bearer t1'],
    ['X-Api-Key', 'hk'],
  ])
  assert.is(plan.query, 'api%20key=a%26b')
  assert.equal(plan.cookies, [['sid', 'cv']])
  assert.equal(plan.signature, {
    name: 'X-Sig',
    in: 'header',
    hash: 'SHA-512',
    encoding: 'base64',
    secret: 's3cret',
  })
  // Empty credentials are not sent.
  const none = planRequest(p, values(p))
  assert.equal([none.headers, none.query, none.cookies, none.signature], [[], '', [], undefined])
  assert.is(basicAuth('ann', 'pä:ss'), `Basic ${Buffer.from('ann:pä:ss', 'utf8').toString('base64')}`)
  assert.is(base64Utf8('Phở €'), Buffer.from('Phở €').toString('base64'))
  const basic: ExplorerProps = {
    ...p,
    auth: [{ key: 'b', kind: 'basic', in: 'header', name: 'Authorization', scheme: 'basic' }],
  }
  assert.equal(
    planRequest(basic, values(basic, { auth: { 'b:username': 'ann', 'b:password': 'pw' } })).headers,
    [['Authorization', `Basic ${Buffer.from('ann:pw').toString('base64')}`]],
  )
  const other: ExplorerProps = {
    ...p,
    auth: [{ key: 'o', kind: 'other', in: 'header', name: 'Authorization', scheme: 'digest' }],
  }
  assert.equal(planRequest(other, values(other, { auth: { o: 'Digest x=1' } })).headers, [
    ['Authorization', 'Digest x=1'],
  ])
})

test('bodies: media kinds, form fields (only filled, required named), multipart files, binary files', () => {
  assert.equal(
    [
      'application/json',
      'application/xml',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/octet-stream',
      'image/png',
    ].map(bodyKind),
    ['text', 'text', 'text', 'urlencoded', 'multipart', 'binary', 'binary'],
  )
  const fields = [
    { name: 'name', file: false, required: true, example: 'Ann' },
    { name: 'tags', file: false, required: false, example: '["a","b"]' },
    { name: 'note', file: false, required: false, example: '' },
    { name: 'doc', file: true, required: true, example: '' },
  ]
  const form: ExplorerProps = {
    ...base,
    parameters: [],
    bodies: [
      { mediaType: 'application/x-www-form-urlencoded', example: '', fields },
      { mediaType: 'multipart/form-data', example: '', fields },
      { mediaType: 'application/octet-stream', example: '', fields: [] },
    ],
  }
  assert.equal(planRequest(form, values(form)).body, {
    kind: 'urlencoded',
    pairs: [
      ['name', 'Ann'],
      ['tags', 'a'],
      ['tags', 'b'],
    ],
  })
  const multi = planRequest(form, values(form, { mediaType: 'multipart/form-data', fields: { name: '' } }))
  assert.equal(multi.problems, [
    { kind: 'missing', name: 'name' },
    { kind: 'missing', name: 'doc' },
  ])
  const file = new File(['hello'], 'hello.txt', { type: 'text/plain' })
  const withFile = planRequest(form, values(form, { mediaType: 'multipart/form-data', files: { doc: file } }))
  assert.equal(withFile.problems, [])
  assert.equal(withFile.body, {
    kind: 'multipart',
    parts: [
      { name: 'name', value: 'Ann' },
      { name: 'tags', value: 'a' },
      { name: 'tags', value: 'b' },
      { name: 'doc', file },
    ],
  })
  assert.equal(
    planRequest(form, values(form, { mediaType: 'application/octet-stream', files: { '': file } })).body,
    { kind: 'binary', contentType: 'application/octet-stream', file },
  )
})

test('mock mode answers with the first 2xx example', () => {
  assert.equal(pickMock(base.mocks), { status: '201', mediaType: 'application/json', body: '{"id":1}' })
  assert.equal(pickMock([{ status: '400', mediaType: '', body: '' }]), {
    status: '400',
    mediaType: '',
    body: '',
  })
  assert.is(pickMock([]), undefined)
})

test.run()
