// A Docusaurus site's own CSS (test/fixtures/docusaurus/custom-css): `theme.customCss` (a list)
// bundled into one hashed stylesheet linked from every page, Infima's variables set there
// restyling the theme (light and dark, seen in Chromium), CSS modules of React pages and of
// components used by MDX docs applied on the pages that import them, and the mistakes a site can
// make in its customCss reported at their file and line.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { buildDir, cache, FIXTURES, html, tempDir } from './helpers/index.js'
import { buildOrThrow, openSite, type BrowserSite } from './helpers/browser.js'
import { DocsSiteError } from '../src/errors.js'
import { getFrom, liveClient, serveQuietly, tokenOf } from './helpers/serve-client.js'
import type { BuildResult } from '../src/types.js'

const SITE = path.join(FIXTURES, 'docusaurus/custom-css')
let result: BuildResult
let browser: BrowserSite | undefined
test.before(async () => {
  result = await buildDir(SITE)
})
test.after(() => browser?.close())

const stylesheets = (page: string) =>
  [...html(result, page).matchAll(/<link rel="stylesheet" href="\/([^"]+)"\/>/g)].map((m) => m[1]!)
const text = (file: string) => String(result.output.get(file))

test('the build succeeds and the summary no longer lists customCss', () => {
  const errors = result.diagnostics.filter((d) => d.severity === 'error')
  assert.equal(errors, [], errors.map((d) => d.message).join('\n'))
  const summary = result.diagnostics.find((d) => d.code === 'docusaurus')?.message ?? ''
  assert.not.match(summary, 'customCss')
  assert.not.match(summary, 'CSS is not applied')
})

test('every page links the site stylesheet after the theme’s: both custom files, in order', () => {
  for (const page of ['index.html', 'docs/intro/index.html', 'docs/stations/index.html', '404.html']) {
    const sheets = stylesheets(page)
    assert.match(sheets[0]!, /^assets\/css\/styles\./, page)
    assert.match(sheets[1]!, /^assets\/css\/site\.[0-9A-Z]+\.css$/, page)
  }
  const css = text(stylesheets('index.html')[1]!)
  const custom = css.indexOf('--ifm-color-primary: #c2410c')
  const harbour = css.indexOf('.harbour-note{')
  assert.ok(custom > 0 && harbour > custom, 'custom.css, then harbour.css')
  // Infima's defaults come first, so the site's values win.
  assert.ok(css.indexOf('--ifm-color-primary: #0a5fb4') < custom)
})

test('a file named by url() in the custom CSS is copied under a hashed name', () => {
  const css = text(stylesheets('index.html')[1]!)
  const url = /url\("\/(assets\/files\/wave\.[0-9A-Z]+\.svg)"\)/.exec(css)?.[1]
  assert.ok(url, css.slice(css.indexOf('.tide-wave'), css.indexOf('.tide-wave') + 120))
  assert.ok(result.output.has(url))
})

test('CSS modules: scoped class names in the HTML, their rules in the stylesheet of the pages using them', () => {
  const home = html(result, 'index.html')
  // Layout's title is the document's, not a heading: the page lays out its own top, full width.
  assert.match(home, '<article class="doc standalone-page component-page"><div class="markdown">')
  assert.match(home, '<header class="hero hero--primary src_pages_index_heroBanner">')
  assert.match(home, '<section class="src_components_Highlights_styles_highlights">')
  assert.match(home, '<h3 class="src_components_Highlights_styles_highlight-title">Every harbour</h3>')
  const own = stylesheets('index.html').slice(2)
  assert.equal(own.length, 1, own.join(' '))
  const css = text(own[0]!)
  assert.match(css, '.src_pages_index_heroBanner{')
  assert.match(css, '.src_components_Highlights_styles_highlights{')
  // The MDX doc that uses the component links its rules (and not the home page's).
  const doc = stylesheets('docs/stations/index.html').slice(2)
  assert.equal(doc.length, 1)
  assert.match(text(doc[0]!), '.src_components_Highlights_styles_highlights{')
  assert.not.match(text(doc[0]!), 'heroBanner')
  assert.equal(stylesheets('docs/intro/index.html').length, 2)
})

/** Computed styles of a page, in light or dark mode. */
async function look(page: string, mode: 'light' | 'dark', probe: string) {
  const { page: tab, context } = await browser!.newPage({ mode })
  await tab.goto(browser!.url + page)
  const seen = (await tab.evaluate(probe)) as Record<string, string>
  if (process.env.SCREENSHOT_DIR)
    await tab.screenshot({
      path: path.join(process.env.SCREENSHOT_DIR, `${mode}-${page.replace(/\W+/g, '_')}.png`),
      fullPage: true,
    })
  await context.close()
  return seen
}

test('in Chromium: the brand colour reaches links, the active navbar item and the hero, in both modes', async () => {
  const dir = tempDir('docs-site-css-')
  buildOrThrow(['build', '--root', SITE, '--out-dir', dir, '--quiet'])
  browser = await openSite(dir)
  // As strings: the test's own functions would reach the page transpiled, with helpers it lacks.
  const probe = `(() => {
    const color = (sel, prop = 'color') => getComputedStyle(document.querySelector(sel)).getPropertyValue(prop)
    return {
      link: color('.markdown a'),
      active: color('.navbar-link.active'),
      note: color('.harbour-note', 'border-left-color'),
      code: color('.markdown p code', 'font-size'),
    }
  })()`
  const light = await look('/docs/intro/', 'light', probe)
  assert.equal(light.link, 'rgb(194, 65, 12)')
  assert.equal(light.active, 'rgb(194, 65, 12)')
  assert.equal(light.note, 'rgb(194, 65, 12)')
  // --ifm-code-font-size: 95% of the paragraph's 16px.
  assert.equal(light.code, '15.2px')
  const dark = await look('/docs/intro/', 'dark', probe)
  assert.equal(dark.link, 'rgb(251, 146, 60)')
  assert.equal(dark.active, 'rgb(251, 146, 60)')
  const home = await look(
    '/',
    'light',
    `(() => {
      const hero = getComputedStyle(document.querySelector('.hero'))
      const button = getComputedStyle(document.querySelector('.button--secondary'))
      const tops = [...document.querySelectorAll('.col')].map((c) => c.getBoundingClientRect().top)
      return {
        hero: hero.backgroundColor,
        heroText: hero.color,
        padding: hero.paddingTop,
        button: button.backgroundColor,
        oneRow: String(new Set(tops).size === 1),
      }
    })()`,
  )
  assert.equal(home, {
    hero: 'rgb(194, 65, 12)',
    heroText: 'rgb(255, 255, 255)',
    padding: '64px',
    button: 'rgb(235, 237, 240)',
    oneRow: 'true',
  })
})

test('in Chromium: a page reached by client navigation gets its stylesheet; the next page drops it', async () => {
  const { page: tab, context } = await browser!.newPage()
  await tab.goto(browser!.url + '/docs/intro/')
  await tab.evaluate('window.__sameDocument = true')
  await tab.click('.navbar-link[href="/docs/stations/"]')
  await tab.waitForURL(/\/docs\/stations\/$/)
  const display = `getComputedStyle(document.querySelector('section')).display`
  assert.is(await tab.evaluate(display), 'flex')
  assert.is(await tab.evaluate('window.__sameDocument'), true, 'swapped in place, not reloaded')
  await tab.click('.navbar-link[href="/docs/intro/"]')
  await tab.waitForURL(/\/docs\/intro\/$/)
  const sheets = `document.querySelectorAll('link[rel=stylesheet][href*="/page."]').length`
  assert.is(await tab.evaluate(sheets), 0)
  await context.close()
})

test('serve: a save of custom.css reloads the pages with the new stylesheet', async () => {
  const dir = tempDir('docs-site-css-')
  fs.cpSync(SITE, dir, { recursive: true })
  const server = await serveQuietly({ root: dir, cache })
  try {
    const get = (target: string) => getFrom(server.port, target)
    const page = (await get('/docs/intro/')).body
    const { ws, next } = await liveClient(server.port, tokenOf(page))
    await next((m) => m.type === 'init')
    const css = path.join(dir, 'src/css/custom.css')
    fs.writeFileSync(css, fs.readFileSync(css, 'utf8').replace('#c2410c', '#15803d'))
    await next((m) => m.type === 'reload')
    const href = /href="(\/assets\/css\/site\.[^"]+)"/.exec((await get('/docs/intro/')).body)?.[1]
    assert.ok(href)
    assert.match((await get(href)).body, '--ifm-color-primary: #15803d')
    ws.close()
  } finally {
    await server.close()
  }
})

/** A copy of the fixture whose custom.css is `css` and whose config lists `list`. */
async function variant(list: string, files: Record<string, string>) {
  const dir = tempDir('docs-site-css-')
  fs.cpSync(SITE, dir, { recursive: true })
  const config = path.join(dir, 'docusaurus.config.js')
  fs.writeFileSync(
    config,
    fs.readFileSync(config, 'utf8').replace(/customCss: \[[^\]]*\]/, `customCss: ${list}`),
  )
  for (const [f, t] of Object.entries(files)) fs.writeFileSync(path.join(dir, f), t)
  try {
    return (await buildDir(dir)).diagnostics
  } catch (err) {
    if (err instanceof DocsSiteError) return err.diagnostics
    throw err
  }
}

test('a customCss file that does not exist is an error at its line of the config', async () => {
  const r = await variant("['./src/css/custom.css', './src/css/gone.css']", {})
  const e = r.find((d) => d.severity === 'error')
  assert.ok(e)
  assert.match(e.message, 'src/css/gone.css does not exist')
  assert.equal([e.at?.file, e.at?.line], ['docusaurus.config.js', 15])
})

test('a url() to a missing file is an error at its line of the stylesheet', async () => {
  const r = await variant("['./src/css/custom.css']", {
    'src/css/custom.css':
      ':root {\n  --ifm-color-primary: #123456;\n}\n.logo {\n  background: url(./logo.png);\n}\n',
  })
  const e = r.find((d) => d.severity === 'error')
  assert.ok(e)
  assert.match(e.message, 'logo.png')
  assert.equal([e.at?.file, e.at?.line], ['src/css/custom.css', 5])
})

test.run()
