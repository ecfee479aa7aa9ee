// Any language shiki bundles highlights, its grammar loaded on demand in the highlight worker;
// a language nobody knows warns once, at its first block.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, html } from './helpers/index.js'
import { formatDiagnostic } from '../src/errors.js'
import { createHighlighter } from '../src/parse/highlight.js'
import type { BuildResult } from '../src/types.js'

let result: BuildResult
test.before(async () => {
  result = await buildFixture('code-languages')
})

/** The `<pre>` of the block whose data-lang is `lang`. */
const block = (page: string, lang: string) =>
  new RegExp(`data-lang="${lang}"[\\s\\S]*?</pre>`).exec(page)?.[0] ?? ''

test('scss, vue, hbs, shellsession and less blocks are highlighted (tokens with colour classes)', () => {
  const page = html(result, 'index.html')
  for (const lang of ['scss', 'vue', 'hbs', 'shellsession'])
    assert.match(block(page, lang), /<span class="t\d+[ "]/, lang)
  assert.match(block(html(result, 'other/index.html'), 'less'), /<span class="t\d+[ "]/)
})

test('an unknown language warns once, at the first file and line', () => {
  const warnings = result.diagnostics.map(formatDiagnostic)
  const klingon = warnings.filter((w) => w.includes('"klingon"'))
  assert.is(klingon.length, 1, warnings.join('\n'))
  assert.match(klingon[0]!, /^content\/docs\/v2\/index\.md:25:1: warning: unknown code language "klingon"/)
  assert.is(warnings.length, 1, warnings.join('\n'))
  assert.match(block(html(result, 'other/index.html'), 'klingon'), 'nuqneH')
})

test('the highlighter loads a grammar on demand, and refuses one it was not given', async () => {
  const h = await createHighlighter()
  assert.throws(() => h.highlight('a { b: c }', { lang: 'scss', highlightLines: new Set() }))
  await h.load!(['scss'])
  assert.match(
    h.highlight('a { b: c }', { lang: 'scss', highlightLines: new Set() }).html,
    /<span class="t\d+[ "]/,
  )
})

test.run()
