import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'
import type { Diagnostic, SiteConfig } from './types.js'
import { assetBuild } from './bundle.js'
import { isStyleFailure, loadStyle, STYLE_LANGUAGE, styleDiagnostic } from './css/preprocess.js'
import type { StyleProblem } from './css/resolve.js'
import { isDocusaurusClass } from '../shared/docusaurus-classes.js'

// The site's own stylesheet: its `customCss` files (a Docusaurus site's `theme.customCss`) after,
// in the Docusaurus layout, Infima's variables and classes (theme/infima.css), which map a site's
// `--ifm-*` settings onto the theme's variables. One content-hashed file, linked from every page
// after the theme's stylesheet, so the site's rules win ties. Sass and Less files are compiled
// first, with the project's own compiler (src/css/). Files its `url()`s name are copied beside it
// under hashed names; absolute and external URLs stay as written. In the Docusaurus layout its
// rules that name Docusaurus's classes are weighed above docs-site's own (src/css/weigh.ts).

const THEME = fileURLToPath(new URL('../theme/', import.meta.url))
const INFIMA = THEME + 'infima.css'
const ENTRY = 'docs-site:site.css'

/** Files a stylesheet's url() may name, copied under hashed names. */
const FILE_LOADERS = Object.fromEntries(
  ['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'ico', 'woff', 'woff2', 'ttf', 'otf', 'eot'].map(
    (ext) => ['.' + ext, 'file' as const],
  ),
)

export interface SiteCss {
  /** Output path → contents (the stylesheet and the files it names). */
  readonly files: ReadonlyMap<string, string | Uint8Array>
  /** The stylesheet's URL; undefined when the site has none. */
  readonly url: string | undefined
  readonly diagnostics: readonly Diagnostic[]
}

type CssConfig = Pick<SiteConfig, 'root' | 'baseUrl' | 'layout' | 'customCss' | 'configFile'>

export async function bundleSiteCss(config: CssConfig): Promise<SiteCss> {
  const diagnostics: Diagnostic[] = []
  const sheets = usableSheets(config, diagnostics)
  const docusaurus = config.layout === 'docusaurus'
  if (docusaurus) sheets.unshift(INFIMA)
  if (!sheets.length) return { files: new Map(), url: undefined, diagnostics }
  const entry = sheets.map((f) => `@import ${JSON.stringify(f)};`).join('\n')
  try {
    const result = await esbuild.build({
      ...assetBuild(config.baseUrl, config.root),
      entryPoints: { 'css/site': ENTRY },
      assetNames: 'files/[name].[hash]',
      loader: FILE_LOADERS,
      plugins: [siteEntry(entry, config.root, docusaurus ? await docusaurusRulesWeigher() : undefined)],
    })
    diagnostics.push(...result.warnings.map((w) => cssWarning(config, w)))
    const files = new Map<string, string | Uint8Array>()
    let url: string | undefined
    for (const f of result.outputFiles) {
      const rel = path.posix.relative('/out', f.path)
      files.set(rel, rel.endsWith('.css') ? f.text : f.contents)
      if (/^assets\/css\/site\.[^/]+\.css$/.test(rel)) url = config.baseUrl + rel
    }
    return { files, url, diagnostics }
  } catch (err) {
    for (const e of (err as esbuild.BuildFailure).errors ?? [{ text: (err as Error).message }])
      diagnostics.push(cssError(config, e))
    return { files: new Map(), url: undefined, diagnostics }
  }
}

/** The customCss files that exist; the others are reported. */
function usableSheets(config: CssConfig, diagnostics: Diagnostic[]): string[] {
  return config.customCss.filter((file) => {
    const at = configLine(config, path.basename(file))
    if (!fs.existsSync(file)) {
      diagnostics.push({
        severity: 'error',
        code: 'config',
        message: `customCss: ${rel(config, file)} does not exist`,
        at,
      })
      return false
    }
    return true
  })
}

/**
 * The site's rules naming Docusaurus's classes, weighed above docs-site's own (src/css/weigh.ts,
 * loaded for a Docusaurus project only: postcss is tens of milliseconds of every start).
 */
async function docusaurusRulesWeigher(): Promise<(css: string) => string> {
  const { weighSelectors } = await import('./css/weigh.js')
  return (css) => weighSelectors(css, isDocusaurusClass)
}

/**
 * The entry imports every sheet; a site URL (`/img/bg.png`, served from static/) or an external
 * one stays as written, as Docusaurus leaves them.
 */
function siteEntry(
  contents: string,
  root: string,
  weigh: ((css: string) => string) | undefined,
): esbuild.Plugin {
  return {
    name: 'docs-site-site-css',
    setup(b) {
      b.onResolve({ filter: /^docs-site:site\.css$/ }, () => ({ path: 'site.css', namespace: 'site-css' }))
      b.onLoad({ filter: /.*/, namespace: 'site-css' }, () => ({ contents, loader: 'css', resolveDir: root }))
      b.onLoad({ filter: STYLE_LANGUAGE, namespace: 'file' }, (args) =>
        loadStyle(args.path, root, 'css', undefined, weigh),
      )
      // The site's plain CSS too (docs-site's own stylesheets, infima.css, are left as they are).
      if (weigh !== undefined)
        b.onLoad({ filter: /\.css$/, namespace: 'file' }, (args) =>
          args.path.startsWith(THEME)
            ? undefined
            : {
                contents: weigh(fs.readFileSync(args.path, 'utf8')),
                loader: 'css',
                resolveDir: path.dirname(args.path),
              },
        )
      b.onResolve({ filter: /^(\/[^/]|[a-z][a-z0-9+.-]*:|\/\/)/i }, (args) =>
        args.kind === 'url-token' || (args.kind === 'import-rule' && args.namespace !== 'site-css')
          ? { path: args.path, external: true }
          : undefined,
      )
    },
  }
}

function cssError(
  config: CssConfig,
  e: { text: string; location?: esbuild.Location | null; detail?: unknown },
): Diagnostic {
  // A Sass or Less file that did not compile: at its line, or (no compiler) where the config names it.
  if (isStyleFailure(e.detail))
    return styleDiagnostic(e.detail, config.root, 'config', {
      at: configLine(config, path.basename(e.detail.stylesheet)),
    })
  const loc = e.location
  return {
    severity: 'error',
    code: 'config',
    message: `custom CSS: ${e.text}`,
    at: loc
      ? { file: rel(config, path.resolve(config.root, loc.file)), line: loc.line, column: loc.column + 1 }
      : { file: config.configFile ? rel(config, config.configFile) : 'docs-site.config.ts' },
  }
}

/** A Sass `@warn` of the site's stylesheet, where it was written. */
function cssWarning(config: CssConfig, w: esbuild.Message): Diagnostic {
  const p = w.detail as StyleProblem | undefined
  return {
    severity: 'warning',
    code: 'config',
    message: w.text,
    ...(p?.file ? { at: { file: rel(config, p.file), line: p.line, column: p.column } } : {}),
  }
}

/** The config file and the first line naming `needle` (where the user wrote the entry). */
function configLine(config: CssConfig, needle: string): { file: string; line?: number } {
  if (!config.configFile) return { file: 'docs-site.config.ts' }
  const lines = fs.readFileSync(config.configFile, 'utf8').split('\n')
  const i = lines.findIndex((l) => l.includes(needle))
  return { file: rel(config, config.configFile), ...(i >= 0 ? { line: i + 1 } : {}) }
}

const rel = (config: CssConfig, file: string) => path.relative(config.root, file).split(path.sep).join('/')
