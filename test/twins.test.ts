import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildDir, buildFixture, FIXTURES, html, tempDir, tempSite } from './helpers/index.js'
import { buildOrThrow, openSite, type BrowserSite } from './helpers/browser.js'
import type { BuildResult } from '../src/types.js'

let result: BuildResult
test.before(async () => {
  result = await buildFixture('machine')
})

const twin = (file: string) => html(result, file)
/** The twin without fenced code and code spans, where `<b>` is code, not markup. */
const prose = (md: string) => md.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').replace(/`[^`\n]*`/g, '')
const TAG = /(?<!\\)<\/?[a-z][\w-]*(\s[^>]*)?\/?>|<!--/i

test('every doc, blog post and API operation has a twin at <route>index.md, with no HTML', () => {
  const kinds = new Set(['doc', 'blog-post', 'api-operation'])
  const routes = result.site.routes.filter((r) => kinds.has(r.data.kind))
  assert.ok(routes.length >= 10)
  for (const r of routes) {
    const file = r.outFile.replace(/index\.html$/, 'index.md')
    const md = twin(file)
    assert.ok(md.startsWith('# '), file)
    assert.not.match(prose(md), TAG, file)
    // The page's head links its twin.
    assert.ok(
      html(result, r.outFile).includes(`<link rel="alternate" type="text/markdown" href="/${file}"/>`),
      file,
    )
  }
  // Lists, tags and API index pages have none.
  assert.not.ok(result.output.has('blog/index.md'))
  assert.not.ok(result.output.has('api/index.md'))
  assert.not.match(html(result, 'blog/index.html'), 'text/markdown')
})

test('a twin’s URL is percent-encoded as its page’s: ?, # and % in file names', async () => {
  const dir = tempSite('twin-names-', {
    'content/docs/index.md': '# Home\n',
    'content/docs/what?.md': '# What\n',
    'content/docs/#hash.md': '# Hash\n',
    'content/docs/100%.md': '# Full\n',
  })
  const built = await buildDir(dir)
  const errors = built.diagnostics.filter((d) => d.severity === 'error')
  assert.equal(errors, [], errors.map((d) => d.message).join('\n'))
  for (const [file, url] of [
    ['what?/index.html', '/what%3F/index.md'],
    ['#hash/index.html', '/%23hash/index.md'],
    ['100%/index.html', '/100%25/index.md'],
  ]) {
    const page = html(built, file!)
    assert.match(page, `data-copy-page="${url}"`)
    assert.match(page, `<link rel="alternate" type="text/markdown" href="${url}"/>`)
  }
})

test('a doc twin: admonitions as blockquotes, fences kept with their language, links absolute', () => {
  const md = twin('guide/setup/index.md')
  assert.ok(md.startsWith('# Setup \\<guide>\n\nHow to set the widget up.\n\n'))
  assert.match(md, '> **Keep it secret**\n>\n> Never share the **key**.\n>\n> - first\n> - second')
  assert.match(md, "```js\nconst w = widget('<b>')\nw.start()\n```")
  assert.match(md, '[the welcome page](https://fixture.example/)')
  assert.match(md, '[an outside page](https://example.org/widgets)')
  assert.match(md, '1. Read the [API](https://fixture.example/api/get-thing/).')
  assert.match(md, '![diagram](https://fixture.example/img/logo.svg)')
  assert.match(md, '| Field | Type |\n| --- | --- |\n| id | string |')
  assert.match(md, '\n## Next steps\n')
  assert.not.match(md, 'title=')
  // A Vietnamese page links within its locale, the English one within its own.
  assert.match(twin('vi/index.md'), '[hướng dẫn cài đặt](https://fixture.example/vi/guide/setup/)')
  assert.not.match(twin('index.md'), 'https://fixture.example/vi/')
})

test('a blog post twin: title, date and authors, the whole body', () => {
  const md = twin('blog/launch/index.md')
  assert.ok(md.startsWith('# We launched\n\n2024-03-05 · Ana Example (Writer)\n\nThe widget is out.\n\n'))
  assert.match(md, '[setup guide](https://fixture.example/guide/setup/)')
})

test('an API operation twin: method, path, parameters, body and responses as tables and JSON', () => {
  const get = twin('api/get-thing/index.md')
  assert.ok(get.startsWith('# Get a thing\n\n`GET /things/{id}`\n\nReturns one `thing` by its id.'))
  assert.match(get, '| Name | In | Type | Required | Description |')
  assert.match(get, "| `id` | path | string | yes | The thing's id. |")
  assert.match(get, '### 200\n\nThe thing.')
  assert.match(get, '| `size` | integer | no | Size in cm |')
  const example = /```json\n([\s\S]*?)\n```/.exec(get)![1]!
  assert.is(JSON.parse(example).id, 'th_1')
  const post = twin('api/create-thing/index.md')
  assert.match(post, '`POST /things`')
  assert.match(post, '## Request body\n\nRequired.\n\nContent type: `application/json`')
  assert.match(post, '| `name` | string | yes | Example: `"lamp"`. |')
})

let dir: string
let site: BrowserSite | undefined
test('"Copy page as Markdown" copies the twin and announces it, in each locale', async () => {
  dir = tempDir('docs-site-twins-')
  buildOrThrow(['build', '--quiet', '--root', path.join(FIXTURES, 'machine'), '--out-dir', dir])
  site = await openSite(dir)
  const { context, page, errors } = await site.newPage()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url })
  for (const [route, label, copied] of [
    ['/guide/setup/', 'Copy page as Markdown', 'Copied'],
    ['/vi/blog/launch/', 'Sao chép trang dạng Markdown', 'Đã sao chép'],
    ['/api/get-thing/', 'Copy page as Markdown', 'Copied'],
  ] as const) {
    await page.goto(site.url + route)
    const button = page.getByRole('button', { name: label })
    await button.click()
    await page.getByRole('status').filter({ hasText: copied }).waitFor()
    const clip = await page.evaluate(() => navigator.clipboard.readText())
    assert.is(clip, fs.readFileSync(path.join(dir, route, 'index.md'), 'utf8'), route)
  }
  assert.equal(errors, [])
})

test.after(async () => {
  await site?.close()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

test.run()
