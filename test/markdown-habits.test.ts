// Habits writers bring from Docusaurus (magic comments, `showLineNumbers=N`, custom heading ids,
// admonition titles) and a slip they make (a comment never closed): rendered through the markdown
// pipeline, with a highlighter that shows which lines it was asked to mark.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { createMarkdown } from '../src/parse/markdown.js'
import { tempSite } from './helpers/index.js'
import { markdownLabels } from '../src/parse/index.js'
import { loadThemeStrings } from '../src/i18n.js'
import type { CodeHighlighter } from '../src/parse/highlight.js'

/** Each line of the code, `*` before the marked ones. */
const marking: CodeHighlighter = {
  highlight: (code, { highlightLines }) => ({
    html: `<pre>${code
      .split('\n')
      .map((l, i) => (highlightLines.has(i + 1) ? '*' : ' ') + l)
      .join('|')}</pre>`,
    known: true,
  }),
  settle: async () => (h) => h,
}
const env = { file: 'x.md', bodyLine: 1, labels: markdownLabels(loadThemeStrings('en')), baseUrl: '/' }
const render = (md: string) => createMarkdown(marking)(md, env).html
const pre = (html: string) => /<pre>(.*?)<\/pre>/s.exec(html)?.[1]

test('highlight-next-line and highlight-start/end, in each language’s own comments', () => {
  const js = ['const a = 1', '// highlight-next-line', 'const b = 2', 'const c = 3'].join('\n')
  assert.is(pre(render('```js\n' + js + '\n```\n')), ' const a = 1|*const b = 2| const c = 3')
  const py = ['# highlight-start', 'x = 1', 'y = 2', '  # highlight-end', 'z = 3'].join('\n')
  assert.is(pre(render('```python\n' + py + '\n```\n')), '*x = 1|*y = 2| z = 3')
  const html = ['<ul>', '  <!-- highlight-next-line -->', '  <li>a</li>', '</ul>'].join('\n')
  assert.is(pre(render('```html\n' + html + '\n```\n')), ' <ul>|*  <li>a</li>| </ul>')
  const jsx = ['<div>', '  {/* highlight-next-line */}', '  <b/>', '</div>'].join('\n')
  assert.is(pre(render('```jsx\n' + jsx + '\n```\n')), ' <div>|*  <b/>| </div>')
  // A language whose comments are not `//`: the line is code, kept as written.
  const sh = ['// highlight-next-line', 'echo hi'].join('\n')
  assert.is(pre(render('```bash\n' + sh + '\n```\n')), ' // highlight-next-line| echo hi')
})

test('ranges in the info string win; a comment with more on its line is code', () => {
  const js = ['// highlight-next-line', 'a()', 'b() // highlight-next-line', 'c()'].join('\n')
  assert.is(
    pre(render('```js {4}\n' + js + '\n```\n')),
    ' // highlight-next-line| a()| b() // highlight-next-line|*c()',
  )
  assert.is(pre(render('```js\n' + js + '\n```\n')), '*a()| b() // highlight-next-line| c()')
})

test('showLineNumbers=42 starts the numbers at 42', () => {
  assert.match(
    render('```js showLineNumbers=42\na()\n```\n'),
    '<div class="code-wrap" style="--line-start:41">',
  )
  assert.match(render('```js showLineNumbers\na()\n```\n'), '<div class="code-wrap"><pre>')
})

test('a custom heading id may be any text without spaces or braces; an escaped one is text', () => {
  const out = render('## Cài đặt {#cài-đặt}\n\n## Literal \\{#not-an-id}\n')
  assert.match(out, /<h2 id="cài-đặt"[^>]*>Cài đặt/)
  assert.not.match(out, 'Cài đặt {#')
  assert.match(out, /<h2 id="literal-not-an-id"[^>]*>Literal \{#not-an-id\}/)
})

test('admonition titles: in brackets (Docusaurus 3) or after the kind, their inline markdown rendered', () => {
  assert.match(
    render(':::note[Docusaurus 3 title]\nBody.\n:::\n'),
    '<div class="admonition-heading">Docusaurus 3 title</div>',
  )
  const out = render(':::tip Use *this* `flag` <b>x</b>\nBody.\n:::\n')
  assert.match(
    out,
    '<div class="admonition-heading">Use <em>this</em> <code>flag</code> &lt;b&gt;x&lt;/b&gt;</div>',
  )
  assert.match(render(':::warning\nBody.\n:::\n'), '<div class="admonition-heading">Warning</div>')
  assert.not.match(render(':::notes\nBody.\n:::\n'), 'admonition')
})

test('an HTML comment never closed is closed where its HTML ends, with a warning at its line', () => {
  const out = createMarkdown(marking)('Text.\n\n<!-- TODO: finish this\n\n## Later\n', env)
  assert.match(out.html, '<!-- TODO: finish this\n\n## Later\n-->')
  assert.equal(
    out.diagnostics.map((d) => [d.code, d.at?.line]),
    [['unclosed-html', 3]],
  )
  assert.equal(createMarkdown(marking)('<!-- done -->\n\nText <!-- inline --> here.\n', env).diagnostics, [])
})

test("a ::: block never closed, and nesting past markdown-it's limit, warn at their line (text was lost without a word)", () => {
  const open = createMarkdown(marking)('Text.\n\n:::tip\n\nInside.\n\n## Later\n\nMore.\n', env)
  assert.equal(
    open.diagnostics.map((d) => [d.message, d.at?.line]),
    [['this :::tip block is never closed (no ::: line): the rest of the page is inside it', 3]],
  )
  for (const closed of [
    ':::tip\n\nInside.\n\n:::\n',
    ':::tip\nInside.\n:::',
    ':::note\nA\n:::\n\n:::tip\nB\n:::\n',
  ])
    assert.equal(createMarkdown(marking)(closed, env).diagnostics, [], closed)
  const list = Array.from({ length: 60 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n')
  const deep = createMarkdown(marking)(`${list}\n\nAfter the list.\n`, env)
  assert.equal(
    deep.diagnostics.map((d) => d.at?.line),
    [49],
  )
  assert.match(deep.diagnostics[0]!.message, 'nested too deep')
  assert.equal(createMarkdown(marking)(list.split('\n').slice(0, 30).join('\n'), env).diagnostics, [])
})

test('headings without letters get ids; an empty one is not in the table of contents', () => {
  const out = createMarkdown(marking)('## ???\n\n## 🚀\n\n##\n\n## Go\n', env)
  assert.equal(
    out.headings.map((h) => [h.text, h.id]),
    [
      ['???', 'section'],
      ['🚀', 'section-1'],
      ['Go', 'go'],
    ],
  )
  assert.not.match(out.html, 'id=""')
})

test('a partial’s headings never take the ids of the page’s own', () => {
  const dir = tempSite('partial-ids-', {
    'page.md': '## Setup\n\n<!-- include: ./_setup.md -->\n\n## Setup\n',
    '_setup.md': '## Setup\n\nShared.\n',
  })
  const md = createMarkdown(marking)
  const body = fs.readFileSync(path.join(dir, 'page.md'), 'utf8')
  const out = md(body, { ...env, absPath: path.join(dir, 'page.md'), file: 'page.md' })
  const ids = [...out.html.matchAll(/<h2 id="([^"]*)"/g)].map((m) => m[1])
  assert.is(new Set(ids).size, 3, ids.join())
  assert.equal(out.headings.map((h) => h.id).sort(), [...ids].sort())
})

test('a footnote defined twice keeps its first definition, as GitHub does, and warns at the second', () => {
  const out = createMarkdown(marking)(
    'Text.[^1]\n\n[^1]: First definition.\n\n[^1]: Second definition.\n',
    env,
  )
  assert.match(out.html, 'First definition.')
  assert.not.match(out.html, 'Second definition.')
  assert.equal(
    out.diagnostics.map((d) => [d.code, d.at?.line]),
    [['markdown', 5]],
  )
})

test('a fenced code block inside an admonition is its text: its ::: lines close nothing', () => {
  const fence = '```'
  const out = createMarkdown(marking)(
    `:::tip Writing a note\n\n${fence}md\n:::note\nHello\n:::\n${fence}\n\nSee above.\n:::\n\n## Next section\n\n~~~\n:::\n~~~\n`,
    env,
  )
  assert.equal(out.diagnostics, [])
  // The sample whole, in the tip; the paragraph after it in the tip too; the heading after the tip.
  assert.match(out.html, '<pre> :::note| Hello| :::</pre>')
  assert.match(out.html, /<p>See above\.<\/p>\n<\/div><\/div>\n<h2/)
  assert.match(out.html, '<pre> :::</pre>')
  // Nested admonitions by colon count, and one unclosed inside a list, as before.
  const nested = render('::::note\n:::tip\nInner.\n:::\nOuter.\n::::\n')
  assert.match(nested, /admonition-tip[\s\S]*Inner[\s\S]*<\/div><\/div>\n<p>Outer\.<\/p>\n<\/div><\/div>/)
})

test('a $ after a space closes no formula: jQuery’s $(selector) and $.ajax() are prose, $x^2$ beside them is math', () => {
  const out = render('In jQuery, $(selector) and $.ajax() are common; $x^2$ is math.\n')
  assert.match(out, 'In jQuery, $(selector) and $.ajax() are common; <span class="katex">')
  assert.is(out.match(/class="katex"/g)?.length, 1)
})

test('a closing tag that closes nothing of the page is left out with a warning (it closed the page’s layout)', () => {
  const out = createMarkdown(marking)(
    '<div align="center">\n  <img src="/img/flow.svg" width="80">\n</div>\n</div>\n\n## Install\n\nText </span> here.\n',
    env,
  )
  assert.equal(
    out.diagnostics.map((d) => [d.message, d.at?.line]),
    [
      ["</div> closes nothing opened on this page: it is left out (it would close the page's layout)", 4],
      ["</span> closes nothing opened on this page: it is left out (it would close the page's layout)", 8],
    ],
  )
  assert.is(out.html.match(/<\/div>/g)?.length, 1)
  assert.not.match(out.html, '</span>')
  // Tags opened in one block and closed in a later one are the page's own.
  const spread = createMarkdown(marking)('<details>\n<summary>More</summary>\n\nInside.\n\n</details>\n', env)
  assert.equal(spread.diagnostics, [])
  assert.match(spread.html, '</details>')
})

test.run()
