import type { Diagnostic } from '../types.js'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { default as MarkdownItClass } from 'markdown-it'
import type { MarkdownEnv } from './markdown-env.js'

type MarkdownIt = InstanceType<typeof MarkdownItClass>

// Images and files written next to the markdown that uses them (`./assets/diagram.png`,
// `../img/x.svg`) are copied to the output under content-hashed names, as Docusaurus and
// VitePress do: a changed file gets a new URL, so it can be cached for ever like the client's
// assets.

/** Output folder of co-located files, relative to the output root. */
export const COLOCATED_DIR = 'assets/files/'

/** Link targets that are pages, not files: they resolve as links (see src/links/resolve.ts). */
const PAGE_EXT = /\.(mdx?|html?)$/i

/**
 * Rewrites the relative image sources and file links of a page to their output URLs, recording
 * each file in `env.assets`; a missing one is an error. Runs before the link rule, which then
 * leaves these absolute URLs alone. Only where the page says where it lives (`env.root`).
 */
export function addAssetRule(md: MarkdownIt): void {
  md.core.ruler.push('colocated_assets', (state) => {
    const env = state.env as unknown as MarkdownEnv
    if (!env.root) return
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue
      for (const t of block.children) {
        const attr = t.type === 'image' ? 'src' : t.type === 'link_open' ? 'href' : undefined
        if (!attr || t.attrGet('class') === 'hash-link') continue
        const written = String(t.attrGet(attr) ?? '')
        const url = siteAlias(written, env)
        if (url !== written) t.attrSet(attr, url)
        const file = relativeFile(url, attr === 'src')
        if (file === undefined) continue
        const outFile = colocate(env, file, url, block.map)
        // A missing file was reported with its line and fails the build: emptied, the HTML link
        // check does not report it a second time, without the line.
        t.attrSet(attr, outFile ? (attr === 'src' ? '/' : env.baseUrl) + outFile : '')
        // The page's Markdown twin, made from the tokens as written, links the copy too.
        if (outFile && env.twin)
          env.twin = {
            ...env.twin,
            hrefs: env.twin.hrefs.map((h) => (h === written ? env.baseUrl + outFile : h)),
          }
      }
    }
  })
}

/** The file path a relative URL names (decoded, without query or hash), if it names a file. */
export function relativeFile(url: string, image: boolean): string | undefined {
  if (url === '' || /^[a-z][a-z\d+.-]*:|^\/|^#/i.test(url)) return undefined
  const bare = url.replace(/[?#].*$/, '')
  if (bare === '' || bare.endsWith('/')) return undefined
  if (!image && (PAGE_EXT.test(bare) || !/\.[a-z\d]+$/i.test(path.posix.basename(bare)))) return undefined
  try {
    return decodeURIComponent(bare)
  } catch {
    return bare
  }
}

/** Records the file in `env.assets` and gives its output path, or reports it missing. */
export function colocate(
  env: Pick<MarkdownEnv, 'root' | 'file' | 'lines' | 'bodyLine' | 'diagnostics' | 'assets'>,
  file: string,
  url: string,
  map: [number, number] | null,
): string | undefined {
  const absPath = path.resolve(env.root!, path.dirname(env.file), file)
  const at = () => {
    const from = map?.[0] ?? 0
    const index = env.lines
      .slice(from, Math.max(map?.[1] ?? from + 1, from + 1))
      .findIndex((l) => l.includes(url))
    const column = index >= 0 ? env.lines[from + index]!.indexOf(url) + 1 : 1
    return { file: env.file, line: env.bodyLine + from + Math.max(index, 0), column }
  }
  let bytes: Buffer
  try {
    bytes = fs.readFileSync(absPath)
  } catch {
    env.diagnostics.push({
      severity: 'error',
      code: 'broken-link',
      message: `"${url}" not found: no file ${path.relative(env.root!, absPath).split(path.sep).join('/')}`,
      at: at(),
      hint: 'files linked relatively are looked up next to the markdown file',
    })
    return undefined
  }
  // A link or image is published with the site: one leading out of the project (by `../` or a
  // symlink) would publish whatever file it names, from the machine that builds.
  if (!withinProject(env.root!, absPath)) {
    env.diagnostics.push({
      severity: 'error',
      code: 'broken-link',
      message: `"${url}" is outside the project: only the project's own files are published`,
      at: at(),
      hint: 'copy the file into the project (next to the page, or into static/)',
    })
    return undefined
  }
  const outFile = hashedAssetPath(absPath, bytes)
  env.assets.set(outFile, absPath)
  return outFile
}

/** Whether `target`, its symlinks followed, is a file or folder inside the project `root`. */
export function withinProject(root: string, target: string): boolean {
  const rel = path.relative(fs.realpathSync(root), fs.realpathSync(target))
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)
}

/** Where a co-located file is written: `assets/files/<name>.<hash>.<ext>`. */
export function hashedAssetPath(absPath: string, bytes: Uint8Array): string {
  const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 10)
  const ext = path.extname(absPath)
  const stem = path.basename(absPath, ext).replace(/[^\w.-]+/g, '-')
  return `${COLOCATED_DIR}${stem}.${hash}${ext.toLowerCase()}`
}

/** The bytes of every co-located file the pages use, by output path. */
export function readColocated(
  lists: Iterable<ReadonlyMap<string, string> | undefined>,
): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>()
  for (const assets of lists)
    for (const [outFile, absPath] of assets ?? [])
      if (!out.has(outFile)) out.set(outFile, fs.readFileSync(absPath))
  return out
}

/**
 * `@site/…` (Docusaurus's alias of the project root, in links and images) as a path relative to
 * the file it is written in: a doc's `.md` is then a link to its page, any other file an asset.
 */
export function siteAlias(href: string, env: Pick<MarkdownEnv, 'root' | 'absPath'>): string {
  if (!href.startsWith('@site/') || !env.root || !env.absPath) return href
  const rel = path.relative(path.dirname(env.absPath), path.join(env.root, href.slice('@site/'.length)))
  const posix = rel.split(path.sep).join('/')
  return posix.startsWith('.') ? posix : './' + posix
}

/**
 * A front matter `image:` written relative to its file (`./cover.png`, as Docusaurus resolves it):
 * the file becomes a co-located asset of the page and the image its site path. A site path or a
 * URL is kept (and the page's assets are then its own, not copied); a missing file is an error.
 */
export function withFrontMatterImage<F extends { readonly image?: unknown }>(
  frontMatter: F,
  assets: ReadonlyMap<string, string>,
  at: { root: string; file: string; diagnostics: Diagnostic[] },
): { frontMatter: F; assets: ReadonlyMap<string, string> } {
  const file = typeof frontMatter.image === 'string' ? relativeFile(frontMatter.image, true) : undefined
  if (file === undefined) return { frontMatter, assets }
  const own = new Map(assets)
  const outFile = colocate(
    { ...at, assets: own, lines: [], bodyLine: 1 },
    file,
    frontMatter.image as string,
    null,
  )
  return { frontMatter: { ...frontMatter, image: outFile && '/' + outFile }, assets: own }
}
