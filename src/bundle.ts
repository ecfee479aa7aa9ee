import { createHash } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'
import { readCacheFile, writeCacheFile } from './parse/cache-file.js'

/** The theme folder (one level below the package root, as src/ and the compiled CLI are). */
export const THEME = fileURLToPath(new URL('../theme/', import.meta.url))
/**
 * docs-site's own folder, as esbuild's working directory: the aliases below resolve from it (not
 * from wherever the command was started, which may have no preact), and the assets' hashes,
 * which cover paths relative to it, do not depend on that either.
 */
const PACKAGE = fileURLToPath(new URL('../', import.meta.url))

export interface ClientAssets {
  /** Output path → contents. */
  readonly files: ReadonlyMap<string, string>
  readonly js: string
  readonly css: readonly string[]
  /** The browser runtime (Preact as React) as its own module: what MDX islands import. */
  readonly runtime: string
  /** Module scripts a layout adds after the client (the Docusaurus layout's class names). */
  readonly scripts?: readonly string[]
}

/**
 * The browser bundles use Preact through preact/compat where the theme (and a site's islands)
 * import React: react-dom's client is ten times its size. Pages are still rendered on the server
 * by React; Preact hydrates that markup (theme/islands/island-id.ts keeps ids equal).
 */
export const PREACT_ALIAS: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
}

/**
 * esbuild's options for files under assets/: minified, in memory, with content-hashed names that
 * can be cached as immutable, linked from `baseUrl`; paths in errors relative to `workingDir`.
 */
export const assetBuild = (baseUrl: string, workingDir: string) =>
  ({
    bundle: true,
    minify: true,
    write: false,
    logLevel: 'silent',
    outdir: '/out/assets',
    entryNames: '[dir]/[name].[hash]',
    publicPath: baseUrl + 'assets',
    absWorkingDir: workingDir,
  }) as const

/**
 * Bundles the browser entry (code-split: rarely used parts load on demand) and the stylesheet,
 * minified, with content-hashed names that can be cached as immutable. The runtime is a second
 * entry of the same build, so the client and the runtime share one copy of Preact (a chunk both
 * import). The same base URL gives the same files and names (src/mdx/islands.ts relies on it).
 */
export async function bundleClient(baseUrl: string): Promise<ClientAssets> {
  const saved = await keptOrMade(`client-${baseUrlKey(baseUrl)}`, async () => {
    const assets = await bundleNow(baseUrl)
    return { ...assets, files: [...assets.files] }
  })
  return { ...saved, files: new Map(saved.files) }
}

/** Set by bin/docs-site.js when it runs the esbuild-compiled CLI: a stamp of src/, shared/, theme/ and package.json. */
declare const DOCS_SITE_COMPILED: string | undefined

/**
 * A bundle that depends on docs-site's own sources and packages alone (and the base URL in its
 * `name`): the compiled CLI keeps it beside itself, `dist/<name>-<stamp of its sources>.json`, so
 * a build or serve start does not run esbuild for it again (and a new stamp's file replaces the
 * old one). Run from the sources (tests), it is made each time.
 */
async function keptOrMade<T>(name: string, make: () => Promise<T>): Promise<T> {
  const file =
    typeof DOCS_SITE_COMPILED === 'string'
      ? path.join(PACKAGE, 'dist', `${name}-${DOCS_SITE_COMPILED}.json`)
      : undefined
  const saved = file ? readCacheFile<T>(file) : undefined
  if (saved !== undefined) return saved
  const made = await make()
  if (file) writeCacheFile(file, made)
  return made
}

const baseUrlKey = (baseUrl: string) => createHash('sha256').update(baseUrl).digest('hex').slice(0, 8)

async function bundleNow(baseUrl: string): Promise<ClientAssets> {
  const common = { ...assetBuild(baseUrl, PACKAGE), chunkNames: 'js/chunk.[hash]' } as const
  const [js, css] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: { 'js/client': THEME + 'client.tsx', 'js/runtime': THEME + 'runtime.ts' },
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2020'],
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      alias: PREACT_ALIAS,
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
    runtime: baseUrl + find(/^assets\/js\/runtime\.[^/]+\.js$/),
  }
}

/**
 * The Docusaurus layout's script (theme/docusaurus-classes.ts: Docusaurus's class names kept in
 * step in the browser), a bundle of its own so the client of the other layout stays as it is.
 */
export async function bundleDocusaurusScript(
  baseUrl: string,
): Promise<{ files: Map<string, string>; url: string }> {
  const { file, url } = await keptOrMade(`docusaurus-classes-${baseUrlKey(baseUrl)}`, async () => {
    const r = await esbuild.build({
      ...assetBuild(baseUrl, PACKAGE),
      entryPoints: { 'js/docusaurus-classes': THEME + 'docusaurus-classes.ts' },
      format: 'esm',
      platform: 'browser',
      target: ['es2020'],
      legalComments: 'none',
    })
    const out = r.outputFiles[0]!
    const rel = path.posix.relative('/out', out.path)
    return { file: [rel, out.text] as [string, string], url: baseUrl + rel }
  })
  return { files: new Map([file]), url }
}

/** The live-reload client of `docs-site serve` (theme/dev-client.ts); never part of a normal build. */
export async function bundleDevClient(): Promise<string> {
  // Kept like the client: serve's start then runs no esbuild at all on most sites.
  return keptOrMade('dev-client', async () => {
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
  })
}
