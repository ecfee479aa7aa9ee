// The highlighter tokenises line by line with a memo keyed by the state before each line; its
// HTML must stay byte-identical to shiki's own codeToHtml (with the transformer that turns token
// styles into classes), including where a multi-line construct (template literal, docstring,
// heredoc, block scalar) carries state across lines.
import fs from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createCssVariablesTheme, createHighlighter as createShiki } from 'shiki'
import { createHighlighter, MAX_LINE_LENGTH } from '../src/parse/highlight.js'
import { LANGS, LOADED } from '../src/parse/languages.js'
import { createParallelHighlighter } from '../src/parse/highlight-parallel.js'
import { classTransformer, colourClasses, tokenClassesCss } from '../src/parse/token-classes.js'

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
  const toClasses = classTransformer(colourClasses(shiki.setTheme('css-variables').theme.colorReplacements!))
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
        toClasses,
        {
          line(node, n) {
            if (lines.has(n)) this.addClassToHast(node, 'highlighted')
          },
        },
      ],
    })
    const html = ours.highlight(code, { lang, highlightLines: lines }).html
    assert.is(html, expected, lang)
    // Every token's colour and font style became a class.
    assert.not.match(html, 'style=', lang)
    assert.is(
      ours.highlight(`${code}\n${code}`, { lang, highlightLines: new Set() }).html,
      shiki.codeToHtml(`${code}\n${code}`, {
        lang,
        theme: 'css-variables',
        tokenizeTimeLimit: 0,
        tokenizeMaxLineLength: MAX_LINE_LENGTH,
        transformers: [toClasses],
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

test('tokens carry classes, and theme/code-tokens.css (from the theme) gives each its colour', async () => {
  const ours = await createHighlighter()
  const html = ours.highlight('const a = 1 // one', { lang: 'javascript', highlightLines: new Set() }).html
  assert.match(
    html,
    '<pre class="shiki css-variables" tabindex="0"><code><span class="line"><span class="t7">const</span>',
  )
  assert.match(html, '<span class="t5"> // one</span>')
  // Markdown's bold and italic get the font classes.
  const md = ours.highlight('**bold** *em* [a](b)', { lang: 'markdown', highlightLines: new Set() }).html
  assert.match(md, '<span class="fb">**bold**</span><span class="fi"> *em*</span>')
  assert.match(md, '<span class="t3 fu">[</span>')
  // A plain text block goes through shiki itself: the same classes, no styles.
  const text = ours.highlight('plain', { lang: 'text', highlightLines: new Set() }).html
  assert.is(
    text,
    '<pre class="shiki css-variables" tabindex="0"><code><span class="line"><span>plain</span></span></code></pre>',
  )
  // A theme object of its own: shiki completes its colour table only the first time it loads one.
  const fresh = createCssVariablesTheme({
    name: 'css-variables',
    variablePrefix: '--shiki-',
    fontStyle: true,
  })
  const shiki = await createShiki({ themes: [fresh], langs: [] })
  const css = fs.readFileSync(new URL('../theme/code-tokens.css', import.meta.url), 'utf8')
  assert.is(
    css,
    tokenClassesCss(shiki.setTheme('css-variables').theme.colorReplacements!),
    'theme/code-tokens.css is out of date: npx tsx scripts/code-tokens-css.ts',
  )
  assert.match(css, '.shiki .t7 {\n  color: var(--shiki-token-keyword);\n}')
  assert.match(
    fs.readFileSync(new URL('../theme/styles.css', import.meta.url), 'utf8'),
    "@import './code-tokens.css';",
  )
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

test('code highlighted ahead (warm) changes no block: the same HTML as without, byte for byte', async () => {
  const blocks = SAMPLES.map(([lang, code]) => ({ lang, code: `${code}\n${code}` }))
  const run = async (warm: boolean) => {
    const h = createParallelHighlighter(undefined, 1)
    // Ahead: part of each block's code, and a block in a language nobody knows.
    if (warm) h.warm?.([...SAMPLES, ['not-a-language', 'x']])
    const placeholders = blocks.map(
      (b) => h.highlight(b.code, { lang: b.lang, highlightLines: new Set([2]) }).html,
    )
    const fill = await h.settle()
    h.stop?.()
    return placeholders.map(fill)
  }
  const [cold, warmed] = [await run(false), await run(true)]
  assert.ok(cold.every((html) => html.includes('<span class="line highlighted">')))
  assert.equal(warmed, cold)
})

test("settle within a page's strings waits for that page's blocks only, and leaves others' placeholders", async () => {
  const h = createParallelHighlighter(undefined, 1)
  const page = h.highlight('const a = 1', { lang: 'js', highlightLines: new Set() }).html
  const fill = await h.settle([`<main>${page}</main>`])
  assert.match(fill(page), '<pre')
  // Queued after that settle (serve's background pages): not done, so not filled, and not lost.
  const other = h.highlight('let b = 2', { lang: 'ts', highlightLines: new Set() }).html
  assert.is(fill(other), other)
  assert.match((await h.settle())(other), '<pre')
  h.stop?.()
})

test.run()
