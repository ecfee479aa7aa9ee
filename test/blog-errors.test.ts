import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { html, tempCopy } from './helpers/index.js'
import { buildBlogDir, failingBuild } from './helpers/blog.js'
import { formatDiagnostic } from '../src/errors.js'
import { dateFromPath, parseDate, readingTime, slugFromPath, splitExcerpt } from '../src/blog/post-text.js'

const write = (dir: string, file: string, text: string) => fs.writeFileSync(path.join(dir, file), text)

test('dates: calendar days only, optional time and zone, UTC by default', () => {
  assert.is(parseDate('2024-01-15'), '2024-01-15T00:00:00.000Z')
  assert.is(parseDate('2024-01-15T09:30:00+07:00'), '2024-01-15T02:30:00.000Z')
  assert.is(parseDate('2024-1-5 10:00'), '2024-01-05T10:00:00.000Z')
  for (const bad of ['2024-02-30', '2024-13-01', '15/01/2024', 'yesterday', '2024-01-15T25:00'])
    assert.is(parseDate(bad), undefined, bad)
  assert.is(dateFromPath('2024-01-15-hello.md'), '2024-01-15T00:00:00.000Z')
  assert.is(dateFromPath('2024-01-15-hello/index.md'), '2024-01-15T00:00:00.000Z')
  assert.is(dateFromPath('hello.md'), undefined)
  assert.is(dateFromPath('2024-13-45-oops.md'), null)
  assert.equal(['2024-01-15-hello-world.md', '2024-01-15-hello/index.md', 'plain.md'].map(slugFromPath), [
    'hello-world',
    'hello',
    'plain',
  ])
})

test('reading time: words / 200 rounded up, at least one minute; the excerpt ends at the marker', () => {
  const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ')
  assert.is(readingTime(''), 1)
  assert.is(readingTime(words(200)), 1)
  assert.is(readingTime(words(201)), 2)
  assert.is(
    readingTime(`${words(150)} <!-- ${words(400)} --> [link](https://a.example/${words(1)}) ${words(49)}`),
    1,
  )
  assert.equal(splitExcerpt('<p>a</p>\n<!-- truncate -->\n<p>b</p>\n'), {
    html: '<p>a</p>\n<p>b</p>\n',
    excerptHtml: '<p>a</p>\n',
    truncated: true,
  })
  assert.equal(splitExcerpt('<pre>&lt;!-- truncate --&gt;</pre>'), {
    html: '<pre>&lt;!-- truncate --&gt;</pre>',
    excerptHtml: '<pre>&lt;!-- truncate --&gt;</pre>',
    truncated: false,
  })
})

test('bad input: every problem is reported at once with its file, line and column', async () => {
  const dir = tempCopy('blog')
  write(
    dir,
    'content/blog/2024-05-05-bad-author.md',
    '---\ntitle: Bad author\nauthors:\n  - alice\n  - zed\n---\n\nBody.\n',
  )
  write(dir, 'content/blog/2024-05-06-bad-date.md', '---\ntitle: Bad date\ndate: 2024-02-30\n---\n\nBody.\n')
  write(dir, 'content/blog/2024-13-45-oops.md', '---\ntitle: Bad file date\n---\n\nBody.\n')
  write(dir, 'content/blog/no-date.md', '---\ntitle: No date\n---\n\nBody.\n')
  write(dir, 'content/blog/2024-05-07-bad-tag.md', '---\ntitle: Bad tag\ntags: [news, 42]\n---\n\nBody.\n')
  write(
    dir,
    'content/blog/2024-05-08-nameless.md',
    '---\ntitle: Nameless\nauthors: { title: Ghost }\n---\n\nBody.\n',
  )
  const out = (await failingBuild(dir)).map(formatDiagnostic).join('\n')
  assert.match(
    out,
    /^content\/blog\/2024-05-05-bad-author\.md:5:5: error: unknown author "zed": no such key in content\/blog\/authors\.yml \[blog\]\n {4}hint: known authors: alice, carol$/m,
  )
  assert.match(
    out,
    /^content\/blog\/2024-05-06-bad-date\.md:3:7: error: bad date "2024-02-30": write YYYY-MM-DD, optionally with a time \(2024-01-15T09:30:00Z\) \[blog\]$/m,
  )
  assert.match(out, /> 3 \| date: 2024-02-30/)
  assert.match(
    out,
    /^content\/blog\/2024-13-45-oops\.md:1:1: error: bad date in the file name "2024-13-45-oops\.md": not a calendar date \[blog\]$/m,
  )
  assert.match(
    out,
    /^content\/blog\/no-date\.md:1:1: error: the post has no date \[blog\]\n {4}hint: name the file YYYY-MM-DD-slug\.md or set `date: YYYY-MM-DD` in the front matter$/m,
  )
  assert.match(
    out,
    /^content\/blog\/2024-05-07-bad-tag\.md:3:1: error: "tags" must be a list of strings, got \["news",42\] \[frontmatter\]$/m,
  )
  assert.match(out, /^content\/blog\/2024-05-08-nameless\.md:3:\d+: error: author has no `name` \[blog\]$/m)
})

test('a tag missing from tags.yml, an unknown tag field and an unknown author field only warn; the inline tag gets a page', async () => {
  const dir = tempCopy('blog')
  write(
    dir,
    'content/blog/2024-05-09-inline-tag.md',
    '---\ntitle: Inline tag\ntags:\n  - news\n  - Release Notes\n---\n\nBody.\n',
  )
  fs.appendFileSync(path.join(dir, 'content/blog/tags.yml'), '  style: red\n')
  fs.appendFileSync(path.join(dir, 'content/blog/authors.yml'), '  twitter: carol\n')
  const built = await buildBlogDir(dir)
  const out = built.diagnostics.map(formatDiagnostic)
  assert.equal(out, [
    'content/blog/authors.yml:10:12: warning: unknown author field "twitter" in "carol" [blog]\n    hint: known fields: name, title, url, image_url',
    'content/blog/tags.yml:7:10: warning: unknown tag field "style" in "news" [blog]\n    hint: known fields: label, description, permalink',
    'content/blog/2024-05-09-inline-tag.md:5:5: warning: tag "Release Notes" is not defined in content/blog/tags.yml; it is used as an inline tag [blog]\n    hint: add "Release Notes" with a label and description to content/blog/tags.yml',
  ])
  assert.match(
    html(built, 'blog/tags/release-notes/index.html'),
    /<h1>One post tagged with &quot;Release Notes&quot;<\/h1>/,
  )
})

test('broken authors.yml: an error with its line, and posts naming those authors are not blamed twice', async () => {
  const dir = tempCopy('blog')
  write(dir, 'content/blog/authors.yml', 'alice:\n  name: Alice\n  title: [unclosed\ncarol:\n  name: Carol\n')
  const out = (await failingBuild(dir)).map(formatDiagnostic).join('\n')
  assert.match(out, /^content\/blog\/authors\.yml:\d+:\d+: error: authors\.yml: .+ \[blog\]$/m)
  assert.not.match(out, /unknown author/)
})

test('a link to a missing post file only warns, at its line', async () => {
  const dir = tempCopy('blog')
  fs.appendFileSync(
    path.join(dir, 'content/blog/2024-02-01-second.md'),
    '\nSee [nothing](./2020-01-01-nothing.md).\n',
  )
  const built = await buildBlogDir(dir)
  assert.equal(built.diagnostics.map(formatDiagnostic), [
    'content/blog/2024-02-01-second.md:13:15: warning: broken markdown link "./2020-01-01-nothing.md": no post 2020-01-01-nothing.md in the blog [broken-markdown-link]',
  ])
})

test.run()
