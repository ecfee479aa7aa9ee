// The indentation-based locator must give the position `yaml`'s document model gives, for every
// node of every YAML document in the repository (both N11S specs, the spec fixtures, configs), or
// no answer at all (the caller then asks the model).
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseDocument } from 'yaml'
import { indexLines, locateByIndent } from '../src/parse/yaml-locate.js'
import { documentLocator } from '../src/parse/yaml.js'
import { ROOT } from './helpers/index.js'

const modelLocate = documentLocator

/** Every JSON path of the data, the root first. */
function paths(value: unknown, at: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  out.push(at)
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out))
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out)
  return out
}

const files = (fs.readdirSync(ROOT, { recursive: true }) as string[])
  .filter((f) => /\.ya?ml$/.test(f) && !/(^|\/)(node_modules|build|dist)\//.test(f))
  .map((f) => path.join(ROOT, f))

test('block-style YAML: the same line and column as the document model, or no answer', () => {
  let answered = 0
  let asked = 0
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8')
    let data: unknown
    try {
      const doc = parseDocument(text)
      if (doc.errors.length) continue // a fixture of bad YAML: no positions to compare
      data = doc.toJS()
    } catch {
      continue
    }
    const index = indexLines(text)
    if (!index) continue
    const model = modelLocate(text)
    for (const p of paths(data)) {
      asked++
      const fast = locateByIndent(index, p)
      if (!fast) continue
      answered++
      assert.equal(fast, model(p), `${path.relative(ROOT, file)} ${JSON.stringify(p)}`)
    }
  }
  // The specs are block style: nearly every node is found without the model.
  assert.ok(answered > 0.8 * asked, `${answered} of ${asked} answered`)
})

test('odd YAML: flow style, anchors, quoted keys, a sequence at its key’s indentation', () => {
  const text = [
    'a:',
    '- x: 1',
    '  y: [1, 2]',
    '- "two"',
    "'b c': &anchor",
    '  d: 1',
    'k: *anchor',
    'e: |',
    '  text: not a key',
    'f:',
    '  # a comment',
    '  - - nested',
    'g: {h: 1}',
    'i:',
    'j: plain',
    '  continued',
  ].join('\n')
  const index = indexLines(text)!
  const model = modelLocate(text)
  const data = parseDocument(text).toJS()
  for (const p of [...paths(data), ['a', 9], ['nope'], ['e', 'text'], ['i', 'x']]) {
    const fast = locateByIndent(index, p)
    if (fast) assert.equal(fast, model(p), JSON.stringify(p))
  }
  assert.equal(locateByIndent(index, ['a', 1]), model(['a', 1]))
  assert.equal(locateByIndent(index, ['e']), model(['e']))
  assert.is(locateByIndent(index, ['k', 'd']), undefined, 'an alias: the model answers')
  assert.is(indexLines('{"a": 1}'), undefined, 'JSON: the model answers')
})

test.run()
