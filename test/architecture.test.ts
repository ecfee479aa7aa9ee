import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { bundleClient } from '../src/bundle.js'
import { ROOT } from './helpers/index.js'

const files = (dir: string): string[] =>
  (fs.readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(dir, f))

/**
 * Every code file of the repository that git tracks (or would: new files not ignored), in every
 * folder: the source, the theme and its stylesheets, the tests and their helpers, the benchmarks,
 * the scripts. Test fixtures are inputs, shaped by what they test, and are left out.
 */
const codeFiles = (): string[] =>
  execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => /\.(ts|tsx|mts|mjs|js|cjs|css)$/.test(f) && !f.startsWith('test/fixtures/'))
    .filter((f) => fs.existsSync(path.join(ROOT, f)))

test('no code file is over 400 lines', () => {
  const all = codeFiles()
  // The list is the repository's, not a folder or two: a broken `git ls-files` must not pass.
  for (const f of ['src/cli.ts', 'theme/styles.css', 'test/run.mjs', 'bench/run.mjs', 'bin/docs-site.js'])
    assert.ok(all.includes(f), `${f} is not among the files checked`)
  const over = all.flatMap((f) => {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8')
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
    return lines > 400 ? [`${f} has ${lines} lines`] : []
  })
  assert.equal(over, [], `over 400 lines (split by topic): ${over.join(', ')}`)
})

test('theme/ never imports node built-ins, and imports only types from src/', () => {
  for (const f of files('theme')) {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8')
    assert.not.match(text, /from ['"]node:/, f)
    for (const m of text.matchAll(/^import (type )?.*from ['"](\.\.\/)+src\/[^'"]+['"]/gm))
      assert.ok(m[1], `${f}: ${m[0]}`)
  }
})

/** A file's imports that stay at run time: `import`/`export … from` and `import()`, not `import type`. */
const runtimeImports = (text: string): string[] => [
  ...[...text.matchAll(/^(?:import|export) (?!type )[^;]*?from ['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
  ...[...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!),
]

// The modules that render the theme: the page document (`render-document.ts`, on the main thread
// and on a build's finishing workers), the sidebar's items (a page's, sent with its props to a
// worker, and served as HTML fragments), and MDX (its components and the islands it places).
const RENDERERS = [
  'src/render-document.ts',
  'src/render.ts',
  'src/sidebar-items.ts',
  'src/mdx/index.ts',
  'src/mdx/islands.ts',
]

test('src/ imports theme/ at run time only to render it', () => {
  const found: string[] = []
  for (const f of files('src')) {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8')
    for (const spec of runtimeImports(text)) {
      const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(f), spec))
      if (target.startsWith('theme' + path.sep)) found.push(`${f} → ${target}`)
    }
  }
  // The check sees imports: the renderers' own imports of the theme are found.
  assert.ok(
    found.some((x) => x.startsWith('src/render-document.ts → theme/Document')),
    found.join('\n'),
  )
  const others = found.filter((x) => !RENDERERS.includes(x.split(' → ')[0]!))
  assert.equal(others, [], 'strings and request serialisation come from shared/, not theme/')
})

test('shared/ imports nothing: the engine and the browser both load it', () => {
  const shared = files('shared')
  assert.ok(shared.includes(path.join('shared', 'strings.ts')), shared.join(', '))
  for (const f of shared) {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8')
    assert.equal(runtimeImports(text), [], f)
    assert.not.match(text, /^import /m, f)
  }
})

test('src/site/ (the route table and the sidebars) imports no content kind', () => {
  for (const f of files('src/site')) {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8')
    for (const m of text.matchAll(/from ['"]\.\.\/(docs|blog|pages|openapi)\//g))
      assert.unreachable(`${f}: ${m[0]}`)
  }
})

test('each third-party library is imported by one module', () => {
  const owners: Record<string, string> = {
    'markdown-it': 'src/parse/markdown',
    cborg: 'src/search-stable',
    'markdown-it-container': 'src/parse/markdown',
    'markdown-it-footnote': 'src/parse/markdown-gfm',
    'markdown-it-task-lists': 'src/parse/markdown-gfm',
    'markdown-it-github-alerts': 'src/parse/markdown-gfm',
    'markdown-it-deflist': 'src/parse/markdown-gfm',
    '@vscode/markdown-it-katex': 'src/parse/markdown-math',
    katex: 'src/parse/markdown-math',
    shiki: 'src/parse/highlight',
    yaml: 'src/parse/yaml',
    'js-yaml': 'src/parse/yaml',
    'image-size': 'src/image-dimensions',
    httpsnippet: 'src/openapi/samples',
    pagefind: 'src/search',
    postcss: 'src/css/weigh',
    htmlparser2: 'src/html/docusaurus-classes',
    'postcss-selector-parser': 'src/css/weigh',
    // Validation runs here, or on a worker thread for a large spec (src/openapi/validate.ts).
    '@readme/openapi-parser': 'src/openapi/(load|validate|validate-worker)',
    // A .tsx standalone page is compiled and rendered once, at parse time (src/pages/component.ts);
    // a Docusaurus config is bundled as CommonJS, as Docusaurus loads it (src/docusaurus/load.ts);
    // the site's own stylesheet is bundled (src/site-css.ts) and a page's imported CSS minified
    // (src/mdx/page-css.ts).
    esbuild:
      'src/(config|bundle|pages/component|mdx/bundle|mdx/islands-bundle|mdx/page-css|docusaurus/load|site-css)',
    // MDX pages compile, with their default remark plugins, in one module (src/mdx/compile.ts).
    '@mdx-js/mdx': 'src/mdx/compile',
    'remark-gfm': 'src/mdx/compile',
    'remark-directive': 'src/mdx/compile',
    commander: 'src/cli',
    'medium-zoom': 'theme/client',
    // The sidebar renders its subtrees off the current page's path once (theme/components/Sidebar.tsx).
    'react-dom/server': '(src/render-document|src/pages/component|src/mdx/index|theme/components/Sidebar)',
    // The Sass and Less compilers are the project's, loaded at run time from its folder by
    // src/css/preprocess.ts and called by one module each; no module imports them (next test).
    sass: 'src/css/sass',
    less: 'src/css/less',
  }
  for (const f of [...files('src'), ...files('theme')]) {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8')
    for (const [lib, owner] of Object.entries(owners)) {
      // A package loaded when first used (src/lazy-require.ts) counts as imported.
      const imported = `^import (?!type ).*from ['"]${lib}['"]|lazyRequire<.*>\\(['"]${lib}['"]\\)`
      if (new RegExp(imported, 'm').test(text))
        assert.match(f, new RegExp(`^${owner}\\.tsx?$`), `${lib} imported by ${f}`)
    }
  }
})

test('sass and less are never imported: they come from the project being built', () => {
  for (const f of [...files('src'), ...files('theme'), ...files('shared')]) {
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8')
    assert.not.match(text, /^import (?!type ).*from ['"](sass|sass-embedded|less|node-sass)['"]/m, f)
    assert.not.match(text, /import\(['"](sass|sass-embedded|less|node-sass)['"]\)/, f)
  }
  const loader = fs.readFileSync(path.join(ROOT, 'src/css/preprocess.ts'), 'utf8')
  assert.match(loader, "createRequire(path.join(root, 'package.json'))")
})

test('the client bundle fits the budget (75 KB JS, 16 KB CSS gzipped) and has no node built-ins', async () => {
  const assets = await bundleClient('/')
  // The entry and the chunks it imports statically (the runtime among them): what every page loads.
  const loaded = new Set<string>()
  const visit = (file: string) => {
    if (loaded.has(file)) return
    loaded.add(file)
    for (const m of assets.files.get(file)!.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?"\/([^"]+\.js)"/g))
      visit(m[1]!)
  }
  visit(assets.js.slice(1))
  const js = [...loaded].map((f) => assets.files.get(f)!).join('\n')
  const css = assets.files.get(assets.css[0]!.slice(1))!
  const jsGz = zlib.gzipSync(js).length
  const cssGz = zlib.gzipSync(css).length
  assert.ok(jsGz < 75 * 1024, `JS ${jsGz} bytes gzipped`)
  assert.ok(cssGz < 16 * 1024, `CSS ${cssGz} bytes gzipped`)
  assert.not.match(js, /require\(["']node:/)
})

test.run()
