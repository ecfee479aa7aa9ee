import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, tempCopy } from './helpers/index.js'

/** A copy of the API fixture whose v2 spec is `spec`; returns the CLI result. */
function buildWith(spec: string | ((text: string) => string)) {
  const dir = tempCopy('api')
  const file = path.join(dir, 'swagger/v2.yaml')
  fs.writeFileSync(file, typeof spec === 'string' ? spec : spec(fs.readFileSync(file, 'utf8')))
  return cli(['build', '--root', dir])
}

test('invalid YAML: exit 1 with spec file, line and column', () => {
  const r = buildWith('openapi: 3.1.0\ninfo:\n  title: x\n   version: 1\n')
  assert.is(r.code, 1)
  assert.match(r.stderr, /^swagger\/v2\.yaml:[34]:\d+: error: OpenAPI: invalid YAML\/JSON: .* \[openapi\]$/m)
})

test('missing or unsupported openapi field names the supported versions', () => {
  assert.match(
    buildWith('info: { title: x, version: "1" }\npaths: {}\n').stderr,
    /swagger\/v2\.yaml:1:1: error: OpenAPI: missing "openapi" field; supported versions are 3\.0\.x, 3\.1\.x and Swagger 2\.0/,
  )
  assert.match(
    buildWith('swagger: "1.2"\ninfo: { title: x, version: "1" }\npaths: {}\n').stderr,
    /swagger\/v2\.yaml:1:\d+: error: OpenAPI: unsupported version "1\.2"/,
  )
  assert.match(
    buildWith('openapi: 4.0.0\ninfo: { title: x, version: "1" }\npaths: {}\n').stderr,
    /swagger\/v2\.yaml:1:\d+: error: OpenAPI: unsupported version "4\.0\.0"/,
  )
})

test('unresolved and malformed $refs are errors at the line of the $ref', () => {
  const r = buildWith((t) =>
    t.replace(
      "owner: { $ref: '#/components/schemas/Person' }",
      "owner: { $ref: '#/components/schemas/Missing' }\n        other: { $ref: '#components/x' }",
    ),
  )
  assert.is(r.code, 1)
  assert.match(
    r.stderr,
    /swagger\/v2\.yaml:\d+:\d+: error: OpenAPI: unresolved \$ref "#\/components\/schemas\/Missing"/,
  )
  assert.match(
    r.stderr,
    /swagger\/v2\.yaml:\d+:\d+: error: OpenAPI: \$ref "#components\/x" refused: a local ref must start with "#\/"/,
  )
})

test('file and network $refs are refused without reading or fetching anything', async () => {
  let connections = 0
  const server = http.createServer((_q, s) => s.end('{}'))
  server.on('connection', () => connections++)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  try {
    for (const ref of [
      '/etc/passwd',
      'file:///etc/passwd',
      `http://127.0.0.1:${port}/schema.json`,
      '../../outside.yaml',
    ]) {
      const r = buildWith((t) =>
        t.replace("owner: { $ref: '#/components/schemas/Person' }", `owner: { $ref: '${ref}' }`),
      )
      assert.is(r.code, 1, ref)
      assert.match(
        r.stderr,
        /swagger\/v2\.yaml:\d+:\d+: error: OpenAPI: \$ref .* refused: (it leaves the spec's folder|references to URLs are not followed)/,
        ref,
      )
      assert.not.match(r.stderr + r.stdout, /root:/)
    }
  } finally {
    server.close()
  }
  assert.is(connections, 0)
})

test('a circular $ref with a sibling description builds and is marked', () => {
  const dir = tempCopy('api')
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 0, r.stderr)
  const page = fs.readFileSync(path.join(dir, 'build/api/create-pet/index.html'), 'utf8')
  assert.match(page, /<a href="\/api\/schemas\/person\/">Recursive: see the Person schema<\/a>/)
})

test('a duplicate operationId warns with its line; both pages exist with unique anchors', () => {
  const dir = tempCopy('api')
  const file = path.join(dir, 'swagger/v2.yaml')
  fs.writeFileSync(
    file,
    fs.readFileSync(file, 'utf8').replace('operationId: getPet', 'operationId: listPets'),
  )
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 0, r.stderr)
  assert.match(
    r.stderr,
    /swagger\/v2\.yaml:\d+:\d+: warning: OpenAPI: duplicate operationId "listPets" \(GET \/pets and GET \/pets\/\{petId\}\)/,
  )
  assert.ok(fs.existsSync(path.join(dir, 'build/api/list-pets/index.html')))
  assert.ok(fs.existsSync(path.join(dir, 'build/api/list-pets-2/index.html')))
})

test('an undeclared path parameter warns', () => {
  const r = buildWith((t) => t.replace('  /pets/{petId}:', '  /pets/{petId}/{extra}:'))
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stderr, /warning: OpenAPI: .*extra/)
})

test('an empty spec file, and one that is not an object: an error at line 1', () => {
  assert.match(buildWith('').stderr, /swagger\/v2\.yaml:1:1: error: OpenAPI: the file is empty/)
  assert.match(
    buildWith('- a\n- b\n').stderr,
    /swagger\/v2\.yaml:1:1: error: OpenAPI: the document must be an object/,
  )
})

test('a path key without its slash is an error at its line, naming it', () => {
  const r = buildWith((t) => t.replace('  /pets:\n', '  pets:\n'))
  assert.is(r.code, 1)
  assert.match(
    r.stderr,
    /swagger\/v2\.yaml:26:3: error: OpenAPI: the path "pets" must begin with "\/" \(write "\/pets"\)/,
  )
  assert.not.match(r.stderr, 'leading slash')
})

test('a parameter "in" a place 3.x does not know is an error at its line, in words that say so', () => {
  const r = buildWith((t) =>
    t.replace(
      '          in: query\n          required: true',
      '          in: body\n          required: true',
    ),
  )
  assert.is(r.code, 1)
  assert.match(
    r.stderr,
    /swagger\/v2\.yaml:\d+:\d+: error: OpenAPI: parameter "limit": "in" must be query, header, path or cookie, not "body" \(a Swagger 2\.0 location: in 3\.x, use requestBody\)/,
  )
  assert.not.match(r.stderr, "must have required property 'required'")
})

test('a path parameter without required: true warns and is shown as required (as Redoc and Scalar render it)', () => {
  const r = buildWith((t) =>
    t.replace('          in: path\n          required: true\n', '          in: path\n'),
  )
  assert.is(r.code, 0, r.stderr)
  assert.match(
    r.stderr,
    /swagger\/v2\.yaml:9\d:\d+: warning: OpenAPI: path parameter "petId" lacks "required: true"/,
  )
})

test('parameters whose $refs lead to each other in a circle are an error at the ref, not a parameter named "undefined"', () => {
  const r = buildWith(
    [
      'openapi: 3.0.3',
      "info: { title: Circle, version: '1' }",
      'paths:',
      '  /widgets:',
      '    get:',
      "      parameters: [{ $ref: '#/components/parameters/A' }]",
      "      responses: { '200': { description: ok } }",
      'components:',
      '  parameters:',
      "    A: { $ref: '#/components/parameters/B' }",
      "    B: { $ref: '#/components/parameters/A' }",
      '',
    ].join('\n'),
  )
  assert.is(r.code, 1, r.stderr)
  assert.match(
    r.stderr,
    /swagger\/v2\.yaml:\d+:\d+: error: OpenAPI: the parameter \$ref "#\/components\/parameters\/[AB]" leads back to itself \[openapi\]/,
  )
  assert.not.match(r.stderr, /\n\s+at /)
})

test.run()
