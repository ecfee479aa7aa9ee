import fs from 'node:fs'
import path from 'node:path'
import * as esbuild from 'esbuild'
import type { SiteConfig } from '../types.js'
import { bundleClient, THEME } from '../bundle.js'
import { hashedAssetPath } from '../parse/assets.js'
import { ASSET_EXT } from './bundle.js'
import { BROWSER_MODULES } from './interactive.js'
import { cssImports } from './page-css.js'
import { loadStyle, STYLE_LANGUAGE } from '../css/preprocess.js'

// The browser module hydrating every island of the site (islands.ts), each component its own
// chunk. What the components import is bundled as for the server's render, so the markup is the
// same: the Docusaurus modules are their browser versions (theme/mdx/browser.tsx), CSS modules
// give the same scoped class names (page-css.ts; the CSS itself is already linked by the page),
// imported files the same URLs, an SVG imported by a component the same <img>.

/** The islands' entry: finds each island of the page and hydrates it with what it carries. */
const ENTRY = (load: string) =>
  [
    `import { createElement, useEffect, hydrateRoot, IslandIdScope } from 'react'`,
    `import { IslandPageContext } from ${JSON.stringify(THEME + 'mdx/island-page.ts')}`,
    // data-hydrated once React has attached the island's events (after its first commit), so a
    // click before then is not taken for a dead button.
    `function Hydrated({ el, children }) {`,
    `  useEffect(() => el.setAttribute('data-hydrated', ''), [el])`,
    `  return children`,
    `}`,
    // The URLs the island's Links resolved to, in the template the server wrote after it.
    `function links(el) {`,
    `  const t = el.nextElementSibling`,
    `  const out = {}`,
    `  if (t && t.matches('template[data-island-links]'))`,
    `    for (const a of t.content.querySelectorAll('area')) out[a.dataset.to] = a.getAttribute('href')`,
    `  return out`,
    `}`,
    `const load = {${load}}`,
    // What an island's element renders, as its own render would make it (hydrate's, or a test's).
    `export async function island(el) {`,
    `  const m = await load[el.dataset.mdxIsland]?.()`,
    `  if (!m) return undefined`,
    `  const props = JSON.parse(el.dataset.props || '{}')`,
    `  const page = { ...JSON.parse(el.dataset.page || '{}'), links: links(el) }`,
    `  return createElement(IslandPageContext.Provider, { value: page },`,
    `    createElement(IslandIdScope, { prefix: el.dataset.islandId || '' }, createElement(m.default, props)))`,
    `}`,
    `export async function hydrate() {`,
    `  const roots = []`,
    `  for (const el of document.querySelectorAll('[data-mdx-island]:not([data-hydrating])')) {`,
    `    el.setAttribute('data-hydrating', '')`,
    `    const element = await island(el)`,
    `    if (element) roots.push(hydrateRoot(el, createElement(Hydrated, { el }, element)))`,
    `  }`,
    `  return roots`,
    `}`,
  ].join('\n')

export async function bundleIslands(
  files: readonly string[],
  config: Pick<SiteConfig, 'root' | 'baseUrl'>,
): Promise<{ url: string; files: Map<string, string> }> {
  const id = (f: string) => path.relative(config.root, f).split(path.sep).join('/')
  // The same call as the build's own: the same files, so the same runtime URL.
  const runtime = (await bundleClient(config.baseUrl)).runtime
  const load = files.map((f) => `${JSON.stringify(id(f))}: () => import(${JSON.stringify(f)})`).join(',')
  const result = await esbuild.build({
    stdin: { contents: ENTRY(load), resolveDir: config.root, sourcefile: 'mdx-islands.js', loader: 'js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    write: false,
    logLevel: 'silent',
    jsx: 'automatic',
    // Docusaurus sites write JSX in .js files, as for the server's bundle (bundle.ts).
    loader: { '.js': 'jsx' },
    outdir: '/out/assets/js',
    entryNames: 'mdx-islands.[hash]',
    chunkNames: 'chunk.[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    nodePaths: [path.join(config.root, 'node_modules')],
    alias: { '@site': config.root },
    plugins: [sharedRuntime(runtime), browserImports(config)],
    legalComments: 'none',
  })
  const out = new Map<string, string>()
  let url = ''
  for (const f of result.outputFiles) {
    const rel = path.posix.relative('/out', f.path)
    // The CSS its components import is the page's stylesheet already.
    if (!rel.endsWith('.js')) continue
    out.set(rel, f.text)
    if (/mdx-islands\.[^/]+\.js$/.test(rel)) url = config.baseUrl + rel
  }
  return { url, files: out }
}

/**
 * `react`, `react-dom` and their subpaths (`react/jsx-runtime`, `react-dom/client`), from the
 * components and from any package they use, are the theme's runtime module, loaded by URL.
 */
function sharedRuntime(url: string): esbuild.Plugin {
  return {
    name: 'docs-site-shared-runtime',
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, () => ({ path: url, external: true }))
    },
  }
}

/** The Docusaurus modules, imported files and CSS as the server's bundle has them (see above). */
function browserImports(config: Pick<SiteConfig, 'root' | 'baseUrl'>): esbuild.Plugin {
  const assetUrl = (abs: string) => config.baseUrl + hashedAssetPath(abs, fs.readFileSync(abs))
  return {
    name: 'docs-site-island-imports',
    setup(b) {
      b.onResolve({ filter: /^@(theme|docusaurus)\// }, (args) =>
        BROWSER_MODULES[args.path] ? { path: args.path, namespace: 'docusaurus-browser' } : undefined,
      )
      b.onLoad({ filter: /.*/, namespace: 'docusaurus-browser' }, (args) => ({
        contents: Object.entries(BROWSER_MODULES[args.path]!)
          .map(
            ([as, name]) => `export { ${name} as ${as} } from ${JSON.stringify(THEME + 'mdx/browser.tsx')}`,
          )
          .join('\n'),
        loader: 'js',
        resolveDir: THEME,
      }))
      // Before cssImports' own loader: the names, not the CSS (which the page links already).
      b.onLoad({ filter: /.*/, namespace: 'css-module' }, async (args) => ({
        contents: `export default ${JSON.stringify(await cssModuleNames(args.path, args.pluginData as string, config.root))}`,
        loader: 'js',
      }))
      cssImports(b, config.root, assetUrl, [])
      b.onLoad({ filter: ASSET_EXT }, (args) => ({
        contents: /\.svg$/i.test(args.path)
          ? `import { createElement } from 'react'\nexport default function Svg(props) { return createElement('img', { src: ${JSON.stringify(assetUrl(args.path))}, alt: '', ...props }) }\n`
          : `export default ${JSON.stringify(assetUrl(args.path))}`,
        loader: 'js',
      }))
    },
  }
}

/**
 * A CSS module's class names as the server's bundle gives them: minifying the islands' bundle
 * would shorten them, so they come from a build of the module alone, named by the same path.
 */
async function cssModuleNames(id: string, abs: string, root: string): Promise<Record<string, string>> {
  const result = await esbuild.build({
    stdin: { contents: `import names from 'css-module'\nmodule.exports = names`, loader: 'js' },
    bundle: true,
    write: false,
    format: 'cjs',
    outdir: '/out',
    logLevel: 'silent',
    plugins: [
      {
        name: 'docs-site-css-module-names',
        setup(b) {
          b.onResolve({ filter: /^css-module$/ }, () => ({ path: id, namespace: 'css-module' }))
          b.onResolve({ filter: /.*/ }, (args) =>
            args.kind === 'url-token' || args.kind === 'import-rule'
              ? { path: args.path, external: true }
              : undefined,
          )
          // A Sass or Less module is compiled as for the server's bundle (src/css/), else its
          // names would not be the ones the page's HTML has.
          b.onLoad({ filter: /.*/, namespace: 'css-module' }, () =>
            STYLE_LANGUAGE.test(abs)
              ? loadStyle(abs, root, 'local-css')
              : {
                  contents: fs.readFileSync(abs, 'utf8'),
                  loader: 'local-css',
                  resolveDir: path.dirname(abs),
                },
          )
        },
      },
    ],
  })
  const code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text
  const module = { exports: {} as Record<string, string> }
  new Function('module', 'exports', code)(module, module.exports)
  return { ...module.exports }
}
