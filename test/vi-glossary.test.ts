import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXTURES, ROOT } from './helpers/index.js'
import { avoidedTerms, checkVietnamese } from '../scripts/check-vi-glossary.js'
import fs from 'node:fs'

// The Vietnamese pages, labels and UI strings use the glossary's one term per concept and one spelling
// (tone on the first vowel of open oa, oe, uy). scripts/check-vi-glossary.ts enforces both.

const FIXTURE = path.join(FIXTURES, 'vi-glossary')
const at = (f: { file: string; line: number; col: number; message: string }) =>
  `${f.file}:${f.line}:${f.col}: ${f.message}`

test('the N11S Vietnamese content follows its glossary', () => {
  assert.equal(checkVietnamese(ROOT).map(at), [])
})

test('the glossary page lists what not to write, each with the term to use', () => {
  const terms = avoidedTerms(
    fs.readFileSync(path.join(ROOT, 'content/i18n/vi/docs/v2/integration/glossary.md'), 'utf8'),
  )
  const avoid = new Map(terms.map((t) => [t.avoid, t.use]))
  assert.is(avoid.get('ví liền mạch'), 'ví seamless')
  assert.is(avoid.get('transfer wallet'), 'ví chuyển khoản')
  assert.is(avoid.get('trò chơi'), 'game')
})

test('other spellings and avoided terms are reported at their line and column; code and links only for spelling', () => {
  assert.equal(checkVietnamese(FIXTURE).map(at), [
    'content/i18n/vi/docs/v2/page.md:3:28: "khoá" is spelled "khóa" (tone on the first vowel of open oa, oe, uy)',
    'content/i18n/vi/docs/v2/page.md:6:14: "khoá" is spelled "khóa" (tone on the first vowel of open oa, oe, uy)',
    'content/i18n/vi/docs/v2/page.md:6:36: "huỷ" is spelled "hủy" (tone on the first vowel of open oa, oe, uy)',
    'content/i18n/vi/docs/v2/page.md:7:1: "Ví liền mạch": use "ví seamless"',
    'content/i18n/vi/docs/v2/page.md:10:4: "Huỷ" is spelled "Hủy" (tone on the first vowel of open oa, oe, uy)',
    'content/i18n/vi/site.json:3:25: "Ví liền mạch": use "ví seamless"',
    'theme/i18n/vi.json:3:19: "XOÁ" is spelled "XÓA" (tone on the first vowel of open oa, oe, uy)',
  ])
})

test('the script exits 1 with path:line:col messages, 0 when clean', () => {
  const run = (root: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-vi-glossary.ts', root], {
      cwd: ROOT,
      encoding: 'utf8',
    })
  const bad = run(FIXTURE)
  assert.is(bad.status, 1)
  assert.match(
    bad.stderr,
    /^content\/i18n\/vi\/docs\/v2\/page\.md:3:28: error: "khoá" is spelled "khóa" .*\[vi-glossary\]$/m,
  )
  const good = run(ROOT)
  assert.is(good.status, 0, good.stderr)
})

test.run()
