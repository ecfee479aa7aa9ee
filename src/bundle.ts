import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'

const THEME = fileURLToPath(new URL('../theme/', import.meta.url))

export interface ClientAssets {
  /** Output path → contents. */
  readonly files: ReadonlyMap<string, string>
  readonly js: string
  readonly css: readonly string[]
}

/**
 * Bundles the browser entry (code-split: rarely used parts load on demand) and the stylesheet,
 * minified, with content-hashed names that can be cached as immutable.
 */
export async function bundleClient(baseUrl: string): Promise<ClientAssets> {
  const common = {
    bundle: true,
    minify: true,
    write: false,
    logLevel: 'silent',
    outdir: '/out/assets',
    entryNames: '[dir]/[name].[hash]',
    chunkNames: 'js/chunk.[hash]',
    publicPath: baseUrl + 'assets',
  } as const
  const [js, css] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: { 'js/client': THEME + 'client.tsx' },
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2020'],
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      legalComments: 'none',
    }),
    esbuild.build({ ...common, entryPoints: { 'css/styles': THEME + 'styles.css' } }),
  ])
  const files = new Map<string, string>()
  for (const f of [...js.outputFiles, ...css.outputFiles])
    files.set(path.posix.relative('/out', f.path), f.text)
  const find = (re: RegExp) => [...files.keys()].find((k) => re.test(k))!
  return {
    files,
    js: baseUrl + find(/^assets\/js\/client\.[^/]+\.js$/),
    css: [baseUrl + find(/^assets\/css\/styles\.[^/]+\.css$/)],
  }
}

/** The live-reload client of `docs-site serve` (theme/dev-client.ts); never part of a normal build. */
export async function bundleDevClient(): Promise<string> {
  const r = await esbuild.build({
    entryPoints: [THEME + 'dev-client.ts'],
    bundle: true,
    minify: true,
    write: false,
    logLevel: 'silent',
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
  })
  return r.outputFiles[0]!.text
}
