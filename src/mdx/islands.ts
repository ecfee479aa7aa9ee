import path from 'node:path'
import * as React from 'react'
import { createElement, useId, type ComponentType } from 'react'
import * as esbuild from 'esbuild'
import type { SiteConfig } from '../types.js'
import { bundleClient } from '../bundle.js'
import { ISLAND_ID_ATTRIBUTE, IslandIdScope, idPrefix, useIslandId } from '../../theme/islands/island-id.js'

// Interactive site components on MDX pages. The rule a site author can predict: a component file
// whose first statement is 'use client' (React's own marker) hydrates in the browser as an island,
// with the props the page gave it (they must be JSON: no functions, no children); any other
// component renders once at build time and ships no JavaScript. Pages with an island load one
// more module (`data-src` on the island), the others nothing more. That module and the components
// import React from the theme's runtime module (Preact, see theme/runtime.ts), the one the theme's
// client already loaded: a page never holds two copies of it.

/**
 * The React that site components get on the server: React's own, but `useId` is the islands' hook
 * (theme/islands/island-id.ts), as in the browser's runtime, so an island's ids survive hydration.
 */
export const serverReact = { ...React, useId: useIslandId }

/** Stands for the islands module's URL in rendered pages until the module is bundled. */
export const ISLANDS_SRC = 'docs-site-mdx-islands-src'

/** The `docs-site:island` module a page's bundle imports: wraps a 'use client' component. */
export function islandWrapper(pageIslands: Set<string>) {
  return {
    island: (id: string, Component: ComponentType<Record<string, unknown>>) =>
      function MdxIsland(props: Record<string, unknown>) {
        pageIslands.add(id)
        const { children: _children, ...data } = props
        // 'm': the page's markdown is a render of its own, whose ids could repeat the layout's.
        const prefix = idPrefix(`m${useId()}`)
        return createElement(
          'div',
          {
            className: 'island mdx-island',
            'data-mdx-island': id,
            'data-src': ISLANDS_SRC,
            'data-props': JSON.stringify(data),
            [ISLAND_ID_ATTRIBUTE]: prefix,
          },
          createElement(IslandIdScope, { prefix }, createElement(Component, props)),
        )
      },
  }
}

/** The browser module hydrating every island of the site (each component its own chunk). */
export async function bundleIslands(
  files: readonly string[],
  config: Pick<SiteConfig, 'root' | 'baseUrl'>,
): Promise<{ url: string; files: Map<string, string> }> {
  const id = (f: string) => path.relative(config.root, f).split(path.sep).join('/')
  // The same call as the build's own: the same files, so the same runtime URL.
  const runtime = (await bundleClient(config.baseUrl)).runtime
  const entry = [
    `import { createElement, useEffect, hydrateRoot, IslandIdScope } from 'react'`,
    // data-hydrated once React has attached the island's events (after its first commit), so a
    // click before then is not taken for a dead button.
    `function Hydrated({ el, children }) {`,
    `  useEffect(() => el.setAttribute('data-hydrated', ''), [el])`,
    `  return children`,
    `}`,
    `const load = {${files.map((f) => `${JSON.stringify(id(f))}: () => import(${JSON.stringify(f)})`).join(',')}}`,
    `export async function hydrate() {`,
    `  const roots = []`,
    `  for (const el of document.querySelectorAll('[data-mdx-island]:not([data-hydrating])')) {`,
    `    el.setAttribute('data-hydrating', '')`,
    `    const m = await load[el.dataset.mdxIsland]?.()`,
    `    const props = JSON.parse(el.dataset.props || '{}')`,
    `    const prefix = el.dataset.islandId || ''`,
    `    const island = m && createElement(IslandIdScope, { prefix }, createElement(m.default, props))`,
    `    if (island) roots.push(hydrateRoot(el, createElement(Hydrated, { el }, island)))`,
    `  }`,
    `  return roots`,
    `}`,
  ].join('\n')
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: config.root, sourcefile: 'mdx-islands.js', loader: 'js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    write: false,
    logLevel: 'silent',
    jsx: 'automatic',
    outdir: '/out/assets/js',
    entryNames: 'mdx-islands.[hash]',
    chunkNames: 'chunk.[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    nodePaths: [path.join(config.root, 'node_modules')],
    alias: { '@site': config.root },
    plugins: [sharedRuntime(runtime)],
    legalComments: 'none',
  })
  const out = new Map<string, string>()
  let url = ''
  for (const f of result.outputFiles) {
    const rel = path.posix.relative('/out', f.path)
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
