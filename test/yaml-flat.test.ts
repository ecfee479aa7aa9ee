import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { load } from 'js-yaml'
import { flatMapping, parseYaml } from '../src/parse/yaml.js'

// Front matter of one-line values is read without a YAML parser (flatMapping). Whatever it reads
// must be exactly what js-yaml reads, and whatever it cannot be sure of it must leave to js-yaml.

/** js-yaml's data, or the error it throws. */
const jsYaml = (text: string): unknown => {
  try {
    return { data: load(text) }
  } catch (err) {
    return { error: (err as Error).name }
  }
}

const VALUES = [
  '',
  'Debit a bet',
  'Ghi nợ một cược',
  '3',
  '-3',
  '0',
  '-0',
  '007',
  '1_000',
  '0x1F',
  '0o17',
  '1e3',
  '3.5',
  '.5',
  '.inf',
  '-.inf',
  '.nan',
  'NaN',
  'Infinity',
  'true',
  'True',
  'TRUE',
  'tRue',
  'false',
  'False',
  'FALSE',
  'yes',
  'no',
  'on',
  'off',
  'y',
  'n',
  'null',
  'Null',
  'NULL',
  '~',
  'nil',
  '2024-05-01',
  '2024-05-01T10:00:00Z',
  '"quoted"',
  "'single'",
  '"with \\"escape\\""',
  "'it''s'",
  '"a # b"',
  'a # comment',
  'a#b',
  'a: b',
  'a:b',
  'C:\\path',
  'a, b',
  'a [b] {c}',
  '[a, b]',
  '{a: 1}',
  '- item',
  '> folded',
  '| literal',
  '&anchor x',
  '*alias',
  '!tag x',
  '%x',
  '@x',
  '`x`',
  'x `y`',
  "it's",
  'say "hi"',
  'a  b',
  'a\tb',
  'ends with space ',
  'a \\ b',
  'Ý kiến',
  'ẞig',
  '1st place',
  '12345678901234567890',
  '9007199254740993',
  'x\u0085y',
  'x\u2028y',
  'x\u007fy',
  'é',
  '?',
  '? x',
  '-',
  '--',
  '---',
  '...',
  'a -- b',
  '=',
  '<<',
  '/',
  '/bo/faq',
  '/a b',
  '/a: b',
  '(a)',
  '(a',
  '_x',
  '$x',
  '+1',
  '.x',
  '/#x',
  '/ #x',
  'a | b',
  'a > b',
  'Ω',
  '𝒳',
  'a\u00a0b',
]
const KEYS = ['title', 'sidebar_position', 'slug', 'hide_table_of_contents', 'x-y', '_z', 'true', 'null']

/** Checks every text flatMapping reads against js-yaml; how many it read. */
function readAsJsYaml(texts: readonly string[]): number {
  let read = 0
  for (const text of texts) {
    const fast = flatMapping(text)
    if (fast === undefined) continue
    read++
    assert.equal({ data: fast }, jsYaml(text), JSON.stringify(text))
  }
  return read
}

test('every mapping of one key it reads is what js-yaml reads', () => {
  const texts = KEYS.flatMap((key) => VALUES.map((v) => (v === '' ? `${key}:` : `${key}: ${v}`)))
  const read = readAsJsYaml(texts)
  // Most plain titles, numbers and booleans take the fast path.
  assert.ok(read > 250, `${read} read without js-yaml`)
})

test('every one-line list it reads is what js-yaml reads', () => {
  const items = VALUES.filter((v) => !v.includes('\n'))
  const lists = ['[]', '[ ]', '[a,]', '[a,,b]', '[,a]', '[a b]', '[[a]]', '[{a: 1}]', '[a', 'a]']
  for (const a of items) {
    lists.push(`[${a}]`)
    for (const b of ['Debit a bet', '"x, y"', "'q'", '3', 'true', 'null', '', ' spaced ', 'a: b', '[c]'])
      lists.push(`[${a}, ${b}]`, `[${a},${b}]`, `[ ${a} , ${b} ]`)
  }
  const read = readAsJsYaml(lists.map((list) => `tags: ${list}`))
  assert.ok(read > 500, `${read} read without js-yaml`)
})

test('mappings of several keys, comments and blank lines; what it leaves to js-yaml', () => {
  const text = '# A page\ntitle: Debit a bet\n\nsidebar_position: 2\ndraft: false\ndescription:\n'
  assert.equal(flatMapping(text), {
    title: 'Debit a bet',
    sidebar_position: 2,
    draft: false,
    description: null,
  })
  assert.equal(flatMapping(text), load(text))
  for (const hard of [
    'title: a\ntitle: b', // a repeated key: js-yaml's error
    'tags:\n  - a\n  - b',
    'title: a\n  continued',
    'date: 2024-05-01',
    'title: a\r\nslug: b',
    '__proto__: x',
    '',
    '# only a comment',
    'title: "a\\tb"',
    '  title: a',
    'title : a',
  ])
    assert.is(flatMapping(hard), undefined, JSON.stringify(hard))
})

test('parseYaml gives the same data and positions whichever way the text is read', () => {
  const text = 'title: Debit a bet\nsidebar_position: 2\nslug: debit'
  const parsed = parseYaml(text)
  assert.equal(parsed.data, load(text))
  assert.equal(parsed.locate(['slug']), { line: 3, column: 7 })
  assert.equal(parsed.keyLines.get('sidebar_position'), 2)
})

test.run()
