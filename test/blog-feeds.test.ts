import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FIXTURES, html, tempCopy } from './helpers/index.js'
import { buildBlogDir } from './helpers/blog.js'
import { child, children, parseXml, textOf, type XmlElement } from './helpers/xml.js'
import { formatDiagnostic } from '../src/errors.js'
import type { BuildResult } from '../src/types.js'

let result: BuildResult
test.before(async () => {
  result = await buildBlogDir(path.join(FIXTURES, 'blog'))
})

const xml = (file: string): XmlElement => parseXml(html(result, file))
const ABS = /^https:\/\/fixture\.example\//

test('the XML reader used below refuses broken documents', () => {
  for (const bad of [
    '<a><b></a></b>',
    '<a>x & y</a>',
    '<a x="1" x="2"/>',
    '<a/><b/>',
    '<a>',
    'text',
    '<a x=1/>',
  ]) {
    assert.throws(() => parseXml(bad), undefined, bad)
  }
  assert.is(textOf(parseXml('<?xml version="1.0"?>\n<a>&lt;p&gt; &#233;<![CDATA[<b>]]></a>\n')), '<p> é<b>')
})

test('RSS 2.0: a channel with absolute links and every listed post, full content', () => {
  const rss = xml('blog/rss.xml')
  assert.is(rss.name, 'rss')
  assert.is(rss.attrs.version, '2.0')
  const channel = child(rss, 'channel')
  assert.is(textOf(child(channel, 'title')), 'Fixture Blog')
  assert.is(textOf(child(channel, 'link')), 'https://fixture.example/blog/')
  assert.is(textOf(child(channel, 'language')), 'en')
  assert.is(child(channel, 'atom:link').attrs.href, 'https://fixture.example/blog/rss.xml')
  const items = children(channel, 'item')
  assert.equal(
    items.map((i) => textOf(child(i, 'title'))),
    ['Second post', 'Hello world', 'An old post'],
  )
  const hello = items[1]!
  assert.is(textOf(child(hello, 'link')), 'https://fixture.example/blog/hello-world/')
  assert.is(textOf(child(hello, 'guid')), 'https://fixture.example/blog/hello-world/')
  assert.is(textOf(child(hello, 'pubDate')), 'Mon, 15 Jan 2024 00:00:00 GMT')
  assert.is(textOf(child(hello, 'dc:creator')), 'Alice Nguyen')
  assert.equal(children(hello, 'category').map(textOf), ['Hello', 'News'])
  const content = textOf(child(hello, 'content:encoded'))
  // The whole post, past the truncate marker, with links a feed reader can follow.
  assert.match(content, /More words below the fold/)
  assert.match(content, /<a href="https:\/\/fixture.example\/blog\/second-post\/">second post<\/a>/)
  assert.match(
    content,
    /<a href="https:\/\/fixture.example\/blog\/hello-world\/#details">back to details<\/a>/,
  )
  for (const m of content.matchAll(/(?:href|src)="([^"]+)"/g)) assert.match(m[1]!, ABS, m[1])
})

test('Atom: feed and entries with ids, dates, authors, categories and html content', () => {
  const feed = xml('blog/atom.xml')
  assert.is(feed.name, 'feed')
  assert.is(feed.attrs.xmlns, 'http://www.w3.org/2005/Atom')
  assert.is(textOf(child(feed, 'id')), 'https://fixture.example/blog/')
  assert.is(textOf(child(feed, 'updated')), '2024-02-01T00:00:00.000Z')
  assert.equal(
    children(feed, 'link').map((l) => [l.attrs.rel, l.attrs.href]),
    [
      ['alternate', 'https://fixture.example/blog/'],
      ['self', 'https://fixture.example/blog/atom.xml'],
    ],
  )
  const entries = children(feed, 'entry')
  assert.is(entries.length, 3)
  const old = entries[2]!
  assert.is(textOf(child(old, 'title')), 'An old post')
  assert.is(child(old, 'link').attrs.href, 'https://fixture.example/blog/old-post/')
  assert.is(textOf(child(old, 'published')), '2023-12-24T00:00:00.000Z')
  assert.equal(
    children(old, 'author').map((a) => textOf(child(a, 'name'))),
    ['Alice Nguyen', 'Carol Tran'],
  )
  assert.is(
    child(children(old, 'author')[0]!, 'uri') && textOf(child(children(old, 'author')[0]!, 'uri')),
    'https://example.com/alice',
  )
  assert.is(child(old, 'content').attrs.type, 'html')
  assert.match(textOf(child(old, 'content')), /^<p>An older post from the year before/)
})

test('JSON Feed 1.1: parses, absolute URLs, full content, authors with avatars', () => {
  const feed = JSON.parse(html(result, 'blog/feed.json')) as {
    version: string
    feed_url: string
    home_page_url: string
    items: Array<Record<string, unknown>>
  }
  assert.is(feed.version, 'https://jsonfeed.org/version/1.1')
  assert.is(feed.feed_url, 'https://fixture.example/blog/feed.json')
  assert.is(feed.home_page_url, 'https://fixture.example/blog/')
  assert.equal(
    feed.items.map((i) => i.id),
    [
      'https://fixture.example/blog/second-post/',
      'https://fixture.example/blog/hello-world/',
      'https://fixture.example/blog/old-post/',
    ],
  )
  const hello = feed.items[1]!
  assert.match(String(hello.content_html), /More words below the fold/)
  assert.is(hello.date_published, '2024-01-15T00:00:00.000Z')
  assert.equal(hello.authors, [
    {
      name: 'Alice Nguyen',
      url: 'https://example.com/alice',
      avatar: 'https://fixture.example/img/alice.svg',
    },
  ])
  assert.equal(hello.tags, ['Hello', 'News'])
  assert.is(feed.items[0]!.image, 'https://fixture.example/img/alice.svg')
})

test('Vietnamese feeds carry the Vietnamese posts and /vi/ links', () => {
  const rss = child(xml('vi/blog/rss.xml'), 'channel')
  assert.is(textOf(child(rss, 'language')), 'vi')
  assert.is(textOf(child(rss, 'link')), 'https://fixture.example/vi/blog/')
  assert.equal(
    children(rss, 'item').map((i) => textOf(child(i, 'title'))),
    ['Second post', 'Xin chào thế giới', 'An old post'],
  )
  assert.equal(children(children(rss, 'item')[1]!, 'category').map(textOf), ['Xin chào', 'Tin tức'])
  assert.is(textOf(child(xml('vi/blog/atom.xml'), 'id')), 'https://fixture.example/vi/blog/')
  assert.is((JSON.parse(html(result, 'vi/blog/feed.json')) as { language: string }).language, 'vi')
})

test('text that needs escaping keeps every feed well-formed', async () => {
  const dir = tempCopy('blog')
  fs.writeFileSync(
    path.join(dir, 'content/blog/2024-06-01-escapes.md'),
    '---\ntitle: "Tom & Jerry <3 ]]> \\"quoted\\""\ndescription: "a < b && c > d"\ntags: [news]\n---\n\nCode: `<script>alert(1)</script>` and a & b. ]]> <!-- a comment -->\n',
  )
  const built = await buildBlogDir(dir)
  const item = children(child(parseXml(html(built, 'blog/rss.xml')), 'channel'), 'item')[0]!
  assert.is(textOf(child(item, 'title')), 'Tom & Jerry <3 ]]> "quoted"')
  assert.is(textOf(child(item, 'description')), 'a < b && c > d')
  assert.match(
    textOf(child(item, 'content:encoded')),
    /<code>&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/code>/,
  )
  assert.is(
    textOf(child(children(parseXml(html(built, 'blog/atom.xml')), 'entry')[0]!, 'title')),
    'Tom & Jerry <3 ]]> "quoted"',
  )
  assert.is(
    (JSON.parse(html(built, 'blog/feed.json')) as { items: Array<{ title: string }> }).items[0]!.title,
    'Tom & Jerry <3 ]]> "quoted"',
  )
})

test('without `url` in the config there are no feeds, no head links, and one warning says why', async () => {
  const built = await buildBlogDir(path.join(FIXTURES, 'blog'), { url: undefined })
  assert.not.ok(
    built.output.has('blog/rss.xml') ||
      built.output.has('blog/atom.xml') ||
      built.output.has('blog/feed.json'),
  )
  assert.not.match(html(built, 'blog/index.html'), /application\/rss\+xml/)
  assert.equal(built.diagnostics.map(formatDiagnostic), [
    "docs-site.config.ts: warning: the blog feeds need the site `url`: no RSS, Atom or JSON feed was written [blog]\n    hint: set url: 'https://docs.example.com' in the config",
  ])
})

test.run()
