import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { cli, manifest, ROOT, tempCopy, tempSite } from './helpers/index.js'

/** A built copy of the basic fixture, plus the hash of its output. */
function builtCopy(): { dir: string; out: string; before: string } {
  const dir = tempCopy('basic')
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  const out = path.join(dir, 'build')
  return { dir, out, before: manifest(out) }
}

const stagingLeft = (dir: string) => fs.readdirSync(dir).filter((f) => /\.tmp-|\.old-|\.lock$/.test(f))

test('the CLI exits on its own once built, with or without code blocks (its worker threads do not keep it alive)', () => {
  for (const fixture of ['blog', 'basic']) {
    const dir = tempCopy(fixture)
    const t0 = Date.now()
    const r = spawnSync(
      process.execPath,
      [path.join(ROOT, 'bin/docs-site.js'), 'build', '--root', dir, '--quiet'],
      { encoding: 'utf8', timeout: 30_000 },
    )
    assert.is(r.signal, null, `${fixture}: still running after ${Date.now() - t0} ms`)
    assert.is(r.status, 0, r.stderr)
  }
})

test('run from the TypeScript sources (read-only install, DOCS_SITE_FROM_SOURCE=1): same pages, code highlighted by the worker', () => {
  const dir = tempCopy('basic')
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'bin/docs-site.js'), 'build', '--root', dir, '--quiet'],
    { encoding: 'utf8', timeout: 60_000, env: { ...process.env, DOCS_SITE_FROM_SOURCE: '1' } },
  )
  assert.is(r.status, 0, r.stderr)
  const page = fs.readFileSync(path.join(dir, 'build/index.html'), 'utf8')
  assert.match(page, '<pre class="shiki css-variables"')
  assert.not.match(page, '<!--docs-site-code:')
})

test('the compiled CLI (markdown-it bundled with plain class fields) writes the same site as the sources', () => {
  // The CLI's JavaScript build bundles markdown-it with its class fields assigned instead of
  // defined through a helper (bin/docs-site.js): the Markdown fixture, every construct, must come
  // out the same byte for byte.
  const built = (env: NodeJS.ProcessEnv) => {
    const dir = tempCopy('markdown')
    const r = spawnSync(
      process.execPath,
      [path.join(ROOT, 'bin/docs-site.js'), 'build', '--root', dir, '--quiet'],
      { encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } },
    )
    assert.is(r.status, 0, r.stderr)
    return manifest(path.join(dir, 'build'))
  }
  assert.is(built({ DOCS_SITE_FROM_SOURCE: '0' }), built({ DOCS_SITE_FROM_SOURCE: '1' }))
})

test('the compiled CLI renders a .tsx page whose component uses hooks: the page and the renderer share one React', () => {
  // The CLI's JavaScript build loads CommonJS packages (React among them) with `require`, and a
  // page component imports React from node_modules: a second copy would throw "Invalid hook call".
  const dir = tempCopy('pages')
  fs.writeFileSync(
    path.join(dir, 'content/pages/counter.tsx'),
    [
      "import { useId, useState } from 'react'",
      "export const title = 'Counter'",
      'export default function Counter() {',
      '  const [count] = useState(3)',
      '  return <p id={useId()} className="count">Count {count}</p>',
      '}',
    ].join('\n'),
  )
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  const page = fs.readFileSync(path.join(dir, 'build/counter/index.html'), 'utf8')
  assert.match(page, /<p id="[^"]+" class="count">Count (<!-- -->)?3<\/p>/)
})

test('the compiled CLI converts a Swagger 2.0 document (a CommonJS package imported on demand)', () => {
  const dir = tempSite('cli-swagger2-', {
    'docs-site.config.ts':
      "export default { title: 'S', docs: { versions: [{ name: 'v1', openapi: 'spec/s.yaml' }], sidebars: { api: [{ type: 'api' }] } } }\n",
    'content/docs/v1/index.md': '# Home\n',
    'spec/s.yaml':
      "swagger: '2.0'\ninfo: { title: Min, version: '1.0' }\nhost: api.example.com\npaths:\n  /ping:\n    get:\n      operationId: ping\n      responses:\n        '200': { description: OK }\n",
  })
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.not.match(r.stderr, 'cannot be converted')
  const pages = fs.readdirSync(path.join(dir, 'build'), { recursive: true }).map(String)
  assert.ok(
    pages.some((p) => /ping/.test(p)),
    pages.join(', '),
  )
  // The info page names the format the document is written in, not the one it was converted to.
  const info = fs.readFileSync(path.join(dir, 'build/api/min/index.html'), 'utf8').replace(/<!-- -->/g, '')
  assert.match(info, '· Swagger 2.0')
  assert.not.match(info, 'OpenAPI 3.0.0')
})

test('a site with nothing to build (an empty content folder, a misnamed docs.path): exit 3, said where it looked', () => {
  const empty = cli(['build', '--root', tempSite('cli-empty-', { 'content/docs/.keep': '' })])
  assert.is(empty.code, 3, empty.stderr)
  assert.match(
    empty.stderr,
    'error: nothing to build: no docs in content/docs, no blog posts, no pages and no API reference',
  )
  assert.not.match(empty.stderr, 'broken link')
  const misnamed = cli([
    'build',
    '--root',
    tempSite('cli-misnamed-', {
      'docusaurus.config.js':
        "module.exports = { title: 'T', presets: [['classic', { docs: { path: 'documentation' } }]] }\n",
      'docs/intro.md': '# Intro\n',
    }),
  ])
  assert.is(misnamed.code, 3, misnamed.stderr)
  assert.match(misnamed.stderr, 'no docs in documentation')
})

test('started from a folder with no node_modules (a project folder, a CI checkout): the client still bundles, with the same names', () => {
  const dir = tempCopy('basic')
  const from = (cwd: string) => {
    const r = cli(['build', '--root', dir, '--quiet'], cwd)
    assert.is(r.code, 0, r.stderr)
    return /src="([^"]*client\.[^"]+\.js)"/.exec(
      fs.readFileSync(path.join(dir, 'build/index.html'), 'utf8'),
    )?.[1]
  }
  const outside = from(path.dirname(dir))
  assert.ok(outside, 'no client script on the page')
  assert.is(from(ROOT), outside)
})

test('build prints a summary with pages per locale and version', () => {
  const dir = tempCopy('basic')
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 0, r.stderr)
  assert.match(
    r.stdout,
    /✔ 18 pages \(en\/v2 7, vi\/v2 7, en\/v1 1, vi\/v1 1\) → .* in \d+\.\d\d s · 0 errors, 0 warnings/,
  )
  assert.ok(fs.existsSync(path.join(dir, 'build/.docs-site-output')))
})

test('bad front matter: exit 1, path:line:col, a code frame, previous output intact', () => {
  const { dir, out, before } = builtCopy()
  fs.writeFileSync(
    path.join(dir, 'content/docs/v2/guide/setup.md'),
    '---\ntitle: Setup: the basics\n---\n\nBody\n',
  )
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 1)
  assert.match(
    r.stderr,
    /^content\/docs\/v2\/guide\/setup\.md:2:\d+: error: front matter: .* \[frontmatter\]$/m,
  )
  assert.match(r.stderr, /> 2 \| title: Setup: the basics/)
  assert.match(r.stderr, /1 error, \d+ warnings?\. Nothing was written; the previous output is intact\./)
  assert.not.match(r.stderr, /at .*\.ts:\d+/)
  assert.is(manifest(out), before)
  assert.equal(stagingLeft(dir), [])
})

test('a link to a missing route: exit 2, grouped by page, output intact', () => {
  const { dir, out, before } = builtCopy()
  fs.appendFileSync(
    path.join(dir, 'content/docs/v2/guide/setup.md'),
    '\nSee [the API](/api/nope) and <a href="/Guide/Setup/">this</a>.\n',
  )
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 2, r.stderr)
  assert.match(
    r.stderr,
    /content\/docs\/v2\/guide\/setup\.md:\d+:\d+: error: broken link on \/guide\/setup\/ -> linking to \/api\/nope\/ \(resolved as \/api\/nope\/\) \[broken-link\]/,
  )
  // S3 keys are case-sensitive, so is the checker.
  assert.match(r.stderr, /linking to \/Guide\/Setup\//)
  assert.is(manifest(out), before)
})

test('a link broken on every page (navbar) fails once per page with a "probably in layout" hint', () => {
  const dir = tempCopy('basic')
  fs.writeFileSync(
    path.join(dir, 'docs-site.config.ts'),
    "export default { navbar: { items: [{ to: '/nowhere/', label: 'Nowhere' }] } }\n",
  )
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 2)
  assert.match(
    r.stderr,
    /error: broken link on \/guide\/setup\/ -> linking to \/nowhere\/ \(resolved as \/nowhere\/\) \[broken-link\]\n\s+hint: the same link is broken on \d+ pages: it is probably in the navbar, footer or sidebar config/,
  )
})

test('a link broken on many pages prints ten of them and counts the rest; JSON lists every one', () => {
  const dir = tempCopy('basic')
  for (let i = 0; i < 30; i++)
    fs.writeFileSync(
      path.join(dir, `content/docs/v2/extra-${i}.md`),
      `---\ntitle: Extra ${i}\n---\n\nPage ${i}.\n`,
    )
  fs.writeFileSync(
    path.join(dir, 'docs-site.config.ts'),
    "export default { footer: { links: [{ title: 'More', items: [{ label: 'Gone', to: '/gone/' }] }] } }\n",
  )
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 2)
  const lines = r.stderr.split('\n')
  const each = lines.filter((l) => / error: broken link on .* -> linking to \/gone\//.test(l))
  assert.is(each.length, 10, r.stderr)
  // Every one is in the JSON report: the text names ten, and counts the rest.
  const json = JSON.parse(cli(['build', '--root', dir, '--format', 'json']).stdout) as {
    diagnostics: Array<{ message: string }>
  }
  const total = json.diagnostics.filter((d) => d.message.includes('-> linking to /gone/ ')).length
  assert.ok(total > 30, String(total))
  assert.ok(
    lines.includes(
      `… and ${total - 10} more pages with the broken link -> linking to /gone/ (resolved as /gone/) (--format json lists every one)`,
    ),
    r.stderr,
  )
})

test('broken markdown links and anchors only warn, with file:line:col', () => {
  const dir = tempCopy('basic')
  fs.appendFileSync(
    path.join(dir, 'content/docs/v2/guide/setup.md'),
    '\nSee [gone](./gone.md), [nope](./intro.md#nope) and [here](#nowhere).\n',
  )
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 0, r.stderr)
  const all = r.stderr
  assert.match(
    all,
    /content\/docs\/v2\/guide\/setup\.md:11:12: warning: broken markdown link "\.\/gone\.md": no doc guide\/gone\.md in v2 \[broken-markdown-link\]/,
  )
  assert.match(all, /setup\.md:11:\d+: warning: broken anchor "\.\/intro\.md#nope"/)
  assert.match(all, /setup\.md:11:\d+: warning: broken anchor "#nowhere"/)
  // Reported once, from the markdown, not again by the HTML check.
  assert.is(all.match(/nowhere/g)?.length, 1)
})

test('two sources for one URL warn, naming both files', () => {
  const dir = tempCopy('basic')
  fs.mkdirSync(path.join(dir, 'content/docs/v2/guide/setup'))
  fs.writeFileSync(
    path.join(dir, 'content/docs/v2/guide/setup/index.md'),
    '---\ntitle: Setup again\n---\n\nx\n',
  )
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 0, r.stderr)
  assert.match(
    r.stderr,
    /warning: duplicate route \/guide\/setup\/: content\/docs\/v2\/guide\/setup(\/index)?\.md and content\/docs\/v2\/guide\/setup(\/index)?\.md both map to it/,
  )
})

test('a doc whose slug another doc has is not listed in the sidebar: it has no page', () => {
  const dir = tempCopy('basic')
  fs.writeFileSync(
    path.join(dir, 'content/docs/v2/guide/setup-copy.md'),
    '---\ntitle: Setup copy\nslug: /guide/setup\n---\n\nx\n',
  )
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stderr, /warning: duplicate route \/guide\/setup\//)
  const page = fs.readFileSync(path.join(dir, 'build/guide/setup/index.html'), 'utf8')
  const sidebar = page.match(/<nav class="sidebar-nav[^"]*"[\s\S]*?<\/nav>/)![0]
  // The first in the files' order keeps the URL (setup-copy.md); the other is not listed.
  assert.is(sidebar.split('href="/guide/setup/"').length - 1, 1)
  assert.match(sidebar, /href="\/guide\/setup\/"[^>]*>Setup copy</)
})

test('BOM and CRLF files build exactly like LF files', () => {
  const a = tempCopy('basic')
  const b = tempCopy('basic')
  const file = 'content/docs/v2/guide/setup.md'
  const text = fs.readFileSync(path.join(b, file), 'utf8')
  fs.writeFileSync(path.join(b, file), '\uFEFF' + text.replace(/\n/g, '\r\n'))
  assert.is(cli(['build', '--root', a, '--quiet']).code, 0)
  assert.is(cli(['build', '--root', b, '--quiet']).code, 0)
  assert.is(
    fs.readFileSync(path.join(a, 'build/guide/setup/index.html'), 'utf8'),
    fs.readFileSync(path.join(b, 'build/guide/setup/index.html'), 'utf8'),
  )
})

test('binary, invalid UTF-8 and empty files: error or warning naming the file, no crash', () => {
  const dir = tempCopy('basic')
  fs.writeFileSync(
    path.join(dir, 'content/docs/v2/binary.md'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
  )
  fs.writeFileSync(
    path.join(dir, 'content/docs/v2/latin1.md'),
    Buffer.from('---\ntitle: Caf\xe9\n---\n', 'latin1'),
  )
  fs.writeFileSync(path.join(dir, 'content/docs/v2/empty.md'), '')
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 1)
  assert.match(r.stderr, /content\/docs\/v2\/binary\.md: error: file is binary/)
  assert.match(r.stderr, /content\/docs\/v2\/latin1\.md:2:1: error: file is not valid UTF-8/)
  assert.match(r.stderr, /content\/docs\/v2\/empty\.md: warning: file is empty and was skipped/)
})

test('unclosed raw HTML warns with its line', () => {
  const dir = tempCopy('basic')
  fs.appendFileSync(path.join(dir, 'content/docs/v2/guide/setup.md'), '\n<div class="box">\n\nText\n')
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 0)
  assert.match(
    r.stderr,
    /content\/docs\/v2\/guide\/setup\.md:11:1: warning: <div> is never closed \[unclosed-html\]/,
  )
})

test('a bad config value: exit 3 before anything is touched', () => {
  const { dir, out, before } = builtCopy()
  fs.writeFileSync(path.join(dir, 'docs-site.config.ts'), 'export default { title: 42 }\n')
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 3)
  assert.match(
    r.stderr,
    /^docs-site\.config\.ts:1:18: error: "title" must be a string, got number \[config\]$/m,
  )
  assert.is(manifest(out), before)
})

test('a rebuild after a rename leaves no stale page; every file is fresh', () => {
  const { dir, out } = builtCopy()
  fs.renameSync(
    path.join(dir, 'content/docs/v2/guide/setup.md'),
    path.join(dir, 'content/docs/v2/guide/install.md'),
  )
  const start = Date.now() - 1000
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.ok(fs.existsSync(path.join(out, 'guide/install/index.html')))
  assert.not.ok(fs.existsSync(path.join(out, 'guide/setup/index.html')))
  for (const f of fs.readdirSync(out, { recursive: true }) as string[]) {
    const st = fs.statSync(path.join(out, f))
    if (st.isFile()) assert.ok(st.mtimeMs >= start, f)
  }
  assert.equal(stagingLeft(dir), [])
})

test('a second build while one holds the lock fails fast', () => {
  const dir = tempCopy('basic')
  fs.writeFileSync(path.join(dir, 'build.lock'), String(process.pid))
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 1)
  assert.match(r.stderr, /build in progress/)
})

test('runs from any folder, not just this repository (its own tsconfig, not the cwd one)', () => {
  const dir = tempCopy('basic')
  const r = cli(['build', '--quiet'], dir)
  assert.is(r.code, 0, r.stderr)
  assert.match(fs.readFileSync(path.join(dir, 'build/guide/setup/index.html'), 'utf8'), /<h1>Setup<\/h1>/)
})

test('file names with spaces and non-ASCII, emoji headings: encoded URLs, stable ids, links that check out', () => {
  const dir = tempCopy('basic')
  fs.mkdirSync(path.join(dir, 'content/docs/v2/hướng dẫn'))
  fs.writeFileSync(
    path.join(dir, 'content/docs/v2/hướng dẫn/cài đặt nhanh.md'),
    '---\ntitle: Cài đặt\n---\n\n## 🚀 Bắt đầu\n\n## Bắt đầu\n\nText.\n',
  )
  fs.appendFileSync(
    path.join(dir, 'content/docs/v2/guide/setup.md'),
    '\nSee [quick start](../hướng%20dẫn/cài%20đặt%20nhanh.md#-bắt-đầu) and [again](<../hướng dẫn/cài đặt nhanh.md#bắt-đầu>).\n',
  )
  const r = cli(['build', '--root', dir])
  assert.is(r.code, 0, r.stderr)
  assert.not.match(r.stderr, /warning/)
  const page = fs.readFileSync(path.join(dir, 'build/hướng dẫn/cài đặt nhanh/index.html'), 'utf8')
  assert.match(page, /<h2 id="-bắt-đầu">/)
  assert.match(page, /<h2 id="bắt-đầu">/)
  const setup = fs.readFileSync(path.join(dir, 'build/guide/setup/index.html'), 'utf8')
  assert.match(
    setup,
    /href="\/h%C6%B0%E1%BB%9Bng%20d%E1%BA%ABn\/c%C3%A0i%20%C4%91%E1%BA%B7t%20nhanh\/#-b%E1%BA%AFt-%C4%91%E1%BA%A7u"/,
  )
  assert.is(cli(['check-links', '--root', dir]).code, 0)
})

test('--help and --version', () => {
  assert.match(cli(['--help']).stdout, /Usage: docs-site/)
  assert.match(cli(['--version']).stdout, /^\d+\.\d+\.\d+/)
})

test.run()
