import crypto from 'node:crypto'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'

const THEME = fileURLToPath(new URL('../theme/', import.meta.url))

export interface ClientAssets {
  /** Output path → contents. */
  readonly files: ReadonlyMap<string, string>
  readonly js: string
  readonly css: readonly string[]
}

const hash = (s: string) => crypto.createHash('sha256').update(s).digest('hex').slice(0, 10)

/** Bundles the one browser entry and the stylesheet, minified, with content-hashed names. */
export async function bundleClient(baseUrl: string): Promise<ClientAssets> {
  const [js, css] = await Promise.all([
    esbuild.build({
      entryPoints: [THEME + 'client.tsx'],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2020'],
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      legalComments: 'none',
      write: false,
      logLevel: 'silent',
    }),
    esbuild.build({ entryPoints: [THEME + 'styles.css'], bundle: true, minify: true, write: false, logLevel: 'silent' }),
  ])
  const jsText = js.outputFiles[0]!.text
  const cssText = css.outputFiles[0]!.text
  const jsPath = `assets/js/client.${hash(jsText)}.js`
  const cssPath = `assets/css/styles.${hash(cssText)}.css`
  return {
    files: new Map([
      [jsPath, jsText],
      [cssPath, cssText],
    ]),
    js: baseUrl + jsPath,
    css: [baseUrl + cssPath],
  }
}
