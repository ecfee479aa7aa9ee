import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, cache, FIXTURES, html, snapshot, tempCopy } from './helpers/index.js'
import { loadConfig } from '../src/config.js'
import { build } from '../src/build.js'
import type { BuildResult } from '../src/types.js'

// What guides write beyond CommonMark (test/fixtures/markdown): one golden body per construct,
// in both locales where the output has translated text.

let result: BuildResult
test.before(async () => {
  result = await buildFixture('markdown')
})

const body = (file: string): string => {
  const found = /<div class="markdown">([\s\S]*?)<\/div><nav/.exec(html(result, file))?.[1]
  if (found === undefined) throw new Error(`no markdown body in ${file}`)
  return found
}

test('GFM: footnotes with back-links, task lists, strikethrough, autolinks, definition lists', () => {
  const en = body('gfm/index.html')
  snapshot('markdown-gfm.html', en)
  snapshot('markdown-gfm-vi.html', body('vi/gfm/index.html'))
  // Numbered per page, ids carrying the page's name, one back-link per reference.
  assert.match(en, '<a href="#fn-gfm-1" id="fnref-gfm-1">1</a>')
  assert.match(en, '<a href="#fn-gfm-1" id="fnref-gfm-1:1">1</a>')
  assert.match(en, /<li id="fn-gfm-1" class="footnote-item">.*href="#fnref-gfm-1".*href="#fnref-gfm-1:1"/)
  assert.match(en, 'aria-label="Back to reference 1"')
  assert.match(body('vi/gfm/index.html'), 'aria-label="Quay lại tham chiếu 1"')
  assert.match(
    en,
    '<label><input class="task-list-item-checkbox" checked="" disabled="" type="checkbox"> Wallet',
  )
  assert.match(en, '<s>Struck out</s>')
  assert.match(en, '<a href="https://www.example.org/docs"')
  assert.match(en, '<a href="mailto:ops@example.com">')
  assert.match(en, 'such as config.md and example.com stay text')
  assert.match(en, '<dl>\n<dt>Currency</dt>\n<dd>ISO 4217')
})

test('GitHub alerts render exactly as the matching admonitions, titled in the page language', () => {
  const en = body('alerts/index.html')
  snapshot('markdown-alerts.html', en)
  snapshot('markdown-alerts-vi.html', body('vi/alerts/index.html'))
  const heading = (kind: string, title: string) =>
    `<div class="admonition admonition-${kind}"><div class="admonition-heading">${title}</div>`
  for (const [kind, title] of <Array<[string, string]>>[
    ['note', 'Note'],
    ['tip', 'Tip'],
    ['info', 'Info'],
    ['warning', 'Warning'],
    ['danger', 'Read this first'],
  ])
    assert.match(en, heading(kind, title))
  // `> [!IMPORTANT]` and `:::info` give the same markup.
  assert.match(en, `${heading('info', 'Info')}<div class="admonition-content">\n<p>Admonition text.</p>`)
  assert.match(body('vi/alerts/index.html'), heading('info', 'Thông tin'))
  assert.match(body('vi/alerts/index.html'), heading('danger', 'Nguy hiểm'))
})

test('math is typeset at build time; prices and shell variables stay text; KaTeX CSS only where used', () => {
  const page = html(result, 'math/index.html')
  snapshot('markdown-math.html', body('math/index.html'))
  assert.match(page, /<link rel="stylesheet" href="\/assets\/katex\.\w+\/katex\.min\.css"/)
  assert.match(page, 'class="katex-display"')
  assert.match(page, 'Prices such as $5 and $10 stay text, and so does <code>$HOME</code> or $HOME/bin.')
  assert.not.match(html(result, 'gfm/index.html'), 'katex')
  const css = [...result.output.keys()].find((k) => /^assets\/katex\.\w+\/katex\.min\.css$/.test(k))!
  const fonts = [...result.output.keys()].filter((k) => k.startsWith(path.posix.dirname(css) + '/fonts/'))
  assert.ok(fonts.length > 10 && fonts.every((f) => f.endsWith('.woff2')), fonts.join())
  assert.not.match(String(result.output.get(css)), /\.ttf|\.woff\)/)
})

test('a mermaid fence keeps its source in the HTML, in a figure that loads mermaid from its own folder', () => {
  const page = body('diagram/index.html')
  snapshot('markdown-diagram.html', page.replace(/mermaid\.\w+\//, 'mermaid.HASH/'))
  const url = /data-mermaid="\/(assets\/mermaid\.\w+\/mermaid\.esm\.min\.js)"/.exec(page)?.[1]
  assert.ok(url && result.output.has(url), 'the module is written')
  assert.match(page, 'Game-&gt;&gt;Wallet: POST /wallet/bet')
  assert.match(body('vi/diagram/index.html'), 'data-label="Sơ đồ"')
})

test('a code group is the API samples’ tabs, remembered under the same key', () => {
  const page = body('code-group/index.html')
  snapshot('markdown-code-group.html', page)
  assert.match(page, '<div class="tabs code-group" data-tabs="code-lang" data-persist="">')
  for (const key of ['curl', 'nodejs', 'python']) assert.match(page, `data-tab="${key}"`)
  assert.is(page.match(/role="tabpanel"/g)?.length, 3)
  // 'Node.js (fetch)': the tab names the language, the block keeps its whole title.
  assert.match(page, /data-tab="nodejs" class="tab">Node.js<\/button>/)
  assert.match(page, '<div class="code-title">Node.js (fetch)</div>')
  assert.not.match(page, '<div class="code-title">Python</div>')
})

test('a partial is included where its directive is, its links resolved from its own folder', () => {
  const page = html(result, 'guide/partials/index.html')
  snapshot('markdown-partials.html', body('guide/partials/index.html'))
  assert.match(page, /Before\.[\s\S]*id="signing"[\s\S]*Nested partial text\.[\s\S]*After\./)
  assert.match(page, '<a href="/math/">the math page</a>')
  assert.match(page, '<a href="/alerts/">the alerts</a>')
  // Its heading is in the page's table of contents; partials are not pages.
  assert.match(page, /<nav class="toc"[\s\S]*href="#signing"/)
  assert.not.ok([...result.output.keys()].some((k) => k.includes('_signing') || k.includes('signing/')))
})

test('a site without math or diagrams gets neither KaTeX nor mermaid files', async () => {
  const basic = await buildFixture('basic')
  assert.not.ok([...basic.output.keys()].some((k) => /katex|mermaid/.test(k)))
})

test('serve: a page is parsed again when a partial it includes changes', async () => {
  const dir = tempCopy('markdown')
  const config = await loadConfig(dir)
  const own = { ...cache, parsed: new Map() }
  await build(config, { write: false, cache: own })
  const partial = path.join(dir, 'content/docs/v1/guide/shared/_nested.md')
  fs.writeFileSync(partial, 'Changed partial text.\n')
  // A later mtime even on a coarse clock.
  fs.utimesSync(partial, new Date(), new Date(Date.now() + 5000))
  const again = await build(config, { write: false, cache: own })
  assert.match(html(again, 'guide/partials/index.html'), 'Changed partial text.')
  assert.ok(fs.existsSync(path.join(FIXTURES, 'markdown/content/docs/v1/guide/shared/_nested.md')))
})

test.run()
