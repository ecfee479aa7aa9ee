import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { MATH_MARKER } from './parse/markdown-math.js'
import { MERMAID_MARKER, mermaidAssetDir, mermaidDist, mermaidModule } from './parse/mermaid.js'
import type { LaterFile } from './types.js'

/** What the pages' markdown uses that needs files of its own. */
export interface ContentFeatures {
  math: boolean
  mermaid: boolean
}

/** Files that only sites (and pages) using math or diagrams get, each folder content-hashed. */
export interface ContentAssets {
  readonly files: ReadonlyMap<string, string | Uint8Array>
  /** serve: those read when a browser first asks for them (see `contentAssets`). */
  readonly later: ReadonlyMap<string, LaterFile>
  /** KaTeX's stylesheet, linked from the pages that contain a formula. */
  readonly mathCss: string | undefined
}

/** Notes which features a piece of rendered HTML uses. */
export function noteFeatures(features: ContentFeatures, html: string): void {
  if (!features.math && html.includes(MATH_MARKER)) features.math = true
  if (!features.mermaid && html.includes(MERMAID_MARKER)) features.mermaid = true
}

/** Does a page's HTML contain a formula (and so need KaTeX's stylesheet)? */
export const hasMath = (html: string) => html.includes(MATH_MARKER)

/**
 * With `later` (serve, which offers both features to pages it has not rendered yet), mermaid's
 * modules are read when first asked for: 17 MB of them, read and rewritten at every start and
 * every rebuild of the site (~80 ms before the first page), for the few sessions that show a
 * diagram.
 */
export function contentAssets(
  baseUrl: string,
  features: ContentFeatures,
  { later: onRequest = false } = {},
): ContentAssets {
  const files = new Map<string, string | Uint8Array>()
  const later = new Map<string, LaterFile>()
  let mathCss: string | undefined
  if (features.math) mathCss = baseUrl + addKatex(files)
  if (features.mermaid)
    addMermaid(
      onRequest
        ? (name, make) => later.set(name, { make, immutable: true })
        : (name, read) => files.set(name, read()),
    )
  return { files, later, mathCss }
}

/**
 * KaTeX's stylesheet and its fonts, in WOFF2 only (every browser the client targets reads it;
 * the WOFF and TTF copies would triple the folder).
 */
function addKatex(files: Map<string, string | Uint8Array>): string {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('katex/package.json')), 'dist')
  const css = fs
    .readFileSync(path.join(dist, 'katex.min.css'), 'utf8')
    .replace(/,url\(fonts\/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, '')
  const dir = `assets/katex.${createHash('sha256').update(css).digest('hex').slice(0, 10)}`
  files.set(`${dir}/katex.min.css`, css)
  for (const font of fs.readdirSync(path.join(dist, 'fonts')))
    if (font.endsWith('.woff2'))
      files.set(`${dir}/fonts/${font}`, new Uint8Array(fs.readFileSync(path.join(dist, 'fonts', font))))
  return `${dir}/katex.min.css`
}

/**
 * mermaid's browser module and the chunks it imports, as published (minified already), renamed
 * `.mjs` → `.js`: static hosts (S3 among them) and simple servers serve `.mjs` with a type
 * browsers refuse for modules.
 */
function addMermaid(put: (file: string, read: () => string) => void): void {
  const { dir, entry, hash } = mermaidDist()
  const out = mermaidAssetDir(hash)
  const read = (file: string) => () =>
    fs.readFileSync(file, 'utf8').replace(/(["'])(\.\/[\w./-]+)\.mjs\1/g, '$1$2.js$1')
  put(`${out}/${mermaidModule(entry)}`, read(path.join(dir, entry)))
  const chunks = path.join(dir, 'chunks', 'mermaid.esm.min')
  for (const name of fs.readdirSync(chunks))
    if (name.endsWith('.mjs'))
      put(`${out}/chunks/mermaid.esm.min/${mermaidModule(name)}`, read(path.join(chunks, name)))
}
