import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import * as esbuild from 'esbuild'
import { cssImports } from './page-css.js'
import type { InteractiveScanner } from './interactive.js'
import { isStyleFailure, type StyleFailure } from '../css/preprocess.js'
import type { StyleProblem } from '../css/resolve.js'

// An MDX page's compiled module, bundled with what it imports: the site's own components
// (`@site/src/components/X`, relative paths), JSON, images and other files, components from the
// site's node_modules, and markdown partials (compiled as MDX). React and the Docusaurus
// component paths stay outside the bundle and come from docs-site, so one React renders the page.
// The bundle is CommonJS, run with a `require` that hands out those shared modules: no global
// state and no temporary files.

/** Files imported by an MDX page that esbuild copies as they are: the import is their URL. */
export const ASSET_EXT =
  /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|pdf|zip|mp4|webm|mp3|wav|woff2?|ttf|txt|csv)$/i

/** Marks the second resolution of an SVG import (the one that finds the file). */
const SVG = Symbol('svg')

/** `'use client'` as a file's first statement: its default export hydrates as an island. */
export const USE_CLIENT = /^(?:\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*['"]use client['"]/

export interface BundleHooks {
  readonly root: string
  /** A markdown partial's module code (compiled as MDX, sharing the page's env). */
  readonly compilePartial: (absPath: string) => Promise<string>
  /** The URL an imported asset gets (recorded as a co-located file of the page). */
  readonly assetUrl: (absPath: string) => string
  /** Module ids that are provided, not bundled (React, `@theme/…`, `@docusaurus/…`). */
  readonly provided: (id: string) => boolean
  /**
   * The Docusaurus layout's rule (islands.ts): interactive site components, and the React page
   * `page` when it is interactive, hydrate without 'use client'.
   */
  readonly autoIslands?: { readonly scanner: InteractiveScanner; readonly page?: string }
}

export interface Bundled {
  readonly code: string
  /** The CSS the page imports (CSS modules and stylesheets), '' when none. */
  readonly css: string
  /** `@warn`s of the Sass files it imports. */
  readonly warnings: readonly StyleProblem[]
}

export interface BundleFailure {
  readonly message: string
  /** The import that failed, as written, to find its line in the source. */
  readonly specifier: string | undefined
  /** Set when a Sass or Less file it imports did not compile. */
  readonly style?: StyleFailure
}

/**
 * Bundles the page's module; the site's files it read go to `inputs` (serve parses the page again
 * when one of them changes).
 */
export async function bundleMdx(
  code: string,
  absPath: string,
  hooks: BundleHooks,
  inputs: string[],
): Promise<Bundled | BundleFailure> {
  try {
    const result = await esbuild.build({
      stdin: { contents: code, resolveDir: path.dirname(absPath), sourcefile: absPath, loader: 'jsx' },
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      // Docusaurus sites write JSX in .js files (React pages, components), as its Babel allows.
      loader: { '.js': 'jsx' },
      logLevel: 'silent',
      plugins: [mdxImports(hooks, inputs)],
      metafile: true,
      absWorkingDir: hooks.root,
      // Where the imported CSS goes (a file of its own, beside the module).
      outdir: '/out',
    })
    for (const input of Object.keys(result.metafile.inputs)) {
      const file = path.resolve(hooks.root, input.replace(/\?island$/, ''))
      if (!input.includes('node_modules/') && file !== absPath && fs.existsSync(file)) inputs.push(file)
    }
    const out = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? ''
    const warnings = result.warnings.flatMap((w) => (w.detail ? [w.detail as StyleProblem] : []))
    return { code: out('.js'), css: out('.css'), warnings }
  } catch (err) {
    const first = (err as esbuild.BuildFailure).errors?.[0]
    if (isStyleFailure(first?.detail))
      return { message: first.text, specifier: undefined, style: first.detail }
    const specifier = /Could not resolve "([^"]+)"/.exec(first?.text ?? '')?.[1]
    return { message: first?.text ?? (err as Error).message, specifier }
  }
}

/**
 * Webpack's inline loader, `import source from '!!raw-loader!./weave.py'` (Docusaurus's documented
 * way to show a file in a code block): the file's text as the default export.
 */
function rawLoaderImports(b: esbuild.PluginBuild, inputs: string[]) {
  const RAW = /^!*raw-loader!/
  b.onResolve({ filter: RAW }, async (args) => {
    const r = await b.resolve(args.path.replace(RAW, ''), {
      resolveDir: args.resolveDir,
      kind: args.kind,
      importer: args.importer,
    })
    return r.errors.length
      ? { errors: [{ text: `Could not resolve "${args.path}"` }] }
      : { path: r.path, namespace: 'raw-text' }
  })
  b.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => {
    inputs.push(args.path)
    return {
      contents: `export default ${JSON.stringify(await fs.promises.readFile(args.path, 'utf8'))}`,
      loader: 'js',
    }
  })
}

function mdxImports(hooks: BundleHooks, inputs: string[]): esbuild.Plugin {
  return {
    name: 'docs-site-mdx',
    setup(b) {
      siteMdxProvider(b, hooks.root)
      b.onResolve({ filter: /.*/ }, (args) =>
        hooks.provided(args.path) ? { path: args.path, external: true } : undefined,
      )
      rawLoaderImports(b, inputs)
      b.onResolve({ filter: /^@site\// }, async (args) => {
        const r = await b.resolve('./' + args.path.slice('@site/'.length), {
          resolveDir: hooks.root,
          kind: args.kind,
          importer: args.importer,
        })
        // The error names the import as written, not the path it was turned into.
        return r.errors.length ? { errors: [{ text: `Could not resolve "${args.path}"` }] } : r
      })
      // As Docusaurus's SVGR: an SVG imported by a component or an MDX page is a component (here
      // an <img>); a stylesheet's stays its URL.
      b.onResolve({ filter: /\.svg$/ }, async (args) => {
        if (args.pluginData === SVG || !/\.(?:[jt]sx?|mdx?)$/.test(args.importer)) return undefined
        const r = await b.resolve(args.path, {
          resolveDir: args.resolveDir,
          kind: args.kind,
          importer: args.importer,
          pluginData: SVG,
        })
        return r.errors.length ? undefined : { ...r, suffix: '?component' }
      })
      b.onLoad({ filter: /\.svg$/ }, (args) =>
        args.suffix === '?component'
          ? {
              contents: `import { createElement } from 'react'\nexport default function Svg(props) { return createElement('img', { src: ${JSON.stringify(hooks.assetUrl(args.path))}, alt: '', ...props }) }\n`,
              loader: 'js',
            }
          : undefined,
      )
      // CSS modules and stylesheets (Sass and Less compiled) go to the page's CSS (page-css.ts).
      cssImports(b, hooks.root, hooks.assetUrl, inputs)
      b.onLoad({ filter: /\.mdx?$/ }, async (args) => ({
        contents: await hooks.compilePartial(args.path),
        loader: 'jsx',
        resolveDir: path.dirname(args.path),
      }))
      b.onLoad({ filter: ASSET_EXT }, (args) => ({
        contents: `export default ${JSON.stringify(hooks.assetUrl(args.path))}`,
        loader: 'js',
      }))
      // A site component marked 'use client' (or interactive, in the Docusaurus layout): its default
      // export is wrapped to hydrate in the browser (islands.ts).
      b.onLoad({ filter: /\.[jt]sx?$/ }, async (args) => {
        if (args.suffix === '?island' || args.path.includes(`${path.sep}node_modules${path.sep}`))
          return undefined
        const wrap = await islandKind(args.path, hooks, (spec, importer) =>
          b
            .resolve(spec, { resolveDir: path.dirname(importer), kind: 'import-statement', importer })
            .then((r) => (r.errors.length || r.external ? undefined : r.path)),
        )
        if (wrap === undefined) return undefined
        const self = JSON.stringify(args.path + '?island')
        return {
          contents: `import C from ${self}\nimport { island } from 'docs-site:island'\nexport * from ${self}\nexport default typeof C === 'function' ? island(${JSON.stringify(args.path)}, C${wrap}) : C\n`,
          loader: 'js',
          resolveDir: path.dirname(args.path),
        }
      })
      b.onResolve({ filter: /\?island$/ }, (args) => ({
        path: args.path.slice(0, -'?island'.length),
        suffix: '?island',
      }))
      b.onLoad({ filter: /.*/ }, (args) =>
        args.suffix === '?island'
          ? {
              contents: fs.readFileSync(args.path, 'utf8'),
              loader: loaderOf(args.path),
              resolveDir: path.dirname(args.path),
            }
          : undefined,
      )
    },
  }
}

/**
 * How a site module's default export is wrapped: '' for 'use client', `, {…}` (the options of an
 * automatic island) for an interactive page or component of the Docusaurus layout, undefined
 * when it is not.
 */
async function islandKind(
  file: string,
  hooks: BundleHooks,
  resolve: (spec: string, importer: string) => Promise<string | undefined>,
): Promise<string | undefined> {
  if (USE_CLIENT.test(fs.readFileSync(file, 'utf8'))) return ''
  const auto = hooks.autoIslands
  if (!auto || !auto.scanner.isSiteCode(file)) return undefined
  const scan = await auto.scanner.scan(file, resolve)
  if (!scan.interactive || (!scan.renders && file !== auto.page)) return undefined
  return `, ${JSON.stringify({ buildOnly: scan.buildOnly })}`
}

const loaderOf = (file: string): esbuild.Loader =>
  (
    ({ '.ts': 'ts', '.tsx': 'tsx', '.js': 'jsx', '.jsx': 'jsx', '.mjs': 'js' }) as Record<
      string,
      esbuild.Loader
    >
  )[path.extname(file)] ?? 'js'

/**
 * Runs a bundle and gives its exports. `provided` answers the modules left outside it; anything
 * else a bundled package requires at run time (a Node built-in) is required from the page's folder.
 */
export function runBundle(
  code: string,
  absPath: string,
  provided: (id: string) => unknown,
): Record<string, unknown> {
  const fallback = createRequire(absPath)
  const module = { exports: {} as Record<string, unknown> }
  const require = (id: string) => provided(id) ?? fallback(id)
  new Function('require', 'module', 'exports', code)(require, module, module.exports)
  return module.exports
}

/**
 * A Docusaurus site registers components for every MDX file in src/theme/MDXComponents: its map
 * is bundled in over docs-site's own (which it usually spreads). Without one, the provider is
 * docs-site's own (src/mdx/index.ts).
 */
function siteMdxProvider(b: esbuild.PluginBuild, root: string) {
  const siteComponents = siteMdxComponents(root)
  if (!siteComponents) return
  b.onResolve({ filter: /^docs-site:mdx-components$/ }, () => ({
    path: siteComponents,
    namespace: 'mdx-provider',
  }))
  b.onLoad({ filter: /.*/, namespace: 'mdx-provider' }, (args) => ({
    contents: `import site from ${JSON.stringify(args.path)}\nimport base from '@theme-original/MDXComponents'\nexport const useMDXComponents = (own) => ({ ...base, ...site, ...own })\n`,
    resolveDir: root,
    loader: 'js',
  }))
}

/** The site's `src/theme/MDXComponents` file (any script extension), if it has one. */
function siteMdxComponents(root: string): string | undefined {
  return ['js', 'jsx', 'ts', 'tsx']
    .map((ext) => path.join(root, 'src/theme', `MDXComponents.${ext}`))
    .find((f) => fs.existsSync(f))
}
