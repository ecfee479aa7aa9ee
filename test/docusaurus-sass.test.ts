// A Docusaurus site styled with Sass and Less (test/fixtures/docusaurus/sass-site, with
// docusaurus-plugin-sass and docusaurus-plugin-less): its custom.scss and rows.less compiled with
// the project's own packages (here docs-site's devDependencies, found up the folder tree) into the
// site stylesheet, `.module.scss` files of a React page and of a component scoped as CSS modules,
// and what a reader of the terminal sees when the compiler is missing or a file has an error.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import * as sass from 'sass'
import { buildDir, buildFixture, cli, FIXTURES, html, manifest, ROOT, tempDir } from './helpers/index.js'
import { buildOrThrow, openSite } from './helpers/browser.js'
import { compileSass, type SassModule } from '../src/css/sass.js'
import { mapDocusaurusConfig } from '../src/docusaurus/map.js'
import type { BuildResult } from '../src/types.js'

const SITE = path.join(FIXTURES, 'docusaurus/sass-site')
let result: BuildResult
test.before(async () => {
  result = await buildDir(SITE)
})

const stylesheets = (page: string) =>
  [...html(result, page).matchAll(/<link rel="stylesheet" href="\/([^"]+)"\/>/g)].map((m) => m[1]!)
const text = (file: string) => String(result.output.get(file))
const siteCss = () => text(stylesheets('docs/intro/index.html')[1]!)

test('the build succeeds; the summary lists neither plugin, nor Sass as left out', () => {
  assert.equal(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  )
  const all = result.diagnostics.map((d) => d.message).join('\n')
  assert.not.match(all, 'docusaurus-plugin-sass')
  assert.not.match(all, 'docusaurus-plugin-less')
  assert.not.match(all, /not compiled|does not compile/)
})

test('custom.scss is compiled into the site stylesheet: partials, a package’s partial with ~, mixins', () => {
  const css = siteCss()
  assert.match(css, '--ifm-color-primary: #2f7d32')
  // The mixin with the package's colour, the partial's spacing doubled, nesting flattened.
  assert.match(css, '.frost-note{border-left:4px solid rgb(214,51,132);padding-left:16px;')
  assert.match(css, '.frost-note:before{content:"Frost";margin-right:4px}')
  assert.not.match(css, '$leaf')
  assert.not.match(css, '@use')
})

test('a stylesheet’s @warn is a warning at its line; Sass’s deprecation notices are not shown', () => {
  const warn = result.diagnostics.find((d) => d.message.includes('black note'))
  assert.equal(
    [warn?.severity, warn?.message, warn?.at?.file, warn?.at?.line],
    ['warning', 'Sass: a black note is hard to see', 'src/css/custom.scss', 16],
  )
  // custom.scss calls darken() and lighten(), which Sass deprecates.
  const r = cli(['build', '--root', SITE, '--out-dir', tempDir('docs-site-sass-')])
  assert.is(r.code, 0, r.stderr)
  assert.not.match(r.stdout + r.stderr, /deprecat/i)
})

test('a Sass customCss in docs-site’s own layout is compiled too (without the Docusaurus weighing)', async () => {
  const own = await buildFixture('basic', { customCss: [path.join(SITE, 'src/css/custom.scss')] })
  assert.equal(
    own.diagnostics.filter((d) => d.severity === 'error'),
    [],
  )
  const css = String([...own.output].find(([f]) => /^assets\/css\/site\./.test(f))?.[1])
  assert.match(css, '.frost-note{border-left:4px solid rgb(214,51,132);')
  assert.not.match(css, ':not(#')
})

test('a url() in custom.scss is relative to it, and the file is copied under a hashed name', () => {
  const url = /url\("\/(assets\/files\/frost\.[0-9A-Z]+\.svg)"\)/.exec(siteCss())?.[1]
  assert.ok(url, siteCss())
  assert.ok(result.output.has(url))
})

test('rows.less is compiled after custom.scss, with a package’s file imported with ~', () => {
  const css = siteCss()
  // The second import is bare (`fixture-palette/furrow.less`): found in node_modules.
  assert.match(css, '.row-note{color:#795548;margin-top:12px;border-bottom:1px dashed #8d6e63}')
  assert.match(css, '.row-note .tree{color:#593f35}')
  assert.ok(css.indexOf('.frost-note') < css.indexOf('.row-note'), 'in the order customCss lists them')
})

test('a React page’s .module.scss (using @site/) is scoped by its path; its plain .scss import applies', () => {
  const home = html(result, 'index.html')
  assert.match(home, '<header class="src_pages_index_banner"><h1 class="src_pages_index_title">Orchard</h1>')
  const own = stylesheets('index.html').slice(2)
  assert.equal(own.length, 1, own.join(' '))
  const css = text(own[0]!)
  assert.match(css, '.src_pages_index_banner{background-color:#6d4c41;padding:32px}')
  assert.match(css, '.src_pages_index_banner .src_pages_index_title{color:#fff}')
  assert.match(css, '.home-tagline{color:#2f7d32}')
})

test('a component’s .module.scss used by an MDX doc: scoped names in the doc, its rules linked there', () => {
  const doc = html(result, 'docs/varieties/index.html')
  assert.match(doc, '<span class="src_components_Badge_badge_badge">dwarf</span>')
  // Its `@use 'fixture-palette/blossom'` (bare) is found in node_modules.
  assert.match(String(result.output.get(stylesheets('docs/varieties/index.html')[2]!)), 'color:#d63384}')
  const own = stylesheets('docs/varieties/index.html').slice(2)
  assert.equal(own.length, 1)
  assert.match(text(own[0]!), '.src_components_Badge_badge_badge{border-radius:999px;')
  assert.not.match(text(own[0]!), 'banner')
})

test('in Chromium: the compiled rules apply, the Sass brand colour in both modes', async () => {
  const dir = tempDir('docs-site-sass-')
  buildOrThrow(['build', '--root', SITE, '--out-dir', dir, '--quiet'])
  const site = await openSite(dir)
  try {
    const probe = `(() => {
      const style = (sel) => getComputedStyle(document.querySelector(sel))
      return {
        link: style('.markdown a').color,
        frost: style('.frost-note').borderLeftColor,
        row: style('.row-note').color,
      }
    })()`
    for (const [mode, link] of [
      ['light', 'rgb(47, 125, 50)'],
      ['dark', 'rgb(121, 204, 124)'],
    ] as const) {
      const { page, context } = await site.newPage({ mode })
      await page.goto(site.url + '/docs/intro/')
      assert.equal(await page.evaluate(probe), { link, frost: 'rgb(214, 51, 132)', row: 'rgb(121, 85, 72)' })
      await context.close()
    }
    const { page, context } = await site.newPage()
    await page.goto(site.url + '/')
    const banner = `getComputedStyle(document.querySelector('header[class*=banner]')).backgroundColor`
    assert.is(await page.evaluate(banner), 'rgb(109, 76, 65)')
    await context.close()
  } finally {
    await site.close()
  }
})

/** A copy of the fixture under test/.tmp (so the Sass and Less of docs-site's folder are found). */
function copyInRepo(): string {
  const base = path.join(ROOT, 'test/.tmp')
  fs.mkdirSync(base, { recursive: true })
  const dir = fs.mkdtempSync(path.join(base, 'sass-'))
  fs.cpSync(SITE, dir, { recursive: true, filter: (src) => !src.includes('.cache') })
  return dir
}

test('a Sass error: its file, line and column, exit non-zero, no stack, the previous output intact', () => {
  const dir = copyInRepo()
  try {
    const out = path.join(dir, 'out')
    assert.is(cli(['build', '--root', dir, '--out-dir', out, '--quiet']).code, 0)
    const before = manifest(out)
    fs.appendFileSync(path.join(dir, 'src/css/_tokens.scss'), '\n.oops {\n  width: 1px +;\n}\n')
    fs.appendFileSync(path.join(dir, 'src/css/rows.less'), '\n.late { color: @nowhere; }\n')
    const r = cli(['build', '--root', dir, '--out-dir', out, '--quiet'])
    assert.is.not(r.code, 0)
    // The partial's line, where the error is, once (custom.scss and the page's module both use it).
    const at = 'src/css/_tokens.scss:7:15: error: Sass: Expected expression.'
    assert.is(r.stderr.split(at).length, 2, r.stderr)
    assert.match(r.stderr, '> 7 |   width: 1px +;')
    assert.match(r.stderr, 'src/css/rows.less:15:16: error: Less: variable @nowhere is undefined')
    assert.not.match(r.stderr, /\n\s+at /)
    assert.is(manifest(out), before)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('without sass and less installed: one error for each, naming a file and the package to install', () => {
  // Outside the repository no node_modules up the tree has them.
  const dir = tempDir('docs-site-nosass-')
  fs.cpSync(SITE, dir, { recursive: true })
  try {
    const r = cli(['build', '--root', dir, '--out-dir', path.join(dir, 'out'), '--quiet'])
    assert.is.not(r.code, 0)
    const errors = r.stderr.split('\n').filter((l) => l.includes(': error: '))
    assert.is(errors.length, 2, r.stderr)
    const sassError = errors.find((l) => l.includes('"sass"'))!
    assert.match(
      sassError,
      /src\/(css\/custom|pages\/index\.module|components\/Badge\/badge\.module)\.scss is Sass/,
    )
    assert.match(r.stderr, 'npm install --save-dev sass')
    assert.match(r.stderr, 'src/css/rows.less is Less, and the project has no "less" package')
    assert.match(r.stderr, 'npm install --save-dev less')
    assert.not.match(r.stderr, /\n\s+at /)
    assert.not.ok(fs.existsSync(path.join(dir, 'out')))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('a Sass package that fails to load: an error naming it and a stylesheet, no stack', () => {
  const dir = tempDir('docs-site-brokensass-')
  fs.cpSync(SITE, dir, { recursive: true })
  const pkg = path.join(dir, 'node_modules/sass')
  fs.mkdirSync(pkg, { recursive: true })
  fs.writeFileSync(path.join(pkg, 'package.json'), '{ "name": "sass", "main": "index.js" }')
  fs.writeFileSync(path.join(pkg, 'index.js'), "throw new Error('no native binding for this platform')")
  try {
    const r = cli(['build', '--root', dir, '--out-dir', path.join(dir, 'out'), '--quiet'])
    assert.is.not(r.code, 0)
    assert.match(
      r.stderr,
      /\.scss: the project's "sass" package did not load: no native binding for this platform/,
    )
    assert.not.match(r.stderr, /\n\s+at /)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('options given to the Sass plugin are listed as not used; the plugin itself is not', async () => {
  const config = {
    title: 'x',
    plugins: [['docusaurus-plugin-sass', { sassOptions: { includePaths: ['styles'] } }], 'sass'],
  }
  const mapped = await mapDocusaurusConfig(SITE, config, path.join(SITE, 'docusaurus.config.js'))
  const summary = mapped.diagnostics.map((d) => d.message).join('\n')
  assert.match(summary, 'docusaurus-plugin-sass options (sassOptions): not used')
  assert.not.match(summary, 'plugin "')
})

test('the Sass API before compileAsync (an older sass, node-sass) compiles the same file', async () => {
  const older = { render: (sass as unknown as Required<SassModule>).render } as SassModule
  const file = path.join(SITE, 'src/css/custom.scss')
  const out = await compileSass(older, file, SITE)
  assert.ok('css' in out, JSON.stringify(out))
  assert.match(out.css, 'border-left: 4px solid rgb(214, 51, 132);')
  assert.ok(out.files.some((f) => f.endsWith('_blossom.scss')))
  const bad = await compileSass(older, path.join(SITE, 'docs/intro.md'), SITE)
  assert.ok('message' in bad && bad.message.startsWith('Sass: '))
})

test.run()
