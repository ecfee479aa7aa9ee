import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import fg from 'fast-glob'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { DevServer } from '../src/serve/index.js'
import { createMarkdown } from '../src/parse/markdown.js'
import { createHighlighter } from '../src/parse/highlight.js'
import { readFrontMatter } from '../src/parse/frontmatter.js'
import { leadingTitle } from '../src/parse/markdown.js'
import { markdownLabels } from '../src/parse/index.js'
import { loadThemeStrings } from '../src/i18n.js'
import { cache, ROOT, tempCopy, tempSite } from './helpers/index.js'
import {
  firstOk,
  getFrom,
  liveClient,
  serveQuietly,
  serveStarting,
  spawnServe,
  tokenOf,
} from './helpers/serve-client.js'
import { launchChromium } from './helpers/browser.js'

// serve reads front matter up front and renders a doc's body when its page is first asked for.
// What a writer must not notice: titles, errors in bodies, co-located files.

test('the title serve reads from the first lines of a body is the one the full render finds, for every doc', async () => {
  const md = createMarkdown(await createHighlighter())
  const labels = markdownLabels(loadThemeStrings('en'))
  const files = await fg(['content/**/*.md', 'test/fixtures/**/content/**/*.md'], {
    cwd: ROOT,
    absolute: true,
  })
  const odd = [
    '# Title with `code` and **bold** {#custom}\n\nBody.',
    '<!-- a comment -->\n\n# After a comment\n',
    '```md\n# not a title\n```\n',
    'Setext title\n============\n\ntext',
    'Intro paragraph.\n\n# Late heading\n',
  ]
  let compared = 0
  for (const [file, text] of [
    ...files.map((f) => [f, fs.readFileSync(f, 'utf8')] as const),
    ...odd.map((t, i) => [`odd-${i}.md`, t] as const),
  ]) {
    const fm = readFrontMatter(text, file)
    if (fm.diagnostics.some((d) => d.severity === 'error')) continue
    let full: string | undefined
    try {
      full = md(fm.body, {
        file,
        absPath: path.resolve(ROOT, file),
        bodyLine: fm.bodyLine,
        labels,
        baseUrl: '/',
        root: ROOT,
      }).contentTitle
    } catch {
      continue
    }
    assert.is(leadingTitle(fm.body), full, file)
    compared++
  }
  assert.ok(compared > 150, `compared ${compared} docs`)
})

let dir = ''
let server: DevServer
let token = ''
const get = (target: string) => getFrom(server.port, target)

test.before(async () => {
  dir = tempCopy('assets')
  fs.writeFileSync(
    path.join(dir, 'content/docs/v2/broken.md'),
    '---\ntitle: Broken\n---\n\nBefore.\n\n<!-- include: ./_missing.md -->\n',
  )
  server = await serveQuietly({ root: dir, cache })
  token = tokenOf((await get('/')).body)
})
test.after(() => server.close())

test('a co-located image of a page rendered on request is served, and its links are not broken', async () => {
  const page = await get('/guide/setup/')
  assert.is(page.status, 200)
  const src = /<img[^>]+src="\/(assets\/files\/diagram\.[\w-]+\.png)"/.exec(page.body)?.[1]
  assert.ok(src, 'the image is rewritten to its hashed name')
  const img = await get('/' + src)
  assert.is(img.status, 200)
  assert.is(img.headers['content-type'], 'image/png')
  const pdf = /href="\/(assets\/files\/guide\.[\w-]+\.pdf)"/.exec(page.body)?.[1]
  assert.is((await get('/' + pdf)).status, 200)
  const { all, ws } = await liveClient(server.port, token)
  await new Promise((r) => setTimeout(r, 200))
  assert.not.ok(
    all.some((m) => m.diagnostics?.some((d) => d.where.includes('setup.md'))),
    JSON.stringify(all),
  )
  ws.close()
})

test('a page with a diagram shown on request gets mermaid (read when asked for) and leaves nothing running once serve closes', () => {
  // In its own process: what keeps a process alive is what is being tested.
  const dir = tempCopy('markdown')
  const script = path.join(dir, 'serve-once.mts')
  fs.writeFileSync(
    script,
    `import { serve } from ${JSON.stringify(path.join(ROOT, 'src/serve/index.ts'))}
const server = await serve({ root: ${JSON.stringify(dir)}, port: 0, log: () => undefined, logError: () => undefined })
const base = 'http://localhost:' + server.port
const page = await fetch(base + '/diagram/')
const html = await page.text()
console.log(page.status, html.includes('class="mermaid"'))
// mermaid's module and a chunk it imports, read when first asked for, their imports rewritten to .js.
const url = /data-mermaid="([^"]+)"/.exec(html)[1]
const entry = await fetch(base + url)
const code = await entry.text()
const chunk = /["'](\\.\\/chunks\\/[^"']+)["']/.exec(code)[1]
const next = await fetch(new URL(chunk, base + url))
console.log(entry.status, entry.headers.get('content-type'), next.status, chunk.endsWith('.js'), /\\.mjs["']/.test(code))
// Content-hashed as in a build (assets/mermaid.<hash>/): the browser keeps them.
console.log(entry.headers.get('cache-control'), next.headers.get('cache-control'))
await server.close()
`,
  )
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  })
  assert.is(
    r.stdout.trim(),
    '200 true\n200 text/javascript; charset=utf-8 200 true false\n' +
      'public, max-age=31536000, immutable public, max-age=31536000, immutable',
    r.stderr,
  )
  // A mermaid worker started for the page had held the process open until it was killed.
  assert.is(r.signal, null, 'the process ended by itself')
  assert.is(r.status, 0, r.stderr)
})

test('an error in the body of a page nobody opened reaches the overlay, with its file and line', async () => {
  const { next, ws } = await liveClient(server.port, token)
  // The background pass (search index and body checks) runs a second after the revision.
  const msg = await next((m) => m.type === 'error' || !!m.diagnostics?.length, 20_000)
  const error = msg.diagnostics!.find((d) => d.severity === 'error')
  assert.ok(error, JSON.stringify(msg))
  assert.match(error!.where, /^content\/docs\/v2\/broken\.md:7/)
  assert.match(error!.message, /_missing\.md/)
  // Fixing the file clears it.
  fs.writeFileSync(path.join(dir, 'content/docs/v2/broken.md'), '---\ntitle: Broken\n---\n\nFixed.\n')
  const reload = await next((m) => m.type === 'reload')
  assert.not.ok(reload.diagnostics?.length)
  assert.match((await get('/broken/')).body, /Fixed\./)
  ws.close()
})

test('in the browser, a save of one page swaps that page in place (no reload, same scroll) and leaves the others as they are', async () => {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext()
    const [edited, other] = [await context.newPage(), await context.newPage()]
    await edited.goto(`http://localhost:${server.port}/guide/setup/`)
    await other.goto(`http://localhost:${server.port}/`)
    // A mark that a reload would wipe.
    for (const p of [edited, other]) await p.evaluate(() => ((window as { mark?: number }).mark = 1))
    await edited.setViewportSize({ width: 800, height: 200 })
    await edited.evaluate(() => window.scrollTo(0, 120))
    const file = path.join(dir, 'content/docs/v2/guide/setup.md')
    fs.appendFileSync(file, '\nSaved from the editor.\n')
    await edited.waitForSelector('text=Saved from the editor.')
    assert.is(await edited.evaluate(() => (window as { mark?: number }).mark), 1)
    assert.is(await edited.evaluate(() => window.scrollY), 120)
    await new Promise((r) => setTimeout(r, 300))
    assert.is(await other.evaluate(() => (window as { mark?: number }).mark), 1)
  } finally {
    await browser.close()
  }
})

test('a second start takes unchanged front matter from the cache and reads a changed file again', async () => {
  const root = tempCopy('basic')
  fs.mkdirSync(path.join(root, 'node_modules'))
  const start = () => serveQuietly({ root })
  const page = async (s: DevServer, p: string) => (await getFrom(s.port, p)).body
  let s = await start()
  await s.close()
  const cacheDir = path.join(root, 'node_modules/.cache/docs-site')
  const file = path.join(
    cacheDir,
    fs.readdirSync(cacheDir).find((n) => n.startsWith('heads-'))!,
  )
  const heads = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { data: { title?: string } }>
  const setup = path.join(root, 'content/docs/v2/guide/setup.md')
  const intro = path.join(root, 'content/docs/v2/guide/intro.md')
  assert.ok(heads[setup] && heads[intro], Object.keys(heads).join(', '))
  // A kept entry is used as it is (here altered, to see it), a changed file is read again.
  heads[setup]!.data.title = 'Setup, as the cache remembers it'
  fs.writeFileSync(file, JSON.stringify(heads))
  const introText = fs.readFileSync(intro, 'utf8')
  fs.writeFileSync(intro, introText.replace(/^title: .*$/m, 'title: Introduction, edited while stopped'))
  s = await start()
  try {
    const setupPage = await page(s, '/guide/setup/')
    assert.match(setupPage, /Setup, as the cache remembers it/)
    // Its body is read from the file when the page is shown.
    assert.match(setupPage, /<h2[^>]*id="install"/)
    assert.match(setupPage, /Run <code>npm ci<\/code>\./)
    assert.match(await page(s, '/guide/intro/'), /Introduction, edited while stopped/)
  } finally {
    await s.close()
  }
})

test('a blog page asked for while serve still answers from its first, blog-less site comes with the full site', async () => {
  const root = tempCopy('assets')
  // A doc links to the blog: the first answer, made without it, must not call the link broken.
  fs.appendFileSync(path.join(root, 'content/docs/v2/guide/setup.md'), '\nSee [the post](/blog/hello/).\n')
  const { port, starting, errors, page } = await serveStarting(root)
  try {
    // The first doc page answered; whatever the timing, the blog's pages are then served too.
    await firstOk(port, '/guide/setup/')
    const post = await page('/blog/hello/')
    assert.is(post?.status, 200)
    assert.match(post!.body, /<h1[^>]*>/)
    await starting
    assert.is((await page('/blog/'))?.status, 200)
  } finally {
    await (await starting).close()
  }
  assert.not.ok(
    errors.some((e) => /broken/.test(e)),
    errors.join('\n'),
  )
})

test("serve answers first from its root page's version and locale; the others' pages come with the full site, and a page it showed that the full site renders differently is swapped", async () => {
  const root = tempCopy('basic')
  const { port, starting, errors, page } = await serveStarting(root)
  try {
    const home = (await firstOk(port, '/'))!
    const revision = Number(/data-revision="(\d+)"/.exec(home.body)![1])
    const { next, ws } = await liveClient(port, tokenOf(home.body))
    // Whatever the timing: a page of another locale and of another version, asked for now.
    const vi = await page('/vi/guide/intro/')
    assert.is(vi?.status, 200)
    assert.match(vi!.body, /<html lang="vi"/)
    assert.is((await page('/v1/'))?.status, 200)
    await starting
    // The full site knows '/' has a twin in v1 (the version menu keeps the reader's place there);
    // the browser showing the first answer is told: a reload of '/' to swap in place, or (when
    // it connected after the swap) a newer revision than its page's.
    const told = await next((m) => (m.type === 'reload' && !!m.paths?.includes('/')) || m.revision > revision)
    assert.ok(told.revision > revision, JSON.stringify(told))
    assert.match((await page('/'))!.body, /data-version="v1" data-keep-hash/)
    ws.close()
  } finally {
    await (await starting).close()
  }
  assert.equal(errors, [])
})

test("a request that came while serve's first site was being prepared is answered before the full site is (caches warm)", async () => {
  // Enough docs that reading them (from the cache of front matter) holds the thread for a while,
  // and a second locale, so that serve answers first from the root page's locale alone.
  const files: Record<string, string> = {
    'docs-site.config.ts': `export default { title: 'Busy', i18n: { defaultLocale: 'en', locales: { en: { label: 'English', htmlLang: 'en' }, vi: { label: 'Tiếng Việt', htmlLang: 'vi' } } } }\n`,
    'content/docs/intro.md': '---\ntitle: Intro\nslug: /\n---\n\nHello.\n',
    'content/i18n/vi/docs/intro.md': '---\ntitle: Giới thiệu\nslug: /\n---\n\nXin chào.\n',
  }
  for (let i = 0; i < 600; i++)
    files[`content/docs/part-${i % 20}/page-${i}.md`] =
      `---\ntitle: Page ${i}\ntags: [a, b]\n---\n\nText ${i}.\n`
  const root = tempSite('docs-site-busy-', { ...files, 'node_modules/.keep': '' })
  const start = async (every: number) => {
    const { port, child, exit, output, ended } = await spawnServe(root)
    await firstOk(port, '/', every, ended)
    // What serve had printed when its first page came.
    const seen = output()
    while (!/pages ready/.test(output()) && !ended()) await new Promise((r) => setTimeout(r, 20))
    assert.not.ok(ended(), 'serve ended')
    child.kill('SIGTERM')
    await exit
    return seen
  }
  await start(20)
  // The second start reads every doc's front matter from the cache of the first.
  assert.not.match(await start(2), /pages ready/)
})

test("the blog's feeds carry highlighted code even when the highlighter is still loading (no cache)", async () => {
  // A fresh copy has no node_modules, so no highlight cache: the code is highlighted after serve
  // starts answering, and a feed asked for at once must wait for it rather than show placeholders.
  const root = tempCopy('machine')
  const post = path.join(root, 'content/blog/2024-03-05-launch.md')
  fs.appendFileSync(post, '\n```js\nconst feedCheck = ' + Date.now() + '\n```\n')
  const server = await serveQuietly({ root })
  try {
    const get = (p: string) => getFrom(server.port, p)
    for (const feed of ['/blog/atom.xml', '/blog/rss.xml', '/blog/feed.json']) {
      const r = await get(feed)
      assert.is(r.status, 200, feed)
      assert.match(r.body, /feedCheck/, `${feed}: ${r.body.slice(0, 3000)}`)
      assert.not.match(r.body, /docs-site-code/, `${feed} shows a code placeholder`)
    }
  } finally {
    await server.close()
  }
})

test("a large sidebar's shared file is made on request under a name without a hash: the browser asks again", async () => {
  const files: Record<string, string> = {
    'docs-site.config.ts': `export default { title: 'Large sidebar' }\n`,
    'content/docs/intro.md': '---\ntitle: Intro\nslug: /\n---\n\nStart.\n',
  }
  for (let c = 1; c <= 3; c++) {
    files[`content/docs/area-${c}/_category_.yml`] = `label: Area ${c}\nposition: ${c}\n`
    for (let p = 1; p <= 40; p++)
      files[`content/docs/area-${c}/page-${p}.md`] = `---\ntitle: Page ${c}.${p}\n---\n\nText.\n`
  }
  const large = await serveQuietly({ root: tempSite('docs-site-serve-sidebar-', files), cache })
  try {
    const home = await firstOk(large.port, '/')
    const url = /\/assets\/sidebars\/[^"]+\.json/.exec(home?.body ?? '')?.[0]
    assert.ok(url, 'the page names the shared file of its sidebar')
    const items = await getFrom(large.port, url!)
    assert.is(items.status, 200)
    assert.is(items.headers['cache-control'], 'no-cache')
    assert.match(items.body, /Page 2\.17/)
  } finally {
    await large.close()
  }
})

test.run()
