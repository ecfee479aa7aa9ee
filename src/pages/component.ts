import { createElement, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import * as esbuild from 'esbuild'
import type { Diagnostic } from '../types.js'
import type { PageSourceFile } from './types.js'

/** What a `.tsx` page's component receives: it is a pure function of these, like the theme's. */
export interface ComponentPageProps {
  readonly locale: string
  readonly baseUrl: string
}

export interface RenderedComponentPage {
  readonly html: string
  readonly title: string | undefined
  readonly description: string | undefined
}

/**
 * Compiles a `.tsx` page with esbuild and renders its default export to HTML. React itself stays
 * this package's copy (one React renders the page); anything else the file imports is bundled.
 */
export async function renderComponentPage(
  source: PageSourceFile,
  props: ComponentPageProps,
  diagnostics: Diagnostic[],
): Promise<RenderedComponentPage | undefined> {
  const fail = (message: string, line?: number, column?: number) => {
    diagnostics.push({ severity: 'error', code: 'page', message, at: { file: source.file, line, column } })
    return undefined
  }
  let code: string
  try {
    const result = await esbuild.build({
      entryPoints: [source.absPath],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      logLevel: 'silent',
      plugins: [shareReact],
    })
    code = result.outputFiles[0]!.text
  } catch (err) {
    const first = (err as esbuild.BuildFailure).errors?.[0]
    return fail(
      `page component does not compile: ${first?.text ?? (err as Error).message}`,
      first?.location?.line,
      first?.location ? first.location.column + 1 : undefined,
    )
  }
  let mod: { default?: unknown; title?: unknown; description?: unknown }
  try {
    mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as typeof mod
  } catch (err) {
    return fail(`page component failed to load: ${(err as Error).message}`)
  }
  if (typeof mod.default !== 'function')
    return fail('a .tsx page must export a React component as its default export')
  let html: string
  try {
    html = renderToString(createElement(mod.default as ComponentType<ComponentPageProps>, props))
  } catch (err) {
    return fail(`page component threw while rendering: ${(err as Error).message}`)
  }
  return {
    html,
    title: typeof mod.title === 'string' ? mod.title : undefined,
    description: typeof mod.description === 'string' ? mod.description : undefined,
  }
}

/** `react` and its subpaths resolve to this package's React, left as imports (file URLs). */
const shareReact: esbuild.Plugin = {
  name: 'share-react',
  setup(b) {
    b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({
      path: import.meta.resolve(args.path),
      external: true,
    }))
  },
}
