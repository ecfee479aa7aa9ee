// docs-site's own config takes what Docusaurus sites bring with the same names (test/fixtures/blog,
// docs-site's layout, en and vi): `clientRedirects`, `headTags`/`scripts`/`stylesheets`, and the
// blog under `blog.routeBasePath`; mistakes in them are refused with the key's path (exit 3).
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../src/config.js'
import { DocsSiteError, formatDiagnostic } from '../src/errors.js'
import { buildDir, html, tempCopy, tempDir } from './helpers/index.js'
import type { BuildResult, UserConfig } from '../src/types.js'

const CONFIG: UserConfig = {
  title: 'Fixture',
  url: 'https://fixture.example',
  blog: { routeBasePath: 'news' },
  scripts: [{ src: 'https://stats.fixture.example/s.js', defer: true }],
  headTags: [{ tagName: 'meta', attributes: { name: 'fixture-verify', content: '<token>' } }],
  clientRedirects: {
    redirects: [{ from: '/blog/hello-world', to: '/news/hello-world' }],
    createRedirects: (p) => (p.startsWith('/news/tags/') ? p.replace('/news/tags/', '/topics/') : undefined),
  },
}

let result: BuildResult
let dir: string
test.before(async () => {
  dir = tempCopy('blog')
  // The docs home links to the blog where this config puts it.
  const home = path.join(dir, 'content/docs/v2/index.md')
  fs.writeFileSync(home, fs.readFileSync(home, 'utf8').replace('(/blog/)', '(/news/)'))
  result = await buildDir(dir, CONFIG)
})
test.after(() => fs.rmSync(dir, { recursive: true, force: true }))

const refresh = (file: string) =>
  /http-equiv="refresh" content="0; url=([^"]*)"/.exec(html(result, file))?.[1]

test('blog.routeBasePath: the blog of every locale is under /news, its feeds too', () => {
  for (const f of [
    'news/index.html',
    'news/hello-world/index.html',
    'news/rss.xml',
    'vi/news/hello-world/index.html',
  ])
    assert.ok(result.output.has(f), f)
  assert.not.ok([...result.output.keys()].some((f) => /^(vi\/)?blog\//.test(f) && !f.endsWith('/index.html')))
  assert.match(html(result, 'index.html'), 'href="/news/"')
})

test('clientRedirects: the list and createRedirects (given paths with the site’s trailing slash), per locale', () => {
  assert.is(refresh('blog/hello-world/index.html'), '/news/hello-world/')
  assert.is(refresh('vi/blog/hello-world/index.html'), '/vi/news/hello-world/')
  const topics = [...result.output.keys()].filter((f) => f.startsWith('topics/'))
  assert.ok(topics.length > 0)
  for (const f of topics)
    assert.is(refresh(f), `/news/tags/${f.slice('topics/'.length, -'index.html'.length)}`)
})

test('headTags and scripts are in every page’s <head>, escaped', () => {
  for (const f of ['index.html', 'news/index.html', 'vi/news/hello-world/index.html'])
    assert.match(
      html(result, f),
      '<meta name="fixture-verify" content="&lt;token&gt;"><script src="https://stats.fixture.example/s.js" defer></script></head>',
    )
})

async function configErrors(source: string): Promise<{ code: number; lines: string[] }> {
  const root = tempDir('docs-site-config-')
  fs.writeFileSync(path.join(root, 'docs-site.config.ts'), source)
  try {
    await loadConfig(root)
    return { code: 0, lines: [] }
  } catch (err) {
    assert.instance(err, DocsSiteError)
    const e = err as DocsSiteError
    return { code: e.exitCode, lines: e.diagnostics.map((d) => formatDiagnostic(d).split('\n')[0]!) }
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
}

test('a redirect without `to` and an attribute that is not a string or boolean are refused (exit 3)', async () => {
  const r = await configErrors(
    [
      'export default {',
      "  clientRedirects: { redirects: [{ from: '/a' }] },",
      "  headTags: [{ tagName: 'meta', attributes: { content: 3 } }],",
      "  stylesheets: [{ media: 'print' }],",
      '}',
    ].join('\n'),
  )
  assert.is(r.code, 3)
  assert.ok(
    r.lines.some((l) => l.includes('"clientRedirects.redirects[0].to" is required')),
    r.lines.join('\n'),
  )
  assert.ok(
    r.lines.some((l) => l.includes('"headTags[0].attributes.content"')),
    r.lines.join('\n'),
  )
  assert.ok(
    r.lines.some((l) => l.includes('"stylesheets[0].href" is required')),
    r.lines.join('\n'),
  )
})

test.run()
