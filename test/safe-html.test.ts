// Raw HTML in an OpenAPI document's descriptions (src/parse/safe-html.ts): formatting kept, every
// other tag shown as text, URLs checked.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import MarkdownIt from 'markdown-it'
import { safeHtml } from '../src/parse/safe-html.js'
import { createMarkdown } from '../src/parse/markdown.js'
import { markdownLabels } from '../src/parse/index.js'
import { loadThemeStrings } from '../src/i18n.js'
import type { CodeHighlighter } from '../src/parse/highlight.js'

const md = new MarkdownIt()
const safe = (html: string) => safeHtml(html, md)

test('formatting tags are kept, rebuilt with their allowed attributes only', () => {
  assert.is(
    safe('<p>Use <b>bold</b>, <code>x</code><br>and <br/></p>'),
    '<p>Use <b>bold</b>, <code>x</code><br>and <br /></p>',
  )
  assert.is(
    safe(
      '<table class="x" style="color:red"><tr><th scope="col">Key</th><td colspan="2" onclick="steal()">v</td></tr></table>',
    ),
    '<table><tr><th scope="col">Key</th><td colspan="2">v</td></tr></table>',
  )
  assert.is(
    safe('<a href="https://ok.example/" target="_blank" title=\'Go\'>go</a>'),
    '<a href="https://ok.example/" title="Go">go</a>',
  )
})

test('any other tag is text; unsafe URLs and comments are dropped; text cannot make a tag', () => {
  assert.is(safe('<script>alert(1)</script>'), '&lt;script&gt;alert(1)&lt;/script&gt;')
  assert.is(
    safe('<iframe src="https://x.example"></iframe>'),
    '&lt;iframe src=&quot;https://x.example&quot;&gt;&lt;/iframe&gt;',
  )
  assert.is(safe('<style>p{}</style>'), '&lt;style&gt;p{}&lt;/style&gt;')
  assert.is(safe('<a href="javascript:alert(1)">x</a>'), '<a>x</a>')
  assert.is(safe('<a href="jav&#x09;ascript:alert(1)">x</a>'), '<a>x</a>')
  // Images come by markdown (copied when beside the spec), not by raw HTML.
  assert.is(
    safe('<img src="https://track.example/p.gif">'),
    '&lt;img src=&quot;https://track.example/p.gif&quot;&gt;',
  )
  assert.is(safe('a <!-- note --> b'), 'a  b')
  assert.is(safe('<b onmouseover=alert(1)>x</b>'), '<b>x</b>')
  assert.is(safe('<a href="x" <script>'), '<a href="x">')
  assert.is(safe('<p title="a"b">'), '&lt;p title=&quot;a&quot;b&quot;&gt;')
})

test('an OpenAPI description’s HTML renders: Javadoc paragraphs, lists and tables, never a script', () => {
  const code: CodeHighlighter = {
    highlight: (c) => ({ html: `<pre>${c}</pre>`, known: true }),
    settle: async () => (h) => h,
  }
  const render = createMarkdown(code, { html: 'safe', placeholders: false, extended: false })
  const env = { file: 'spec.yaml', bodyLine: 1, labels: markdownLabels(loadThemeStrings('en')), baseUrl: '/' }
  const html = render(
    '<p>Returns the <b>open</b> orders.</p>\n<ul><li>Paged</li></ul>\n\nText with <i>italics</i> and <script>x()</script>.\n',
    env,
  ).html
  assert.match(html, '<p>Returns the <b>open</b> orders.</p>\n<ul><li>Paged</li></ul>')
  assert.match(html, 'Text with <i>italics</i> and &lt;script&gt;x()&lt;/script&gt;.')
  assert.not.match(html, '<script')
})

test.run()
