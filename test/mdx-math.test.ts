// Math and Mermaid on MDX pages (test/fixtures/mdx-site): content/docs/v2/formulas.mdx and
// formulas-md.md have the same body, so the MDX page must show what the markdown page shows —
// the same KaTeX HTML, prices left as text, the same diagram figure — without math plugins in the
// config, and with remark-math and rehype-katex listed as a Docusaurus site lists them (nothing
// typeset twice).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { buildFixture, cli, html, tempCopy } from './helpers/index.js'
import { formatDiagnostic } from '../src/errors.js'
import type { BuildResult } from '../src/types.js'
import fixtureConfig from './fixtures/mdx-site/docs-site.config.js'
import remarkMath from 'remark-math'
import rehypeKatex from 'rehype-katex'

let plain: BuildResult
let withPlugins: BuildResult
let result: BuildResult
test.before(async () => {
  plain = await buildFixture('mdx-site')
  withPlugins = await buildFixture('mdx-site', {
    ...fixtureConfig,
    markdown: {
      ...fixtureConfig.markdown,
      format: 'detect',
      remarkPlugins: [...fixtureConfig.markdown.remarkPlugins, remarkMath],
      rehypePlugins: [rehypeKatex],
    },
  })
  result = withPlugins
})

/** The article's text, without React's text separators and the whitespace between blocks. */
const body = (file: string) => {
  const page = html(result, file)
  return page
    .slice(page.indexOf('class="markdown"'), page.indexOf('<nav class="pager"'))
    .replaceAll('<!-- -->', '')
    .replace(/>\s+</g, '><')
    .replace(/\s+<\/annotation>/g, '</annotation>')
}
const count = (text: string, part: string) => text.split(part).length - 1

test('the builds are clean', () => {
  assert.equal(plain.diagnostics.map(formatDiagnostic), [])
  assert.equal(withPlugins.diagnostics.map(formatDiagnostic), [])
})

test('the config’s remark-math and rehype-katex change nothing', () => {
  result = plain
  const without = body('formulas/index.html')
  result = withPlugins
  assert.is(body('formulas/index.html'), without)
})

test('an MDX page typesets $…$ and $$…$$ as a markdown page does; prices stay text', () => {
  const mdx = body('formulas/index.html')
  assert.is(mdx, body('formulas-md/index.html'))
  // Three inline formulas and one display formula, each typeset once (rehype-katex in the config
  // finds nothing left to do), braces in `$\frac{w}{s}$` read as TeX, not as a JSX expression.
  assert.is(count(mdx, '<span class="katex-mathml">'), 4)
  assert.is(count(mdx, '<div class="math-block"><span class="katex-display">'), 1)
  assert.match(mdx, '<annotation encoding="application/x-tex">\\frac{w}{s}</annotation>')
  assert.match(
    mdx,
    '<p>Prices such as $5 and $10 stay text, and so does <code>$HOME</code> or $HOME/bin.</p>',
  )
})

test('KaTeX’s stylesheet is linked from the MDX page with formulas only', () => {
  const css = /<link rel="stylesheet" href="\/assets\/katex\.\w+\/katex\.min\.css"/
  assert.match(html(result, 'formulas/index.html'), css)
  assert.not.match(html(result, 'tabs/index.html'), css)
  assert.not.match(html(result, 'tabs/index.html'), 'data-mermaid=')
})

test('a mermaid fence becomes the figure markdown pages have, with mermaid’s module in the output', () => {
  const figure = /<figure class="mermaid" data-mermaid="(\/assets\/mermaid\.\w+\/mermaid\.esm\.min\.js)"/
  const url = figure.exec(html(result, 'formulas/index.html'))?.[1]
  assert.ok(url, 'figure')
  assert.is(url, figure.exec(html(result, 'formulas-md/index.html'))?.[1])
  assert.ok(result.output.has(url!.slice(1)))
  assert.match(body('formulas/index.html'), '<pre class="mermaid-source"><code>sequenceDiagram')
})

test('a formula KaTeX cannot parse and a diagram mermaid cannot parse warn at their line', () => {
  const dir = tempCopy('mdx-site')
  try {
    fs.writeFileSync(
      path.join(dir, 'content/docs/v2/broken.mdx'),
      [
        '---',
        'title: Broken',
        '---',
        '',
        'Fine $a + b$, broken $\\frac{a}{b$ here.',
        '',
        '```mermaid',
        'sequenceDiagram',
        '  Game->>Wallet INVALID',
        '```',
        '',
      ].join('\n'),
    )
    const r = cli(['build', '--root', dir, '--quiet'])
    assert.is(r.code, 0, r.stderr)
    assert.match(r.stderr, /content\/docs\/v2\/broken\.mdx:5:23: warning: math: .*Unexpected end of input/)
    assert.match(r.stderr, /content\/docs\/v2\/broken\.mdx:9:1: warning: mermaid: .*\[markdown\]/)
    const page = fs.readFileSync(path.join(dir, 'build/broken/index.html'), 'utf8')
    assert.match(page, /<span class="math-error" title="[^"]*"><code>\\frac\{a\}\{b<\/code><\/span>/)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
