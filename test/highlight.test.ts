// The highlighter tokenises line by line with a memo keyed by the state before each line; its
// HTML must stay byte-identical to shiki's own codeToHtml, including where a multi-line
// construct (template literal, docstring, heredoc, block scalar) carries state across lines.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createCssVariablesTheme, createHighlighter as createShiki } from 'shiki'
import { createHighlighter, MAX_LINE_LENGTH } from '../src/parse/highlight.js'
import { LANGS, LOADED } from '../src/parse/languages.js'
import { createParallelHighlighter } from '../src/parse/highlight-parallel.js'

const SAMPLES: [string, string][] = [
  [
    'javascript',
    'const a = `line one\n${b}\nconst x = 1`\nconst x = 1\n\n/* open\nconst x = 1\n*/\nconst x = 1',
  ],
  ['python', 'def f():\n    """doc\n    x = 1\n    """\n    x = 1\nx = 1\n# x = 1 & <y>'],
  ['php', '<?php\n$a = <<<EOT\n$a = 1;\nEOT;\n$a = 1;\n?>\n<div class="a">$a = 1;</div>'],
  ['yaml', 'a: |\n  b: 1\n  c: 2\nb: 1\nlist:\n  - "x"\n  - y # comment'],
  ['markdown', '# Title\n\n```js\nconst x = 1\n```\nconst x = 1\n> quote *em* **strong**'],
  ['bash', 'cat <<EOF\necho "$HOME"\nEOF\necho "$HOME" && curl -s "https://x/?a=1&b=<2>"'],
  ['csharp', 'var s = @"verbatim\nvar x = 1;\n";\nvar x = 1;\r\nvar y = 2;'],
  ['diff', '--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new'],
  ['go', 'var s = `raw\nvar x = 1\n`\nvar x = 1\n\tif err != nil { return err }'],
  // A line too long to tokenise stays plain, and the state carries over it.
  ['json', `{"a": [\n"${'x, '.repeat(MAX_LINE_LENGTH / 3)}",\n1]}`],
]
const THEME = createCssVariablesTheme({ name: 'css-variables', variablePrefix: '--shiki-', fontStyle: true })

test('memoised line tokenisation gives shiki codeToHtml output byte for byte, in any order', async () => {
  const ours = await createHighlighter()
  const shiki = await createShiki({ themes: [THEME], langs: SAMPLES.map(([l]) => l) })
  // Twice, the second time in reverse: memo hits must not leak state from one block to another.
  for (const [lang, code] of [...SAMPLES, ...SAMPLES.slice().reverse()]) {
    const lines = new Set([2])
    // The same per-line limits as ours: no time limit (shiki's default cuts lines short on a
    // loaded machine), a longest line tokenised.
    const expected = shiki.codeToHtml(code, {
      lang,
      theme: 'css-variables',
      tokenizeTimeLimit: 0,
      tokenizeMaxLineLength: MAX_LINE_LENGTH,
      transformers: [
        {
          line(node, n) {
            if (lines.has(n)) this.addClassToHast(node, 'highlighted')
          },
        },
      ],
    })
    assert.is(ours.highlight(code, { lang, highlightLines: lines }).html, expected, lang)
    assert.is(
      ours.highlight(`${code}\n${code}`, { lang, highlightLines: new Set() }).html,
      shiki.codeToHtml(`${code}\n${code}`, {
        lang,
        theme: 'css-variables',
        tokenizeTimeLimit: 0,
        tokenizeMaxLineLength: MAX_LINE_LENGTH,
      }),
      `${lang} twice`,
    )
  }
})

test('a busy machine highlights the same: no line is cut short by a clock', async () => {
  const code = `<?php\necho widget('<b>', [${'"a" => 1, '.repeat(40)}]);\n$x = strtoupper("y") . $z;\n`
  const options = { lang: 'php', highlightLines: new Set<number>() }
  const calm = (await createHighlighter(['php'])).highlight(code, options).html
  // Each read of the clock says a second passed: a per-line time limit would stop tokenising.
  const now = Date.now
  let t = now()
  Date.now = () => (t += 1000)
  try {
    assert.is((await createHighlighter(['php'])).highlight(code, options).html, calm)
  } finally {
    Date.now = now
  }
})

test('the languages taken as known are exactly those shiki has loaded', async () => {
  const shiki = await createShiki({ themes: [THEME], langs: LANGS })
  assert.equal([...LOADED].sort(), shiki.getLoadedLanguages().sort())
})

test('an unknown language is plain text and reported as unknown', async () => {
  const ours = await createHighlighter()
  const r = ours.highlight('a <b> & c', { lang: 'klingon', highlightLines: new Set([1]) })
  assert.is(r.known, false)
  assert.match(r.html, '<span class="line highlighted">')
  assert.match(r.html, 'a &#x3C;b> &#x26; c')
})

test('the worker pool gives the same HTML with one worker or several, as the main thread would', async () => {
  // Enough blocks that a backlog builds up and a second worker starts.
  const blocks = Array.from({ length: 600 }, (_, i) => {
    const [lang, code] = SAMPLES[i % SAMPLES.length]!
    return { lang, code: `${code}\n${lang === 'python' ? '#' : '//'} block ${i}` }
  })
  const run = async (workers: number) => {
    const h = createParallelHighlighter(undefined, workers)
    const placeholders = blocks.map(
      (b) => h.highlight(b.code, { lang: b.lang, highlightLines: new Set() }).html,
    )
    const fill = await h.settle()
    return placeholders.map(fill)
  }
  const [one, two] = [await run(1), await run(2)]
  const local = await createHighlighter()
  const expected = blocks.map(
    (b) => local.highlight(b.code, { lang: b.lang, highlightLines: new Set() }).html,
  )
  assert.equal(one, expected)
  assert.equal(two, expected)
})

test.run()
