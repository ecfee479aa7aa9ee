import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'
import { configBundleError, DocsSiteError, EXIT } from '../errors.js'

// Loads docusaurus.config.{js,mjs,cjs,ts} as Docusaurus does: one file that may mix `import`,
// `require()` and JSON imports, with the project's own packages installed beside it, exporting
// an object, a function or an async function.

export const DOCUSAURUS_CONFIG_NAMES = [
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
  'docusaurus.config.ts',
  'docusaurus.config.mts',
]

/** The Docusaurus config of the project at `root`, when it has one. */
export function findDocusaurusConfig(root: string): string | undefined {
  return DOCUSAURUS_CONFIG_NAMES.map((n) => path.join(root, n)).find((f) => fs.existsSync(f))
}

export interface LoadedDocusaurusConfig {
  readonly config: Record<string, unknown>
  /** Every local file the config reads (for serve's watcher). */
  readonly deps: string[]
}

/**
 * Bundles the config's local imports with esbuild into one CommonJS file (packages stay imports
 * of the project's node_modules), runs it, and calls it when it exports a function.
 */
export async function loadDocusaurusConfig(file: string): Promise<LoadedDocusaurusConfig> {
  const result = await bundle(file)
  // Written beside the config so that require() finds the project's node_modules from there.
  const tmp = path.join(path.dirname(file), `.docs-site-tmp-${process.pid}-${Date.now()}.cjs`)
  fs.writeFileSync(tmp, result.outputFiles[0]!.text)
  const req = createRequire(tmp)
  let exported: unknown
  try {
    const mod = req(tmp) as { default?: unknown }
    exported = mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod
    if (typeof exported === 'function') exported = await (exported as () => unknown)()
    else exported = await exported
  } catch (err) {
    const e = err as (Error & { code?: string }) | undefined
    // Node's message for a missing package goes on with its "Require stack": the first line says it.
    const message = (e?.message ?? String(err)).split('\n')[0]
    const missing = e?.code === 'MODULE_NOT_FOUND' || e?.code === 'ERR_MODULE_NOT_FOUND'
    throw configError(
      `evaluating the Docusaurus config failed: ${message}${missing ? ' (install the project’s dependencies: npm ci)' : ''}`,
      file,
    )
  } finally {
    delete req.cache[tmp]
    fs.rmSync(tmp, { force: true })
  }
  if (!exported || typeof exported !== 'object' || Array.isArray(exported))
    throw configError(
      'the Docusaurus config must export a config object, or a function that returns one',
      file,
    )
  const deps = Object.keys(result.metafile.inputs).map((p) => path.resolve(p))
  return { config: exported as Record<string, unknown>, deps }
}

async function bundle(file: string): Promise<esbuild.BuildResult<{ write: false; metafile: true }>> {
  try {
    return await esbuild.build({
      entryPoints: [file],
      bundle: true,
      platform: 'node',
      // CommonJS, as Docusaurus itself loads configs: require() and __dirname work, and an ESM
      // config's import.meta.url still names its own folder.
      format: 'cjs',
      target: 'node20',
      packages: 'external',
      metafile: true,
      write: false,
      logLevel: 'silent',
      plugins: [prismThemesStub(file)],
      define: { 'import.meta.url': JSON.stringify(pathToFileURL(file).href) },
    })
  } catch (err) {
    throw configBundleError(err, file)
  }
}

/**
 * Docusaurus's templates import their code themes from prism-react-renderer (`themes.github`,
 * or `prism-react-renderer/themes/github` before version 3), a package of Docusaurus's own theme.
 * docs-site highlights with its own themes, so where the project has not installed it (a team
 * that removed Docusaurus's packages) the config gets an empty theme instead of failing.
 */
function prismThemesStub(file: string): esbuild.Plugin {
  return {
    name: 'prism-themes-stub',
    setup(build) {
      build.onResolve({ filter: /^prism-react-renderer(\/|$)/ }, (args) => {
        try {
          createRequire(file).resolve(args.path)
          return { path: args.path, external: true }
        } catch {
          return { path: args.path, namespace: 'prism-themes-stub' }
        }
      })
      build.onLoad({ filter: /.*/, namespace: 'prism-themes-stub' }, () => ({
        contents: `const theme = { plain: {}, styles: [] }
module.exports = { ...theme, default: theme, themes: new Proxy({}, { get: () => theme }) }`,
        loader: 'js',
      }))
    },
  }
}

export function configError(message: string, file?: string): DocsSiteError {
  return new DocsSiteError(
    [{ severity: 'error', code: 'config', message, at: file ? { file } : undefined }],
    EXIT.config,
  )
}
