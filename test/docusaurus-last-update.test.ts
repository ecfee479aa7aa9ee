// The docs plugin's page options and the blog's route in a Docusaurus site
// (test/fixtures/docusaurus/site-options): "Last updated on DATE by AUTHOR" from a git repository
// made here (or the front matter), no breadcrumbs under `breadcrumbs: false`, and a blog served at
// /news, or at the root of a blog-only site.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildDir, FIXTURES, html, tempDir } from './helpers/index.js'
import type { BuildResult } from '../src/types.js'

const FIXTURE = path.join(FIXTURES, 'docusaurus/site-options')
const made: string[] = []

/** A writable copy of the fixture, its Docusaurus config edited by `edit`. */
function copy(edit: (config: string) => string = (c) => c): string {
  const dir = tempDir('docs-site-last-update-')
  made.push(dir)
  fs.cpSync(FIXTURE, dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}build`) })
  const file = path.join(dir, 'docusaurus.config.js')
  fs.writeFileSync(file, edit(fs.readFileSync(file, 'utf8')))
  return dir
}

/** Commits everything in `dir` as `author` at `date` (UTC), in a repository made on first use. */
function commit(dir: string, author: string, date: string): void {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: author,
    GIT_AUTHOR_EMAIL: 'field@lanternfly.example',
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: author,
    GIT_COMMITTER_EMAIL: 'field@lanternfly.example',
    GIT_COMMITTER_DATE: date,
  }
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', ...args], { cwd: dir, env, stdio: 'pipe' })
  if (!fs.existsSync(path.join(dir, '.git'))) git('init', '-q')
  git('add', '-A')
  git('commit', '-q', '-m', `work of ${author}`)
}

/** The doc's "last updated" line as text, or undefined when the page has none. */
function lastUpdated(r: BuildResult, file: string): string | undefined {
  const m = /<small class="last-updated">([\s\S]*?)<\/small>/.exec(html(r, file))
  return m?.[1]!.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')
}

let repo: BuildResult
test.before(async () => {
  const dir = copy()
  commit(dir, 'Ada Field', '2024-05-06T10:00:00Z')
  const survey = path.join(dir, 'docs/guides/survey.md')
  fs.appendFileSync(survey, '\nCount twice on windy days.\n')
  commit(dir, 'Bo Rivers', '2024-07-08T23:30:00Z')
  // A page written since, not committed yet: git knows nothing of it.
  fs.writeFileSync(path.join(dir, 'docs/guides/draft.md'), '---\ntitle: Draft\n---\n\nNot committed.\n')
  repo = await buildDir(dir)
})
test.after(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

test('each doc says when its file was last committed and by whom, in the page’s language', () => {
  assert.is(lastUpdated(repo, 'docs/guides/survey/index.html'), 'Last updated on Jul 8, 2024 by Bo Rivers')
  assert.is(lastUpdated(repo, 'docs/intro/index.html'), 'Last updated on May 6, 2024 by Ada Field')
  assert.is(
    lastUpdated(repo, 'fr/docs/guides/survey/index.html'),
    'Dernière mise à jour le 8 juil. 2024 par Bo Rivers',
  )
  assert.match(
    html(repo, 'docs/guides/survey/index.html'),
    '<time dateTime="2024-07-08T23:30:00.000Z">Jul 8, 2024</time>',
  )
})

test('front matter `last_update` wins over git; a file git does not know shows no line', () => {
  assert.is(lastUpdated(repo, 'docs/guides/install/index.html'), 'Last updated on Mar 15, 2024 by Field Team')
  assert.is(lastUpdated(repo, 'docs/guides/draft/index.html'), undefined)
  assert.equal(
    repo.diagnostics.filter((d) => d.severity === 'error'),
    [],
  )
})

test('without git there is no line and no error; with the time alone, no author', async () => {
  const plain = await buildDir(copy())
  assert.is(lastUpdated(plain, 'docs/intro/index.html'), undefined)
  assert.is(
    lastUpdated(plain, 'docs/guides/install/index.html'),
    'Last updated on Mar 15, 2024 by Field Team',
  )
  assert.not.ok(plain.diagnostics.some((d) => /git/i.test(d.message)))
  const dir = copy((c) => c.replace('showLastUpdateAuthor: true', 'showLastUpdateAuthor: false'))
  commit(dir, 'Ada Field', '2024-05-06T10:00:00Z')
  const timeOnly = await buildDir(dir)
  assert.is(lastUpdated(timeOnly, 'docs/intro/index.html'), 'Last updated on May 6, 2024')
})

test('the options off: no line at all', async () => {
  const dir = copy((c) => c.replace(/\s+showLastUpdate\w+: true,/g, ''))
  commit(dir, 'Ada Field', '2024-05-06T10:00:00Z')
  const off = await buildDir(dir)
  assert.not.match(html(off, 'docs/guides/install/index.html'), 'last-updated')
})

test('a `last_update` that is not a date and an author is an error at the page', async () => {
  const dir = copy()
  const file = path.join(dir, 'docs/guides/survey.md')
  fs.writeFileSync(file, '---\ntitle: Survey\nlast_update:\n  date: someday\n---\n\nText.\n')
  const err = await buildDir(dir).then(
    () => undefined,
    (e: { diagnostics?: Array<{ message: string; at?: { file: string } }> }) => e.diagnostics,
  )
  const d = err?.find((x) => x.message.includes('last_update'))
  assert.ok(d, JSON.stringify(err))
  assert.is(d!.at?.file, 'docs/guides/survey.md')
})

test('breadcrumbs: false leaves them off doc pages; by default a doc in a category has them', async () => {
  // In the Docusaurus layout the element carries Docusaurus's class names too.
  assert.not.match(html(repo, 'docs/guides/survey/index.html'), /class="breadcrumbs[ "]/)
  const shown = await buildDir(copy((c) => c.replace('breadcrumbs: false,', '')))
  assert.match(html(shown, 'docs/guides/survey/index.html'), /class="breadcrumbs[ "]/)
})

test('blog.routeBasePath "news": list, posts, tags, authors, archive and feeds under /news; links to posts resolve', () => {
  const urls = repo.site.routes.filter((r) => r.data.kind.startsWith('blog-')).map((r) => r.url)
  assert.ok(urls.length > 0)
  for (const u of urls) assert.ok(u.startsWith('/handbook/news/') || u.startsWith('/handbook/fr/news/'), u)
  for (const f of [
    'news/index.html',
    'news/page/2/index.html',
    'news/2024/04/02/first-season/index.html',
    'news/tags/season/index.html',
    'news/authors/mara/index.html',
    'news/archive/index.html',
    'news/rss.xml',
    'news/atom.xml',
    'news/feed.json',
    'fr/news/rss.xml',
  ])
    assert.ok(repo.output.has(f), f)
  assert.not.ok([...repo.output.keys()].some((f) => f.startsWith('blog/')))
  assert.match(html(repo, 'docs/intro/index.html'), 'href="/handbook/news/2024/04/02/first-season/"')
  // A post's .md link to another post, from the posts' own folder (blog.path: news-posts).
  assert.match(
    html(repo, 'news/2024/04/02/first-season/index.html'),
    'href="/handbook/news/2024/06/20/second-season/"',
  )
  assert.match(
    String(repo.output.get('news/rss.xml')),
    '<link>https://lanternfly.example/handbook/news/</link>',
  )
})

test('a blog-only site (routeBasePath "/"): the blog is the home page, its pages at the root', async () => {
  const dir = copy(() =>
    [
      'module.exports = {',
      "  title: 'Lanternfly', url: 'https://lanternfly.example', baseUrl: '/',",
      "  presets: [['classic', { docs: false, blog: { routeBasePath: '/', path: 'news-posts', postsPerPage: 1 } }]],",
      '}',
    ].join('\n'),
  )
  fs.rmSync(path.join(dir, 'docs'), { recursive: true })
  fs.rmSync(path.join(dir, 'src/pages/index.md'))
  const r = await buildDir(dir)
  assert.match(html(r, 'index.html'), 'First season')
  for (const f of [
    '2024/04/02/first-season/index.html',
    'tags/season/index.html',
    'authors/mara/index.html',
    'archive/index.html',
    'page/2/index.html',
    'rss.xml',
  ])
    assert.ok(r.output.has(f), f)
  assert.match(html(r, '2024/04/02/first-season/index.html'), 'href="/2024/06/20/second-season/"')
})

test.run()
