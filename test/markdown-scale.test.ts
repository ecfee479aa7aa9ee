import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createMarkdown } from '../src/parse/markdown.js'
import { markdownLabels } from '../src/parse/index.js'
import { loadThemeStrings } from '../src/i18n.js'
import { createHighlighter } from '../src/parse/highlight.js'

// A very large page (a 5 MB reference, a 2,000-row table, a 10,000-line code block) must take
// time in proportion to its size. Not timed: the work that made it quadratic (scanning the whole
// token list again for each heading) is counted, and the output is checked.

const labels = markdownLabels(loadThemeStrings('en'))
const env = { file: 'big.md', bodyLine: 1, labels, baseUrl: '/' }

/** Elements visited by whole-array searches (indexOf, findIndex…) on long arrays while `fn` runs. */
function scanned<T>(fn: () => T): { result: T; visits: number } {
  let visits = 0
  const proto = Array.prototype as unknown as Record<string, (...args: unknown[]) => unknown>
  const names = ['indexOf', 'lastIndexOf', 'findIndex', 'find', 'includes']
  const saved = names.map((n) => proto[n]!)
  names.forEach((n, i) => {
    const original = saved[i]!
    proto[n] = function (this: unknown[], ...args: unknown[]) {
      if (this.length > 1000) visits += this.length
      return original.apply(this, args)
    }
  })
  try {
    return { result: fn(), visits }
  } finally {
    names.forEach((n, i) => (proto[n] = saved[i]!))
  }
}

test('3,000 headings: each visited once (no scan of the whole page per heading); ids unique', async () => {
  const md = createMarkdown(await createHighlighter())
  const body = Array.from({ length: 3000 }, (_, i) => `## Step ${i % 100}\n\nText ${i}.\n`).join('\n')
  const { result, visits } = scanned(() => md(body, env))
  // About 9,000 tokens: a scan per heading would visit 27 million; one pass visits 9,000.
  assert.ok(visits < 100_000, `visited ${visits} tokens`)
  const ids = result.headings.map((h) => h.id)
  assert.is(ids.length, 3000)
  assert.is(new Set(ids).size, 3000)
  assert.equal(ids.slice(0, 2), ['step-0', 'step-1'])
  assert.is(ids[100], 'step-0-1')
  assert.is(ids[2999], 'step-99-29')
  assert.match(
    result.html,
    '<h2 id="step-99-29">Step 99 <a class="hash-link" href="#step-99-29" aria-label="Direct link to Step 99" title="Direct link to Step 99" data-pagefind-ignore="">#</a></h2>',
  )
})

test('a 2,000-row table and a 10,000-line code block render whole, with no whole-page scans per row or line', async () => {
  const md = createMarkdown(await createHighlighter())
  const table =
    '| id | name | link |\n|---|---|---|\n' +
    Array.from({ length: 2000 }, (_, i) => `| ${i} | **row ${i}** | [go](#r${i}) |\n`).join('')
  const t = scanned(() => md(table, env))
  assert.ok(t.visits < 100_000, `visited ${t.visits}`)
  assert.is(t.result.html.match(/<tr>/g)?.length, 2001)
  const code =
    '```ts\n' + Array.from({ length: 10_000 }, (_, i) => `const v${i} = f(${i})`).join('\n') + '\n```\n'
  const c = scanned(() => md(code, env))
  assert.ok(c.visits < 100_000, `visited ${c.visits}`)
  assert.is(c.result.html.match(/<span class="line">/g)?.length, 10_000)
})

test.run()
