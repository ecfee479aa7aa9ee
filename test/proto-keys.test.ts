// Keys users write that every JavaScript object inherits (`constructor`, `__proto__`,
// `toString`…) are ordinary unknown keys: a warning at their line, never a crash.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, html, FIXTURES } from './helpers/index.js'
import { loadConfig } from '../src/config.js'
import { DocsSiteError, formatDiagnostic } from '../src/errors.js'
import type { UserConfig } from '../src/types.js'
import { parseYaml } from '../src/parse/yaml.js'

test('front-matter keys of Object.prototype warn at their line; the page builds', async () => {
  const result = await buildFixture('proto-keys', {
    title: 'Fixture',
    navbar: {
      items: [
        { label: 'constructor', to: '/' },
        { label: 'Docs', to: '/' },
      ],
    },
  })
  const lines = result.diagnostics.map(formatDiagnostic)
  assert.equal(lines, [
    'content/docs/v2/index.md:3:1: warning: unknown front-matter key "constructor" [frontmatter]',
    'content/docs/v2/index.md:4:1: warning: unknown front-matter key "__proto__" [frontmatter]',
    'content/docs/v2/index.md:6:1: warning: unknown front-matter key "toString" [frontmatter]',
    'content/docs/v2/index.md:7:1: warning: unknown front-matter key "hasOwnProperty" [frontmatter]',
  ])
  assert.match(html(result, 'index.html'), '<title>')
  // A navbar label that is an inherited name is shown as written, in every locale.
  assert.match(html(result, 'vi/index.html'), '>constructor<')
  assert.match(html(result, 'vi/index.html'), '>Tài liệu<')
  assert.is(({} as Record<string, unknown>).polluted, undefined)
})

test('YAML with a letter beyond Latin-1 and a __proto__ key: values as written, no prototype set', () => {
  // Such a document's values are made one-byte strings in place (src/parse/yaml.ts): the walk must
  // keep a __proto__ key an own property and leave every value as the text says.
  const { data } = parseYaml(
    'title: Ví dụ → ví dụ\nlist: [abc, "d → e", 12, true]\nnested:\n  k: value\n  __proto__: { admin: true }\nflat:\n  __proto__: plain\n',
  ) as { data: Record<string, Record<string, unknown>> }
  assert.is(
    JSON.stringify(data),
    '{"title":"Ví dụ → ví dụ","list":["abc","d → e",12,true],"nested":{"k":"value","__proto__":{"admin":true}},"flat":{"__proto__":"plain"}}',
  )
  assert.ok(Object.hasOwn(data.nested!, '__proto__'))
  assert.is(Object.getPrototypeOf(data.nested), Object.prototype)
  assert.is(Object.getPrototypeOf(data.flat), Object.prototype)
  assert.is(({} as Record<string, unknown>).admin, undefined)
})

test('a config key named constructor is an unknown key (exit 3), not a crash', async () => {
  let err: unknown
  try {
    await loadConfig(`${FIXTURES}/proto-keys`, {
      config: JSON.parse('{"title":"x","constructor":1,"navbar":{"toString":2}}') as UserConfig,
    })
  } catch (e) {
    err = e
  }
  assert.instance(err, DocsSiteError)
  const lines = (err as DocsSiteError).diagnostics.map((d) => d.message).join('\n')
  assert.match(lines, '"constructor" is not a known config key')
  assert.match(lines, '"navbar.toString" is not a known config key')
  assert.is((err as DocsSiteError).exitCode, 3)
})

test.run()
