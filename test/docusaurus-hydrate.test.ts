// A Docusaurus project's interactive code with no 'use client' (test/fixtures/docusaurus/hydrate):
// a React page with a counter hydrates as one island inside docs-site's layout, with Link,
// Layout, Heading, useDocusaurusContext, useBaseUrl, a CSS module and an SVG rendering in the
// browser as on the server; a page whose state is in a hook it imports hydrates too; a static page
// ships no JavaScript; on an MDX doc, a component given JSON props is an island of its own and one
// given children stays static, warned about once. In docs-site's own layout only 'use client' does.
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildDir, buildFixture, html, ROOT, tempCopy } from './helpers/index.js'
import { openFixture, type FixtureSite } from './helpers/browser.js'
import { consoleProblems, islandMarkupChanges, scriptsOf } from './helpers/client-runtime.js'
import type { BuildResult } from '../src/types.js'

let result: BuildResult
let site: FixtureSite

test.before(async () => {
  result = await buildFixture('docusaurus/hydrate')
  site = await openFixture('docusaurus/hydrate', {
    removeOnClose: true,
    // The copy is outside this repository: its Sass module needs the project's own sass, as a
    // Docusaurus site has it installed.
    prepare: (dir) => {
      fs.mkdirSync(path.join(dir, 'node_modules'))
      fs.symlinkSync(path.join(ROOT, 'node_modules/sass'), path.join(dir, 'node_modules/sass'))
    },
  })
})
test.after(() => site?.close())

const islandsOf = (file: string) =>
  [...html(result, file).matchAll(/data-mdx-island="([^"]+)"/g)].map((m) => m[1])

test('the interactive React page is one island with empty props, inside the server-rendered layout', () => {
  const home = html(result, 'index.html')
  assert.equal(islandsOf('index.html'), ['src/pages/index.js'])
  assert.match(
    home,
    /<div class="island mdx-island" data-mdx-island="src\/pages\/index.js" data-src="\/assets\/js\/mdx-islands\.\w+\.js" data-props="\{\}"/,
  )
  // The layout (navbar, title) is outside the island; the page's content inside it.
  assert.ok(home.indexOf('class="navbar') < home.indexOf('data-mdx-island'))
  assert.match(home, '<title>Welcome to Abacus | Abacus</title>')
  assert.match(
    home,
    /data-island-id="[\w-]+"><header class="src_pages_index_hero"><h1>Counting made calm<\/h1>/,
  )
  // The Links' URLs, resolved by the build, follow the island for the browser to use.
  assert.match(
    home,
    '<template data-island-links=""><area href="/docs/intro/" data-to="/docs/intro"/><area href="/docs/widgets/" data-to="/docs/widgets"/></template>',
  )
})

test('a page whose state is in a site hook it imports hydrates; a static page has no island', () => {
  assert.equal(islandsOf('toggle/index.html'), ['src/pages/toggle.js'])
  assert.equal(islandsOf('about/index.html'), [])
  assert.not.match(html(result, 'about/index.html'), 'mdx-islands')
})

test('on an MDX doc: JSON props make an island, children keep it static with one warning naming the file', () => {
  assert.equal(islandsOf('docs/widgets/index.html'), ['src/components/LikeButton.js'])
  assert.match(
    html(result, 'docs/widgets/index.html'),
    'data-props="{&quot;label&quot;:&quot;Likes&quot;,&quot;start&quot;:2}"',
  )
  assert.match(html(result, 'docs/widgets/index.html'), '<div class="spoiler"><button>Show</button></div>')
  const warnings = result.diagnostics.filter((d) => d.code === 'mdx' && d.at?.file.includes('Spoiler'))
  // Used twice, warned about once.
  assert.equal(
    warnings.map((d) => [d.severity, d.at?.file]),
    [['warning', 'src/components/Spoiler.js']],
  )
  assert.match(warnings[0]!.message, 'it is given children')
  assert.equal(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  )
})

test('a component given a function renders static, warned about with the prop named', () => {
  assert.match(html(result, 'docs/widgets/index.html'), '<button class="stars">***</button>')
  const warnings = result.diagnostics.filter((d) => d.at?.file === 'src/components/Stars.js')
  assert.equal(
    warnings.map((d) => [d.severity, d.code]),
    [['warning', 'mdx']],
  )
  assert.match(warnings[0]!.message, 'its prop "format" is not JSON data')
})

test('an interactive page using a Docusaurus component with no browser version stays static, warned about', () => {
  assert.equal(islandsOf('snippet/index.html'), [])
  assert.match(html(result, 'snippet/index.html'), '<button class="snippet-toggle">Toggle</button>')
  const warnings = result.diagnostics.filter((d) => d.code === 'mdx' && d.at?.file === 'src/pages/snippet.js')
  assert.is(warnings.length, 1)
  assert.match(warnings[0]!.message, 'it imports @theme/CodeBlock, which renders only at build time')
})

test("in docs-site's own layout, an interactive component without 'use client' stays static", async () => {
  const dir = tempCopy('mdx-site')
  try {
    fs.copyFileSync(
      path.join(site.dir, 'src/components/LikeButton.js'),
      path.join(dir, 'src/components/LikeButton.js'),
    )
    const page = fs.readFileSync(path.join(dir, 'content/docs/v2/static.mdx'), 'utf8')
    fs.writeFileSync(
      path.join(dir, 'content/docs/v2/static.mdx'),
      `import LikeButton from '@site/src/components/LikeButton'\n\n${page}\n\n<LikeButton label="Likes" start={2} />\n`,
    )
    const built = await buildDir(dir)
    const out = html(built, 'static/index.html')
    assert.equal(
      built.diagnostics.filter((d) => d.severity === 'error'),
      [],
    )
    assert.match(out, '<button class="like">Likes<!-- -->: <!-- -->2</button>')
    assert.not.match(out, 'data-mdx-island')
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

async function open(route: string) {
  const opened = await site.newPage()
  const requests: string[] = []
  opened.page.on('request', (r) => requests.push(r.url()))
  const logs = consoleProblems(opened.page)
  await opened.page.goto(site.url + route, { waitUntil: 'networkidle' })
  return { ...opened, logs, requests }
}

/**
 * Each island rendered afresh by the browser (not hydrated, which keeps the server's attributes)
 * against the server's markup of it, comments aside: where they differ.
 */
function freshRenderChanges(page: Awaited<ReturnType<typeof open>>['page']): Promise<string[]> {
  return page.evaluate(async () => {
    const runtime = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .find((n) => /\/runtime\.\w+\.js$/.test(n))!
    const served = new DOMParser().parseFromString(await (await fetch(location.href)).text(), 'text/html')
    const changes: string[] = []
    for (const el of served.querySelectorAll<HTMLElement>('[data-mdx-island]')) {
      const { createRoot } = await import(runtime)
      const { island } = await import(el.dataset.src!)
      // The island reads its links from the template after it, as in the page.
      const host = document.createElement('div')
      host.append(el.cloneNode(true), el.nextElementSibling?.cloneNode(true) ?? '')
      const copy = host.firstElementChild as HTMLElement
      const fresh = document.createElement('div')
      createRoot(fresh).render(await island(copy))
      await new Promise((r) => setTimeout(r, 50))
      // Attributes in one order (React and Preact write them in their own); the sizes the build
      // adds to images afterwards aside.
      const [a, b] = [el.cloneNode(true) as HTMLElement, fresh].map((root) => {
        for (const node of root.querySelectorAll('*')) {
          const attrs = [...node.attributes].sort((x, y) => x.name.localeCompare(y.name))
          for (const attr of attrs) node.removeAttribute(attr.name)
          for (const attr of attrs) node.setAttribute(attr.name, attr.value)
        }
        return root.innerHTML.replace(/<!--.*?-->/g, '')
      }) as [string, string]
      const expected = a.replace(/ (height|width)="\d+"/g, '')
      if (expected === b) continue
      let at = 0
      while (expected[at] === b[at]) at++
      const from = Math.max(0, at - 30)
      changes.push(
        `${el.dataset.mdxIsland}: server …${expected.slice(from, at + 60)}… browser …${b.slice(from, at + 60)}…`,
      )
    }
    return changes
  })
}

test('the counter page hydrates: a click counts, a Link shown later has the build’s URL, no console errors', async () => {
  const { page, errors, logs } = await open('/')
  await page.waitForSelector('[data-mdx-island][data-hydrated]')
  await page.click('button.counter')
  await page.waitForFunction(() => document.querySelector('button.counter')?.textContent === 'Counted 1')
  await page.click('button.counter')
  await page.waitForFunction(() => document.querySelector('button.counter')?.textContent === 'Counted 2')
  assert.is(await page.getAttribute('.next a', 'href'), '/docs/widgets/')
  assert.equal(errors, [])
  assert.equal(logs, [])
})

test('a page island hydrates after client navigation from a page without islands', async () => {
  const { page, errors, logs } = await open('/docs/intro/')
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
  await page.click('.navbar a[href="/"] >> nth=0')
  await page.waitForSelector('[data-mdx-island="src/pages/index.js"][data-hydrated]')
  // The same document: the client swapped the page in.
  assert.ok(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed))
  await page.click('button.counter')
  await page.waitForFunction(() => document.querySelector('button.counter')?.textContent === 'Counted 1')
  assert.equal([...errors, ...logs], [])
})

test('the browser renders every island exactly as the server did (no hydration mismatch)', async () => {
  for (const route of ['/', '/toggle/', '/styled/', '/docs/widgets/']) {
    const { page, errors, logs } = await open(route)
    await page.waitForSelector('[data-mdx-island][data-hydrated]')
    assert.equal(await freshRenderChanges(page), [], route)
    // The theme's image zoom marks the page's images a second after load, outside React: its
    // class is no part of the island's render.
    await page.waitForFunction(
      () =>
        !document.querySelector('.markdown img') || document.querySelector('.markdown img.medium-zoom-image'),
    )
    await page.evaluate(() => {
      for (const img of document.querySelectorAll('.medium-zoom-image'))
        img.classList.remove('medium-zoom-image')
    })
    assert.equal(await islandMarkupChanges(page), [], route)
    assert.equal(errors, [], route)
    assert.equal(logs, [], route)
  }
})

test('a page whose state is in an imported hook, and a component island on a doc, work', async () => {
  const toggle = await open('/toggle/')
  await toggle.page.waitForSelector('[data-mdx-island][data-hydrated]')
  await toggle.page.click('button.toggle')
  await toggle.page.waitForFunction(
    () => document.querySelector('button.toggle')?.getAttribute('aria-pressed') === 'true',
  )
  const doc = await open('/docs/widgets/')
  await doc.page.waitForSelector('[data-mdx-island][data-hydrated]')
  await doc.page.click('button.like')
  await doc.page.waitForFunction(() => document.querySelector('button.like')?.textContent === 'Likes: 3')
  assert.equal([...toggle.errors, ...doc.errors, ...toggle.logs, ...doc.logs], [])
})

test('the static React page requests no islands module: the scripts of a markdown page, no more', async () => {
  const scripts = (r: string[]) => r.filter((u) => u.endsWith('.js')).map((u) => new URL(u).pathname)
  const about = await open('/about/')
  const markdown = await open('/docs/intro/')
  const home = await open('/')
  assert.ok(scripts(home.requests).some((u) => /mdx-islands/.test(u)))
  assert.not.ok(scripts(about.requests).some((u) => /mdx-islands/.test(u)))
  assert.equal(scripts(about.requests).sort(), scripts(markdown.requests).sort())
  assert.equal([...about.errors, ...about.logs], [])
})

test('the islands use the theme’s runtime: the counter page loads its islands module and chunks, no second React', async () => {
  const built = path.join(site.dir, 'build')
  // The modules a script imports statically, transitively: what loading it costs. Counted from the
  // files rather than from one page load, whose later requests (image zoom) depend on timing.
  const graph = (entries: string[]) => {
    const seen = new Set<string>()
    const visit = (url: string) => {
      if (seen.has(url)) return
      seen.add(url)
      const code = fs.readFileSync(path.join(built, url), 'utf8')
      for (const m of code.matchAll(/(?:from|import)\s*"([^"]+\.js)"/g))
        visit(new URL(m[1]!, 'http://x' + url).pathname)
    }
    entries.forEach(visit)
    return seen
  }
  const entriesOf = (file: string) =>
    [...html(result, file).matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!)
  const { page } = await site.newPage()
  const scripts = scriptsOf(page, built)
  await page.goto(site.url + '/', { waitUntil: 'networkidle' })
  await page.waitForSelector('[data-mdx-island][data-hydrated]', { state: 'attached' })
  const islands = [...scripts.files.keys()].find((f) => /mdx-islands\.[^/]+\.js$/.test(f))
  assert.ok(islands, [...scripts.files.keys()].join(', '))
  const theme = graph(entriesOf('about/index.html'))
  const extra = [...graph([islands])].filter((f) => !theme.has(f))
  // The browser asked for each of them: they are what the islands cost, on top of the theme.
  for (const f of extra) assert.ok(scripts.files.has(f), `${f} not requested`)
  const bytes = extra.reduce((n, f) => n + scripts.files.get(f)!, 0)
  // The page, its components and the Docusaurus modules' browser versions; Preact is ~10 KB
  // gzipped, React ~60 KB: a second copy of either would not fit.
  assert.ok(bytes < 4 * 1024, `${bytes} bytes gzipped more: ${extra.join(', ')}`)
  for (const f of extra) assert.not.match(fs.readFileSync(path.join(built, f), 'utf8'), '__H', f)
})

test.run()
