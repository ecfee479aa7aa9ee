import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import * as esbuild from 'esbuild'
import { PAGE_CSS_MARKER } from '../page-stylesheets.js'
import { loadStyle, STYLE_LANGUAGE } from '../css/preprocess.js'

// The CSS that an MDX page or a React page imports, through its components too: CSS modules
// (`import styles from './index.module.css'`), whose class names are scoped by the file's path
// (`src_pages_index_heroBanner`), and plain stylesheets (`import './tabs.css'`), as Docusaurus
// applies them; Sass and Less ones (`index.module.scss`) are compiled first (src/css/). esbuild bundles them with the page's module, which gives the class names; the
// CSS goes to one content-hashed file per distinct text, which the page's document links
// (src/page-stylesheets.ts's marker, read by src/render.ts).

/** Files of CSS imported by pages, one per distinct text, shared by the pages that import it. */
export class PageCss {
  readonly files = new Map<string, string>()

  constructor(private readonly baseUrl: string) {}

  /** Stores a page's CSS (minified) and gives the marker its HTML starts with. */
  async add(css: string): Promise<string> {
    const min = (await esbuild.transform(css, { loader: 'css', minify: true, logLevel: 'silent' })).code
    const hash = createHash('sha256').update(min).digest('hex').slice(0, 8).toUpperCase()
    const file = `assets/css/page.${hash}.css`
    this.files.set(file, min)
    return `${PAGE_CSS_MARKER}${this.baseUrl}${file}-->`
  }
}

/** Site-relative URLs and external ones in a stylesheet stay as written. */
const KEEP_URL = /^(\/[^/]|[a-z][a-z0-9+.-]*:|\/\/|#)/i

const CSS_MODULE = /\.module\.(css|scss|sass|less)$/

/**
 * esbuild hooks for the CSS a page imports: a CSS module is loaded in a namespace whose path is
 * the file's path from the project root, so its scoped names are unique in the site; a file a
 * stylesheet's url() names is copied as the page's file (`assetUrl`) and named by its URL. The
 * files read, partials of a Sass file too, go to `inputs`.
 */
export function cssImports(
  b: esbuild.PluginBuild,
  root: string,
  assetUrl: (abs: string) => string,
  inputs: string[],
): void {
  const read = (files: readonly string[]) => inputs.push(...files)
  b.onResolve({ filter: CSS_MODULE }, (args) => {
    if (args.namespace === 'css-module' || args.kind === 'url-token') return undefined
    const abs = path.resolve(args.resolveDir, args.path.replace(/^@site\//, root + '/'))
    if (!fs.existsSync(abs)) return undefined
    const id = path
      .relative(root, abs)
      .replace(CSS_MODULE, '')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+/, '')
    return { path: `${id}.module.css`, namespace: 'css-module', pluginData: abs }
  })
  b.onLoad({ filter: /.*/, namespace: 'css-module' }, (args) => {
    const abs = args.pluginData as string
    if (STYLE_LANGUAGE.test(abs)) return loadStyle(abs, root, 'local-css', read)
    inputs.push(abs)
    return {
      contents: fs.readFileSync(abs, 'utf8'),
      loader: 'local-css',
      resolveDir: path.dirname(abs),
      watchFiles: [abs],
    }
  })
  b.onLoad({ filter: STYLE_LANGUAGE, namespace: 'file' }, (args) => loadStyle(args.path, root, 'css', read))
  b.onResolve({ filter: /.*/ }, (args) => {
    if (args.kind !== 'url-token' && args.kind !== 'import-rule') return undefined
    if (KEEP_URL.test(args.path)) return { path: args.path, external: true }
    if (args.kind === 'import-rule') return undefined
    const abs = path.resolve(args.resolveDir, args.path.replace(/[?#].*$/, ''))
    return fs.existsSync(abs) ? { path: assetUrl(abs), external: true } : undefined
  })
}
