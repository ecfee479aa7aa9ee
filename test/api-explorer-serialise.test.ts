import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  parseValue,
  serialiseCookie,
  serialiseHeader,
  serialisePath,
  serialiseQuery,
  type Value,
} from '../shared/serialise.js'

// The request explorer's parameter values (shared/serialise.ts): typed in as JSON or
// comma-separated, written as the OpenAPI serialisation table says for each style and explode.
// The rest of the explorer: api-explorer-plan, api-explorer-prepare, and api-explorer (the panel in
// Chromium).

const arr: Value = { kind: 'array', items: ['blue', 'black', 'brown'] }
const obj: Value = {
  kind: 'object',
  entries: [
    ['R', '100'],
    ['G', '200'],
    ['B', '150'],
  ],
}
const prim: Value = { kind: 'primitive', value: 'blue' }

test('query parameters follow the OpenAPI serialisation table', () => {
  const q = (v: Value, style: string, explode: boolean) =>
    serialiseQuery('color', v, style, explode).join('&')
  assert.is(q(prim, 'form', true), 'color=blue')
  assert.is(q(arr, 'form', true), 'color=blue&color=black&color=brown')
  assert.is(q(arr, 'form', false), 'color=blue,black,brown')
  assert.is(q(obj, 'form', true), 'R=100&G=200&B=150')
  assert.is(q(obj, 'form', false), 'color=R,100,G,200,B,150')
  assert.is(q(arr, 'spaceDelimited', false), 'color=blue%20black%20brown')
  assert.is(q(arr, 'pipeDelimited', false), 'color=blue|black|brown')
  assert.is(q(obj, 'spaceDelimited', false), 'color=R%20100%20G%20200%20B%20150')
  assert.is(q(obj, 'pipeDelimited', false), 'color=R|100|G|200|B|150')
  assert.is(q(obj, 'deepObject', true), 'color[R]=100&color[G]=200&color[B]=150')
  // Values are percent-encoded; the delimiters are not.
  assert.is(q({ kind: 'array', items: ['a,b', 'c d', 'é'] }, 'form', false), 'color=a%2Cb,c%20d,%C3%A9')
})

test('path, header and cookie parameters follow the OpenAPI serialisation table', () => {
  const p = (v: Value, style: string, explode: boolean) => serialisePath('color', v, style, explode)
  assert.is(p(prim, 'simple', false), 'blue')
  assert.is(p(arr, 'simple', false), 'blue,black,brown')
  assert.is(p(obj, 'simple', false), 'R,100,G,200,B,150')
  assert.is(p(obj, 'simple', true), 'R=100,G=200,B=150')
  assert.is(p(prim, 'label', false), '.blue')
  assert.is(p(arr, 'label', false), '.blue,black,brown')
  assert.is(p(arr, 'label', true), '.blue.black.brown')
  assert.is(p(obj, 'label', false), '.R,100,G,200,B,150')
  assert.is(p(obj, 'label', true), '.R=100.G=200.B=150')
  assert.is(p(prim, 'matrix', false), ';color=blue')
  assert.is(p(arr, 'matrix', false), ';color=blue,black,brown')
  assert.is(p(arr, 'matrix', true), ';color=blue;color=black;color=brown')
  assert.is(p(obj, 'matrix', false), ';color=R,100,G,200,B,150')
  assert.is(p(obj, 'matrix', true), ';R=100;G=200;B=150')
  assert.is(p({ kind: 'primitive', value: 'a/b c' }, 'simple', false), 'a%2Fb%20c')
  assert.is(serialiseHeader(arr, false), 'blue,black,brown')
  assert.is(serialiseHeader(obj, false), 'R,100,G,200,B,150')
  assert.is(serialiseHeader(obj, true), 'R=100,G=200,B=150')
  assert.equal(serialiseCookie('color', prim, true), [['color', 'blue']])
  assert.equal(serialiseCookie('color', arr, false), [['color', 'blue,black,brown']])
  assert.equal(serialiseCookie('color', arr, true), [
    ['color', 'blue'],
    ['color', 'black'],
    ['color', 'brown'],
  ])
  assert.equal(serialiseCookie('color', obj, false), [['color', 'R,100,G,200,B,150']])
})

test('arrays are typed as JSON or comma-separated, objects as JSON', () => {
  assert.equal(parseValue('[1, "two", null]', 'array'), {
    ok: true,
    value: { kind: 'array', items: ['1', 'two', ''] },
  })
  assert.equal(parseValue('a, b ,c', 'array'), { ok: true, value: { kind: 'array', items: ['a', 'b', 'c'] } })
  assert.equal(parseValue('{"a":1,"b":{"c":2}}', 'object'), {
    ok: true,
    value: {
      kind: 'object',
      entries: [
        ['a', '1'],
        ['b', '{"c":2}'],
      ],
    },
  })
  assert.is(parseValue('{bad', 'object').ok, false)
  assert.is(parseValue('[1,', 'array').ok, false)
  assert.is(parseValue('[1]', 'object').ok, false)
  assert.equal(parseValue(' x ', 'primitive'), { ok: true, value: { kind: 'primitive', value: ' x ' } })
})

test.run()
