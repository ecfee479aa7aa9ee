// Docusaurus's class names on docs-site's markup in the Docusaurus layout
// (test/fixtures/docusaurus/theme-classes): its custom.css restyles components by Infima's and the
// classic theme's classes, and those rules apply in Chromium, light and dark, also after the
// browser changes a state (a tab, a menu, a category, client navigation). docs-site's own layout
// carries none of the names, and docs-site's stylesheets style none of them.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { buildDir, buildFixture, FIXTURES, html, ROOT, tempDir } from './helpers/index.js'
import { buildOrThrow, openSite, type BrowserSite } from './helpers/browser.js'
import { isDocusaurusClass } from '../shared/docusaurus-classes.js'
import { weighSelectors } from '../src/css/weigh.js'
import type { BuildResult } from '../src/types.js'

const SITE = path.join(FIXTURES, 'docusaurus/theme-classes')
let result: BuildResult
let browser: BrowserSite | undefined
test.before(async () => {
  result = await buildDir(SITE)
})
test.after(() => browser?.close())

/** The class attribute of the first element whose opening tag matches `re`. */
function classOf(page: string, re: RegExp): string[] {
  const start = re.source.startsWith('<') ? '' : '<[^>]*'
  const tag = new RegExp(`${start}${re.source}[^>]*>`).exec(html(result, page))?.[0] ?? ''
  return (/class="([^"]*)"/.exec(tag)?.[1] ?? '').split(' ')
}

test('the elements carry Docusaurus’s classes beside docs-site’s', () => {
  const has = (page: string, re: RegExp, ...want: string[]) => {
    const got = classOf(page, re)
    for (const w of want) assert.ok(got.includes(w), `${re}: ${w} not in ${got.join(' ')}`)
  }
  const intro = 'docs/intro/index.html'
  has(intro, /class="navbar-item navbar-link active/, 'navbar__item', 'navbar__link', 'navbar__link--active')
  has(intro, /aria-current="page"/, 'menu-link', 'menu__link', 'menu__link--active')
  has(intro, /menu-category/, 'menu__list-item', 'theme-doc-sidebar-item-category-level-1')
  has(intro, /admonition-warning/, 'theme-admonition-warning', 'alert', 'alert--warning')
  has(intro, /admonition-tip/, 'theme-admonition-tip', 'alert--success')
  // Its own class, and Infima's warning colour, as Docusaurus gives it.
  has(intro, /admonition-caution/, 'theme-admonition-caution', 'alert--warning')
  has(intro, /class="markdown/, 'theme-doc-markdown')
  has(intro, /id="what-to-carry"/, 'anchor')
  has(intro, /class="code-block/, 'theme-code-block', 'language-js')
  has(
    intro,
    /line highlighted/,
    'token-line',
    'theme-code-block-highlighted-line',
    'docusaurus-highlight-code-line',
  )
  has(intro, /class="pager-link pager-next/, 'pagination-nav__link', 'pagination-nav__link--next')
  has(intro, /<nav class="toc/, 'theme-doc-toc-desktop')
  has(intro, /href="#what-to-carry" class="table/, 'table-of-contents__link')
  has(intro, /class="footer-title/, 'footer__title')
  has(intro, /<html/, 'docs-wrapper', 'docs-doc-page', 'plugin-docs', 'docs-version-current')
  const coast = 'docs/trails/coast/index.html'
  has(coast, /aria-selected="true"/, 'tabs__item', 'tabs__item--active')
  has(coast, /<span aria-current="page"/, 'breadcrumbs__link')
  // The category holding the page shown is active, as in Docusaurus.
  has(coast, />Trails</, 'menu__link--sublist', 'menu__link--active')
  has('about/index.html', /<html/, 'plugin-pages', 'mdx-page')
})

test('docs-site’s own layout carries none of Docusaurus’s names', async () => {
  const own = await buildFixture('basic')
  for (const [file, text] of own.output)
    if (file.endsWith('.html'))
      assert.not.match(String(text), /navbar__|menu__link|theme-doc-|alert--|pagination-nav/, file)
})

test('docs-site’s stylesheets style none of the names it adds (its look stays its own)', () => {
  const added = new Set<string>()
  for (const [file, text] of result.output)
    if (file.endsWith('.html'))
      for (const m of String(text).matchAll(/class="([^"]*)"/g))
        for (const c of m[1]!.split(' ')) if (isDocusaurusClass(c)) added.add(c)
  assert.ok(added.size > 40, [...added].join(' '))
  const theme = [...result.output].find(([f]) => /^assets\/css\/styles\./.test(f))![1]
  const own = [
    theme,
    ...['theme/infima.css', 'theme/infima-classes.css'].map((f) => fs.readFileSync(path.join(ROOT, f))),
  ]
  for (const css of own.map((t) => String(t).replace(/\/\*[\s\S]*?\*\//g, '')))
    for (const c of added)
      assert.not.ok(new RegExp(`\\.${c}(?![\\w-])`).test(css), `.${c} is styled by docs-site`)
})

test('the site’s rules naming those classes are weighed above docs-site’s, the others left as written', () => {
  const site = [...result.output].find(([f]) => /^assets\/css\/site\./.test(f))![1]
  assert.match(String(site), '.menu__link--active:not(#\\#){color:#010203}')
  assert.match(String(site), '.markdown h2{color:#040506}')
  const css = [
    '/* .menu__link { } */ .menu__link, .own > a[class~="menu__link"] { color: red }',
    '@media (min-width: 1px) { html[data-theme="dark"] .navbar__link:hover::after { content: "}" } }',
    '@keyframes spin { from { opacity: 0 } }',
    '.card { &.alert--info { color: blue } }',
  ].join('\n')
  assert.is(
    weighSelectors(css, isDocusaurusClass),
    [
      '/* .menu__link { } */ .menu__link:not(#\\#), .own > a[class~="menu__link"] { color: red }',
      '@media (min-width: 1px) { html[data-theme="dark"] .navbar__link:not(#\\#):hover::after { content: "}" } }',
      '@keyframes spin { from { opacity: 0 } }',
      '.card { &.alert--info:not(#\\#) { color: blue } }',
    ].join('\n'),
  )
  // A stylesheet that does not parse is left as written, for esbuild to report at its line.
  assert.is(weighSelectors('.menu__link { color: red', isDocusaurusClass), '.menu__link { color: red')
})

/** Computed styles in a page, one entry per [name, selector, property]. */
const probe = (list: Array<[string, string, string]>) =>
  `(() => Object.fromEntries(${JSON.stringify(list)}.map(([name, sel, prop]) => {
    const el = document.querySelector(sel)
    return [name, el ? getComputedStyle(el).getPropertyValue(prop) : 'missing']
  })))()`

test('in Chromium: the site’s rules aimed at Docusaurus’s classes apply, light and dark', async () => {
  const dir = tempDir('docs-site-classes-')
  buildOrThrow(['build', '--root', SITE, '--out-dir', dir, '--quiet'])
  browser = await openSite(dir)
  const list: Array<[string, string, string]> = [
    ['active', '.menu__link--active[aria-current]', 'color'],
    ['category', '.theme-doc-sidebar-item-category-level-1 .menu__link', 'font-weight'],
    ['h2', '.markdown h2', 'color'],
    ['p', '.theme-doc-markdown p', 'letter-spacing'],
    ['tip', '.theme-admonition-tip', 'border-left-color'],
    ['pager', '.pagination-nav__link', 'border-top-color'],
    ['navbar', '.navbar__link:not(.navbar__link--active)', 'color'],
    ['toc', '.table-of-contents__link', 'color'],
    ['footerTitle', '.footer__title', 'color'],
    ['footerLink', '.footer__link-item', 'color'],
    ['code', '.theme-code-block', 'border-top-color'],
    ['line', '.docusaurus-highlight-code-line', 'background-color'],
    ['details', 'details.alert--info', 'border-top-color'],
    ['wrapper', '.main-wrapper', 'border-top-width'],
  ]
  const expected = {
    active: 'rgb(1, 2, 3)',
    category: '800',
    h2: 'rgb(4, 5, 6)',
    p: '1px',
    tip: 'rgb(25, 26, 27)',
    pager: 'rgb(10, 11, 12)',
    navbar: 'rgb(13, 14, 15)',
    toc: 'rgb(19, 20, 21)',
    footerTitle: 'rgb(31, 32, 33)',
    footerLink: 'rgb(16, 17, 18)',
    code: 'rgb(37, 38, 39)',
    line: 'rgb(40, 41, 42)',
    details: 'rgb(43, 44, 45)',
    wrapper: '2px',
  }
  for (const [mode, warning] of [
    ['light', 'rgb(7, 8, 9)'],
    ['dark', 'rgb(70, 80, 90)'],
  ] as const) {
    const { page, context, errors } = await browser.newPage({ mode })
    await page.goto(browser.url + '/docs/intro/')
    assert.equal(await page.evaluate(probe(list)), expected, mode)
    const alert = probe([['warning', '.alert--warning', 'background-color']])
    assert.equal(await page.evaluate(alert), { warning }, mode)
    assert.equal(errors, [])
    await context.close()
  }
})

test('in Chromium: a highlighted line spans the block and its text lines up, with or without the site’s rule', async () => {
  const { page, context } = await browser!.newPage()
  await page.goto(browser!.url + '/docs/intro/')
  const measure = `(() => {
    const pre = document.querySelector('.theme-code-block pre').getBoundingClientRect()
    const hl = document.querySelector('.line.highlighted')
    const box = hl.getBoundingClientRect()
    const text = (l) => l.firstElementChild.getBoundingClientRect().left - pre.left
    return [box.left - pre.left, pre.right - box.right, text(hl), text(document.querySelector('.line'))]
  })()`
  assert.equal(await page.evaluate(measure), [0, 0, 16, 16])
  // Without the site's rule: docs-site's own look, built the same way.
  await page.evaluate(`for (const sheet of document.styleSheets)
    for (let i = sheet.cssRules.length - 1; i >= 0; i--)
      if (sheet.cssRules[i].selectorText?.includes('docusaurus-highlight-code-line')) sheet.deleteRule(i)`)
  assert.equal(await page.evaluate(measure), [0, 0, 16, 16])
  await context.close()
})

test('in Chromium: the names follow what the browser changes (tab, menu, category, navigation)', async () => {
  const { page, context, errors } = await browser!.newPage()
  await page.goto(browser!.url + '/docs/trails/coast/')
  await page.click('.tabs__item:not(.tabs__item--active)')
  const active = `[...document.querySelectorAll('.tabs__item--active')].map((t) => t.textContent + ' ' + getComputedStyle(t).color)`
  assert.equal(await page.evaluate(active), ['From the south rgb(34, 35, 36)'])
  // The navbar menu's island sets its own classes when it opens: Docusaurus's stay, `--show` comes.
  await page.click('.dropdown-toggle')
  await page.waitForSelector('.dropdown-open')
  const menu = `(() => { const d = document.querySelector('.dropdown'); return [d.className, getComputedStyle(d).paddingLeft] })()`
  const [classes, padding] = (await page.evaluate(menu)) as [string, string]
  for (const c of ['navbar__item', 'dropdown--hoverable', 'dropdown--show'])
    assert.ok(classes.includes(c), classes)
  assert.is(padding, '7px')
  await page.keyboard.press('Escape')
  await page.waitForFunction(`!document.querySelector('.dropdown--show')`)
  // A category collapsed by the reader gets Docusaurus's collapsed class.
  await page.click('.menu__caret, .menu-category-label')
  await page.waitForSelector('.menu__list-item--collapsed')
  const outline = probe([['outline', '.menu__list-item--collapsed', 'outline-color']])
  assert.equal(await page.evaluate(outline), { outline: 'rgb(22, 23, 24)' })
  // Client navigation to a standalone page: <html> takes that page's classes.
  await page.evaluate('window.__sameDocument = true')
  await page.click('.navbar__link[href="/about/"]')
  await page.waitForURL(/\/about\/$/)
  assert.is(await page.evaluate('window.__sameDocument'), true, 'swapped in place')
  const root = `[document.documentElement.className, getComputedStyle(document.querySelector('.main-wrapper')).borderTopWidth]`
  const [htmlClass, border] = (await page.evaluate(root)) as [string, string]
  assert.match(htmlClass, 'plugin-pages')
  assert.not.match(htmlClass, 'docs-doc-page')
  assert.is(border, '3px')
  assert.equal(errors, [])
  await context.close()
})

test.run()
