import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createMarkdown } from '../src/parse/markdown.js'
import { markdownLabels } from '../src/parse/index.js'
import { loadThemeStrings } from '../src/i18n.js'
import type { CodeHighlighter } from '../src/parse/highlight.js'

// Markup axe would report, fixed where the markdown becomes HTML.

const plain: CodeHighlighter = {
  highlight: (code) => ({ html: code, known: true }),
  settle: async () => (h) => h,
}
const env = {
  file: 'x.md',
  bodyLine: 1,
  labels: markdownLabels(loadThemeStrings('en')),
  baseUrl: '/',
}

test('an empty header cell (a table corner) is a data cell; named headers stay headers', () => {
  const { html } = createMarkdown(plain)(
    '|  | Iframe | Redirect |\n|---|---|---|\n| Desktop | yes | no |\n',
    env,
  )
  assert.match(html, '<thead>\n<tr>\n<td></td>\n<th>Iframe</th>\n<th>Redirect</th>\n</tr>')
  assert.not.match(html, /<th><\/th>/)
})

test.run()
