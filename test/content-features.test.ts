// KaTeX's files and mermaid's go only to sites whose pages hold a formula or a diagram. A code block
// that shows their markup (a page about embedding them) holds neither: it is code, and it does not
// bring them in.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildDir, html, tempSite } from './helpers/index.js'

const showsMarkup = [
  '---',
  'title: Embedding',
  'slug: /',
  '---',
  '',
  'The widget renders its formula and its diagram into this markup:',
  '',
  '```html',
  '<span class="katex"><span class="katex-html">x</span></span>',
  '<div data-mermaid="/assets/mermaid.js">graph TD</div>',
  '```',
  '',
  'As text:',
  '',
  '```text',
  'class="katex" data-mermaid="/assets/mermaid.js"',
  '```',
  '',
].join('\n')

test('a code block showing KaTeX or mermaid markup brings neither in', async () => {
  const dir = tempSite('docs-site-content-features-', {
    'content/docs/v1/embedding.md': showsMarkup,
    'content/docs/v1/other.md': '---\ntitle: Other\n---\n\nText.\n',
  })
  const result = await buildDir(dir)
  const page = html(result, 'index.html')
  // The blocks are there, highlighted.
  assert.match(page, '<pre class="shiki')
  assert.match(page, 'class="katex" data-mermaid="/assets/mermaid.js"')
  assert.not.match(page, 'katex.min.css')
  assert.not.ok(
    [...result.output.keys()].some((k) => /katex|mermaid/.test(k)),
    'no KaTeX or mermaid files',
  )
})

test('a formula next to such a block still brings KaTeX in', async () => {
  const dir = tempSite('docs-site-content-features-math-', {
    'content/docs/v1/embedding.md': `${showsMarkup}\nThe formula: $a^2 + b^2 = c^2$.\n`,
  })
  const result = await buildDir(dir)
  assert.match(
    html(result, 'index.html'),
    /<link rel="stylesheet" href="\/assets\/katex\.\w+\/katex\.min\.css"/,
  )
  assert.ok([...result.output.keys()].some((k) => /^assets\/katex\.\w+\/katex\.min\.css$/.test(k)))
  assert.not.ok([...result.output.keys()].some((k) => /mermaid/.test(k)))
})

test.run()
