import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { buildFixture, cache, tempCopy } from './helpers/index.js'
import { getFrom, serveQuietly } from './helpers/serve-client.js'
import { build } from '../src/build.js'
import { loadConfig } from '../src/config.js'
import type { BuildResult } from '../src/types.js'
import { createMarkdown } from '../src/parse/markdown.js'
import { markdownLabels } from '../src/parse/index.js'
import { loadThemeStrings } from '../src/i18n.js'
import { createHighlighter } from '../src/parse/highlight.js'
import { fillTwin } from '../src/parse/clean-markdown.js'

// A page's Markdown twin is written from the tokens of the page's own parse
// (src/parse/clean-markdown.ts), so what the page shows of markdown's extensions reads the same in
// its twin: footnotes, task lists, definition lists, alerts, math, code groups and partials.
let result: BuildResult
test.before(async () => {
  result = await buildFixture('markdown')
})
const twin = (file: string) => {
  const md = result.output.get(file)
  assert.ok(md !== undefined, `${file} is written`)
  return String(md)
}

test('footnotes, task lists and definition lists are written in their Markdown syntax', () => {
  const md = twin('gfm/index.md')
  assert.match(md, 'a footnote[^first] and a second one[^second]; the first again[^first].')
  assert.ok(md.endsWith('\n\n[^first]: The first note.\n[^second]: The second note.\n'), md)
  assert.match(md, '- [x] Wallet endpoint\n- [ ] Launch URL')
  assert.match(
    md,
    "Currency\n: ISO 4217 code of the player's balance.\n\nRound\n: One bet and the wins it settles.",
  )
  // Bare URLs and addresses read as written, not as Markdown links.
  assert.match(md, 'a URL https://example.com/path?q=1, www.example.org/docs and ops@example.com;')
  assert.not.match(md, '\\[')
})

test('alerts are blockquotes titled as the page titles them, in its language', () => {
  const md = twin('alerts/index.md')
  assert.match(md, '> **Note**\n>\n> Note text.')
  assert.match(md, '> **Info**\n>\n> Important text.')
  assert.match(md, '> **Read this first**\n>\n> Caution text.')
  assert.not.match(md, '[!')
  assert.match(twin('vi/alerts/index.md'), '> **Ghi chú**\n>\n> Ghi chú.')
})

test('math keeps its delimiters; a code group is its fences', () => {
  const math = twin('math/index.md')
  assert.match(math, 'A round pays $p \\cdot s$ where $s$ is the stake.')
  assert.match(math, '$$\n\\text{RTP} = \\frac{\\sum w}{\\sum s}\n$$')
  const group = twin('code-group/index.md')
  assert.match(group, '```bash\ncurl https://api.example/wallet\n```\n\n```js\n')
  assert.not.match(group, ':::')
})

test("a partial's text is in the twin where it is included, its links read from the partial's folder", () => {
  const md = twin('guide/partials/index.md')
  assert.match(
    md,
    'Before.\n\n## Signing\n\nSee [the math page](/math/) and [the alerts](/alerts/).\n\nNested partial text.\n\nAfter.',
  )
  assert.not.match(md, 'include:')
})

test("a partial's partial in another folder: its links read from its own folder, in the page and its twin", async () => {
  const dir = tempCopy('markdown')
  const shared = path.join(dir, 'content/docs/v1/guide/shared')
  fs.mkdirSync(path.join(shared, 'deeper'))
  fs.writeFileSync(path.join(shared, '_nested.md'), '<!-- include: ./deeper/_deepest.md -->\n')
  fs.writeFileSync(path.join(shared, 'deeper/_deepest.md'), 'See [the math page](../../../math.md).\n')
  const built = await build(await loadConfig(dir), { write: false, cache })
  assert.match(String(built.output.get('guide/partials/index.md')), 'See [the math page](/math/).')
  assert.match(String(built.output.get('guide/partials/index.html')), 'href="/math/"')
})

test('an alert or admonition with nothing in it is its title alone', async () => {
  const md = createMarkdown(await createHighlighter([]))
  const env = { file: 'x.md', bodyLine: 1, labels: markdownLabels(loadThemeStrings('en')), baseUrl: '/' }
  const twin = (body: string) =>
    fillTwin(md(body, env).twin!, { href: (h) => h, admonition: (kind) => `(${kind})` })
  assert.is(twin('> [!CAUTION]\n'), '> **(danger)**')
  assert.is(twin(':::tip Before you start\n:::\n'), '> **Before you start**')
  assert.is(twin('> [!NOTE]\n> Text.\n'), '> **(note)**\n>\n> Text.')
})

test("serve answers a page's twin from the page's parse, and a save changes it", async () => {
  const dir = tempCopy('markdown')
  const server = await serveQuietly({ root: dir, cache })
  try {
    const get = () => getFrom(server.port, '/gfm/index.md')
    const first = await get()
    assert.is(first.status, 200)
    assert.match(first.body, '- [x] Wallet endpoint\n')
    assert.match(first.body, '\n[^first]: The first note.\n')
    const file = path.join(dir, 'content/docs/v1/gfm.md')
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace('The first note.', 'The first note, edited.'),
    )
    let body = first.body
    for (let i = 0; i < 100 && !body.includes('edited'); i++) {
      await new Promise((r) => setTimeout(r, 100))
      body = (await get()).body
    }
    assert.match(body, '\n[^first]: The first note, edited.\n')
  } finally {
    await server.close()
  }
})

test('raw HTML in the twin: a script’s or stylesheet’s content is not text; a table’s cells stay apart', async () => {
  const md = createMarkdown(await createHighlighter([]))
  const env = { file: 'x.md', bodyLine: 1, labels: markdownLabels(loadThemeStrings('en')), baseUrl: '/' }
  const twin = (body: string) => fillTwin(md(body, env).twin!, { href: (h) => h, admonition: (k) => k })
  assert.is(
    twin('<script>console.log("inline")</script>\n\n<style>.x{color:red}</style>\n\nText.\n'),
    'Text.',
  )
  assert.is(
    twin('<table><tr><th>Key</th><th>Value</th></tr><tr><td>timeout</td><td>30s</td></tr></table>\n'),
    'Key Value\n\ntimeout 30s',
  )
})

test.run()
