import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXTURES, html, snapshot } from './helpers/index.js'
import { buildBlogDir, mainOf } from './helpers/blog.js'
import { formatDiagnostic } from '../src/errors.js'
import type { BuildResult } from '../src/types.js'

let result: BuildResult
test.before(async () => {
  result = await buildBlogDir(path.join(FIXTURES, 'blog'))
})

const titles = (page: string) =>
  [...page.matchAll(/<h2 class="blog-post-title"><a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => m[2])

test('every blog page of both locales is built, drafts are not, and nothing is reported', () => {
  for (const locale of ['', 'vi/']) {
    for (const f of [
      'blog/index.html',
      'blog/page/2/index.html',
      'blog/hello-world/index.html',
      'blog/second-post/index.html',
      'blog/old-post/index.html',
      'blog/hidden/index.html',
      'blog/tags/index.html',
      'blog/tags/hello/index.html',
      'blog/tags/news/index.html',
      'blog/authors/index.html',
      'blog/authors/alice/index.html',
      'blog/authors/carol/index.html',
      'blog/archive/index.html',
      'blog/rss.xml',
      'blog/atom.xml',
      'blog/feed.json',
    ]) {
      assert.ok(result.output.has(locale + f), locale + f)
    }
  }
  assert.not.ok(
    [...result.output.keys()].some((k) => k.includes('draft')),
    'a draft was built',
  )
  assert.equal(result.diagnostics.map(formatDiagnostic), [])
})

test('the list: newest first, date, reading time, authors with avatars, tags, excerpt and Read more', () => {
  const page = html(result, 'blog/index.html')
  snapshot('blog-list.html', mainOf(page))
  assert.equal(titles(page), ['Second post', 'Hello world'])
  assert.match(
    page,
    /<time dateTime="2024-01-15T00:00:00.000Z">January 15, 2024<\/time> · <span class="blog-reading-time">One min read<\/span>/,
  )
  assert.match(
    page,
    /<img class="blog-author-avatar" src="\/img\/alice.svg" alt="" width="40" height="40"[^>]*\/><div class="blog-author-text"><a class="blog-author-name" href="\/blog\/authors\/alice\/">Alice Nguyen<\/a><small class="blog-author-title">Platform engineer<\/small>/,
  )
  // The excerpt stops at <!-- truncate -->; a "Read more" link names the post for screen readers.
  assert.match(page, /Welcome to the <strong>blog<\/strong>/)
  assert.not.match(page, /More words below the fold/)
  assert.match(
    page,
    /<a class="read-more" href="\/blog\/hello-world\/" aria-label="Read more about Hello world"><b>Read more<\/b><\/a>/,
  )
  // A post without the marker is shown whole, with no Read more.
  assert.is(page.match(/class="read-more"/g)?.length, 1)
  assert.match(page, /<a class="tag" href="\/blog\/tags\/news\/">News<\/a>/)
  assert.match(page, /<title>Blog \| Fixture<\/title>/)
})

test('pagination: 10 per page by default, here 2; paginator labels; newer and older links', () => {
  const first = html(result, 'blog/index.html')
  assert.match(
    first,
    /<p class="blog-paginator-label">Page 1 of 2<\/p><nav class="pager blog-paginator" aria-label="Blog list page navigation"><span><\/span><a class="pager-link pager-next" href="\/blog\/page\/2\/" rel="next"><span class="pager-label">Older entries »<\/span><\/a><\/nav>/,
  )
  const second = html(result, 'blog/page/2/index.html')
  assert.equal(titles(second), ['An old post'])
  assert.match(
    second,
    /<a class="pager-link pager-prev" href="\/blog\/" rel="prev"><span class="pager-label">« Newer entries<\/span><\/a><\/nav>/,
  )
  assert.not.match(second, /Older entries/)
  assert.match(second, /<title>Blog · Page 2 of 2 \| Fixture<\/title>/)
  assert.match(
    second,
    /<time dateTime="2023-12-24T00:00:00.000Z">December 24, 2023<\/time> · <span class="blog-reading-time">3 min read<\/span>/,
  )
})

test('a post: whole body, authors, TOC, newer and older posts, tags, edit link, resolved links', () => {
  const page = html(result, 'blog/hello-world/index.html')
  snapshot('blog-post.html', mainOf(page))
  assert.match(page, /<h1 class="blog-post-title">Hello world<\/h1>/)
  assert.match(page, /More words below the fold/)
  assert.not.match(page, /truncate/)
  assert.match(
    page,
    /<nav class="toc" aria-label="On this page"[^>]*>.*href="#details">Details<\/a>.*href="#a-smaller-heading"/,
  )
  assert.match(
    page,
    /<span class="pager-sub">Newer post<\/span><span class="pager-label">« Second post<\/span>/,
  )
  assert.match(
    page,
    /<a class="pager-link pager-next" href="\/blog\/old-post\/" rel="next"><span class="pager-sub">Older post<\/span>/,
  )
  assert.match(
    page,
    /href="https:\/\/github.com\/acme\/site\/edit\/main\/content\/blog\/2024-01-15-hello-world.md"/,
  )
  // A relative link to another post's file becomes that post's URL.
  assert.match(page, /<a href="\/blog\/second-post\/">second post<\/a>/)
  assert.match(page, /<meta name="description" content="The first post of the fixture blog."\/>/)
  // Slug from front matter, else from the file name without its date.
  assert.ok(result.output.has('blog/second-post/index.html') && result.output.has('blog/old-post/index.html'))
  // Front-matter image becomes the social card.
  assert.match(
    html(result, 'blog/second-post/index.html'),
    /<meta property="og:image" content="https:\/\/fixture.example\/img\/alice.svg"\/>/,
  )
})

test('tags: an index with counts and a page per tag listing its posts', () => {
  const tag = html(result, 'blog/tags/news/index.html')
  snapshot('blog-tag.html', mainOf(tag))
  assert.match(
    tag,
    /<h1>2 posts tagged with &quot;News&quot;<\/h1><p class="lead">What changed on the platform.<\/p><a href="\/blog\/tags\/">View all tags<\/a>/,
  )
  assert.equal(titles(tag), ['Second post', 'Hello world'])
  assert.match(html(result, 'blog/tags/hello/index.html'), /<h1>2 posts tagged with &quot;Hello&quot;<\/h1>/)
  const all = html(result, 'blog/tags/index.html')
  assert.match(
    all,
    /<a class="tag" href="\/blog\/tags\/hello\/" title="2 posts">Hello(<!-- -->)? <span class="tag-count">2<\/span><\/a>/,
  )
  assert.match(all, /<a class="tag" href="\/blog\/tags\/news\/" title="2 posts">News/)
})

test('authors: an index and a page per author with their posts', () => {
  const all = html(result, 'blog/authors/index.html')
  assert.match(all, /<h1>Authors<\/h1>/)
  assert.match(
    all,
    /<a class="blog-author-name" href="\/blog\/authors\/alice\/">Alice Nguyen<\/a><p class="blog-author-title">Platform engineer<\/p><p class="blog-author-count">2 posts<\/p>/,
  )
  assert.match(
    all,
    /href="\/blog\/authors\/carol\/">Carol Tran<\/a><p class="blog-author-title">QA lead<\/p><p class="blog-author-count">One post<\/p>/,
  )
  const alice = html(result, 'blog/authors/alice/index.html')
  assert.match(
    alice,
    /<h1>Alice Nguyen<\/h1><p class="blog-author-title">Platform engineer<\/p><p class="blog-author-count">2 posts(<!-- -->)? · <a href="https:\/\/example.com\/alice"/,
  )
  assert.equal(titles(alice), ['Hello world', 'An old post'])
  assert.match(alice, /<a href="\/blog\/authors\/">View all authors<\/a>/)
  // An inline author has no page: the name is plain text.
  assert.match(
    html(result, 'blog/second-post/index.html'),
    /<span class="blog-author-name">Bob Inline<\/span><small class="blog-author-title">Guest writer<\/small>/,
  )
})

test('archive: every listed post grouped by year, newest first', () => {
  const page = html(result, 'blog/archive/index.html')
  snapshot('blog-archive.html', mainOf(page))
  assert.match(
    page,
    /<h2>2024<\/h2><ul><li><time dateTime="2024-02-01T00:00:00.000Z">February 1, 2024<\/time> – <a href="\/blog\/second-post\/">Second post<\/a><\/li><li>.*Hello world.*<h2>2023<\/h2>.*An old post/,
  )
})

test('the blog sidebar groups recent posts by year and marks the current post', () => {
  const page = html(result, 'blog/hello-world/index.html')
  assert.match(
    page,
    /<aside class="blog-sidebar"><nav aria-label="Blog recent posts navigation"><p class="blog-sidebar-title">Recent posts<\/p><div class="blog-sidebar-year"><p class="blog-sidebar-year-title">2024<\/p><ul class="blog-sidebar-list"><li><a href="\/blog\/second-post\/">Second post<\/a><\/li><li><a class="active" href="\/blog\/hello-world\/" aria-current="page">Hello world<\/a><\/li><\/ul><\/div><div class="blog-sidebar-year"><p class="blog-sidebar-year-title">2023<\/p>/,
  )
  // The mobile drawer carries the same posts.
  assert.match(page, /<nav class="mobile-secondary"[\s\S]*2024[\s\S]*href="\/blog\/second-post\/"/)
})

test('an unlisted post is built with the notice and noindex, and left out of lists, tags, authors, archive and sitemap', () => {
  const page = html(result, 'blog/hidden/index.html')
  assert.match(
    page,
    /<div class="admonition-heading">Unlisted page<\/div><div class="admonition-content"><p>This page is unlisted. Search engines will not index it, and only users having a direct link can access it.<\/p>/,
  )
  assert.match(page, /<meta name="robots" content="noindex, nofollow"\/>/)
  assert.not.match(page, /rel="prev"|rel="next"/)
  for (const f of [
    'blog/index.html',
    'blog/page/2/index.html',
    'blog/tags/news/index.html',
    'blog/authors/carol/index.html',
    'blog/archive/index.html',
    'blog/second-post/index.html',
    'sitemap.xml',
    'blog/rss.xml',
  ]) {
    assert.not.match(html(result, f), /Hidden post|\/blog\/hidden\//, f)
  }
  assert.match(html(result, 'sitemap.xml'), /<loc>https:\/\/fixture.example\/blog\/page\/2\/<\/loc>/)
})

test('Vietnamese: translated posts, English fallback with a notice, translated labels and plurals', () => {
  const list = html(result, 'vi/blog/index.html')
  assert.match(list, /<html lang="vi"/)
  assert.equal(titles(list), ['Second post', 'Xin chào thế giới'])
  assert.match(
    list,
    /<time dateTime="2024-01-15T00:00:00.000Z">15 tháng 1, 2024<\/time> · <span class="blog-reading-time">1 phút đọc<\/span>/,
  )
  assert.match(list, /aria-label="Đọc thêm về Xin chào thế giới"><b>Đọc thêm<\/b>/)
  assert.match(list, /<p class="blog-paginator-label">Trang 1\/2<\/p>.*Bài cũ hơn »/)
  assert.match(list, /<a class="tag" href="\/vi\/blog\/tags\/news\/">Tin tức<\/a>/)
  assert.match(list, /<p class="blog-sidebar-title">Bài viết gần đây<\/p>/)
  const fallback = html(result, 'vi/blog/second-post/index.html')
  assert.match(fallback, /<div class="admonition-heading">Chưa được dịch<\/div>/)
  assert.match(fallback, /A post without a truncate marker/)
  const translated = html(result, 'vi/blog/hello-world/index.html')
  assert.not.match(translated, /Chưa được dịch/)
  assert.match(translated, /<a href="\/vi\/blog\/second-post\/">bài thứ hai<\/a>/)
  assert.match(
    html(result, 'vi/blog/tags/news/index.html'),
    /<h1>2 bài viết được gắn thẻ &quot;Tin tức&quot;<\/h1>/,
  )
  assert.match(html(result, 'vi/blog/authors/index.html'), /<p class="blog-author-count">1 bài viết<\/p>/)
  assert.match(html(result, 'vi/blog/archive/index.html'), /<h1>Lưu trữ<\/h1>/)
  // The language switch leads to the same post.
  assert.match(
    html(result, 'blog/hello-world/index.html'),
    /<link rel="alternate" hrefLang="vi" href="https:\/\/fixture.example\/vi\/blog\/hello-world\/"\/>/,
  )
})

test("every page links its locale's feeds from the head", () => {
  for (const [f, prefix] of [
    ['index.html', '/'],
    ['blog/hello-world/index.html', '/'],
    ['vi/blog/index.html', '/vi/'],
  ] as const) {
    const page = html(result, f)
    assert.match(
      page,
      new RegExp(
        `<link rel="alternate" type="application/rss\\+xml" title="Fixture Blog RSS Feed" href="${prefix}blog/rss.xml"/>`,
      ),
      f,
    )
    assert.match(
      page,
      new RegExp(
        `<link rel="alternate" type="application/atom\\+xml" title="Fixture Blog Atom Feed" href="${prefix}blog/atom.xml"/>`,
      ),
      f,
    )
    assert.match(
      page,
      new RegExp(
        `<link rel="alternate" type="application/feed\\+json" title="Fixture Blog JSON Feed" href="${prefix}blog/feed.json"/>`,
      ),
      f,
    )
  }
})

test.run()
