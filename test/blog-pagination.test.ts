import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXTURES, html, tempCopy } from './helpers/index.js'
import { buildBlogDir, failingBuild } from './helpers/blog.js'
import { child, children, parseXml } from './helpers/xml.js'
import { loadConfig } from '../src/config.js'
import { paginate } from '../src/blog/routes.js'
import { urlFor } from '../src/urls.js'
import { formatDiagnostic } from '../src/errors.js'
import type { BlogEntry, BlogRouteData, Route, SiteConfig } from '../src/types.js'

async function configWith(postsPerPage: number): Promise<SiteConfig> {
  return loadConfig(path.join(FIXTURES, 'blog'), { config: { blog: { postsPerPage } } })
}

/** Pages of `n` fake posts: [url, number of posts, newer, older]. */
async function pages(
  n: number,
  size: number,
): Promise<Array<[string, number, string | undefined, string | undefined]>> {
  const config = await configWith(size)
  const posts = Array.from({ length: n }, (_, i) => ({ url: `/blog/p${i}/` }) as unknown as BlogEntry)
  const urlOf = (p: string) => urlFor(config, { locale: 'en', path: p })
  const make = (url: string, key: string, data: BlogRouteData) => ({ url, key, data }) as unknown as Route
  return paginate(config, posts, 'blog', 'blog:list', { type: 'all' }, urlOf, make).map((r) => {
    const d = r.data as Extract<BlogRouteData, { kind: 'blog-list' }>
    return [r.url, d.posts.length, d.newer, d.older]
  })
}

test('pagination edges: 0 posts, 1 post, exactly one page, one more, many', async () => {
  assert.equal(await pages(0, 10), [['/blog/', 0, undefined, undefined]])
  assert.equal(await pages(1, 10), [['/blog/', 1, undefined, undefined]])
  assert.equal(await pages(10, 10), [['/blog/', 10, undefined, undefined]])
  assert.equal(await pages(11, 10), [
    ['/blog/', 10, undefined, '/blog/page/2/'],
    ['/blog/page/2/', 1, '/blog/', undefined],
  ])
  assert.equal(await pages(25, 10), [
    ['/blog/', 10, undefined, '/blog/page/2/'],
    ['/blog/page/2/', 10, '/blog/', '/blog/page/3/'],
    ['/blog/page/3/', 5, '/blog/page/2/', undefined],
  ])
})

test('postsPerPage defaults to 10 and must be a whole number of at least 1', async () => {
  assert.is((await loadConfig(path.join(FIXTURES, 'blog'), { config: {} })).blog.postsPerPage, 10)
  for (const bad of [0, 2.5, -1]) {
    await loadConfig(path.join(FIXTURES, 'blog'), { config: { blog: { postsPerPage: bad } } }).then(
      () => assert.unreachable(`postsPerPage ${bad} was accepted`),
      (err: { diagnostics: Array<{ message: string }> }) =>
        assert.match(err.diagnostics[0]!.message, /"blog.postsPerPage" must be a whole number of at least 1/),
    )
  }
})

test('exactly one page: no paginator and no /blog/page/2/; sidebarCount limits the recent posts', async () => {
  const built = await buildBlogDir(path.join(FIXTURES, 'blog'), {
    blog: { postsPerPage: 3, sidebarCount: 1 },
  })
  const page = html(built, 'blog/index.html')
  assert.is(page.match(/<article class="blog-post">/g)?.length, 3)
  assert.not.match(page, /blog-paginator|Newer entries|Older entries/)
  assert.not.ok(built.output.has('blog/page/2/index.html'))
  assert.match(
    page,
    /<ul class="blog-sidebar-list"><li><a href="\/blog\/second-post\/">Second post<\/a><\/li><\/ul><\/div><\/nav>/,
  )
})

test('many pages: one post each, labels count the pages, the middle page links both ways', async () => {
  const built = await buildBlogDir(path.join(FIXTURES, 'blog'), { blog: { postsPerPage: 1 } })
  assert.ok(built.output.has('blog/page/3/index.html'))
  assert.not.ok(built.output.has('blog/page/4/index.html'))
  const middle = html(built, 'blog/page/2/index.html')
  assert.is(middle.match(/<article class="blog-post">/g)?.length, 1)
  assert.match(middle, /<p class="blog-paginator-label">Page 2 of 3<\/p>/)
  assert.match(
    middle,
    /href="\/blog\/" rel="prev"><span class="pager-label">« Newer entries<\/span>.*href="\/blog\/page\/3\/" rel="next"><span class="pager-label">Older entries »/,
  )
  // Tag and author lists page the same way.
  assert.ok(built.output.has('blog/tags/news/page/2/index.html'))
  assert.ok(built.output.has('blog/authors/alice/page/2/index.html'))
  assert.match(
    html(built, 'blog/tags/news/page/2/index.html'),
    /<h1>2 posts tagged with &quot;News&quot; · Page 2 of 2<\/h1>/,
  )
})

test('a blog with no posts: /blog/ says so, archive and feeds exist, no tag or author pages', async () => {
  const dir = tempCopy('blog')
  for (const locale of ['content/blog', 'content/i18n/vi/blog']) {
    for (const f of fs.readdirSync(path.join(dir, locale)))
      if (f.endsWith('.md')) fs.rmSync(path.join(dir, locale, f))
  }
  const built = await buildBlogDir(dir)
  assert.equal(built.diagnostics.map(formatDiagnostic), [])
  const page = html(built, 'blog/index.html')
  assert.match(page, /<h1>Blog<\/h1><\/header><p class="blog-empty">No blog posts yet.<\/p>/)
  assert.not.match(page, /blog-paginator|<aside class="blog-sidebar"/)
  assert.match(html(built, 'vi/blog/index.html'), /Chưa có bài viết nào./)
  assert.ok(built.output.has('blog/archive/index.html'))
  assert.not.ok([...built.output.keys()].some((k) => /blog\/(tags|authors|page)\//.test(k)))
  assert.equal(children(child(parseXml(html(built, 'blog/rss.xml')), 'channel'), 'item'), [])
  assert.equal(children(parseXml(html(built, 'blog/atom.xml')), 'entry'), [])
  assert.equal((JSON.parse(html(built, 'blog/feed.json')) as { items: unknown[] }).items, [])
})

test('no content/blog/ folder: no blog pages and no feed links (the basic fixture is unchanged)', async () => {
  const dir = tempCopy('blog')
  fs.rmSync(path.join(dir, 'content/blog'), { recursive: true })
  fs.rmSync(path.join(dir, 'content/i18n/vi/blog'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'content/docs/v2/index.md'), '# Home\n\nNo blog here.\n')
  const built = await buildBlogDir(dir)
  assert.not.ok([...built.output.keys()].some((k) => k.includes('blog/')))
  assert.not.match(html(built, 'index.html'), /rss\+xml/)
})

test('a config with a bad blog key is refused', async () => {
  const diags = await failingBuild(path.join(FIXTURES, 'blog'), {
    blog: { postsPerPage: 2, perPage: 3 } as never,
  })
  assert.match(diags.map(formatDiagnostic).join('\n'), /"blog.perPage" is not a known config key/)
})

test.run()
