import fs from 'node:fs'
import path from 'node:path'
import type { BlogSourceFile, SiteConfig } from '../types.js'
import { excludedBy } from '../exclude.js'

/** A YAML side file of a locale's blog: authors.yml or tags.yml. */
export interface BlogDataFile {
  readonly absPath: string
  readonly file: string
  readonly locale: string
}

export interface BlogSources {
  readonly posts: readonly BlogSourceFile[]
  readonly authors: readonly BlogDataFile[]
  readonly tags: readonly BlogDataFile[]
}

/** The blog folder of a locale: content/blog/ or content/i18n/<locale>/blog/ (or Docusaurus's). */
export function blogDir(config: SiteConfig, locale: string): string {
  return config.sources.blog[locale] ?? path.join(config.root, 'blog')
}

/**
 * Every post (`*.md` or `.mdx`, also `<date>-<slug>/index.md`) and the authors.yml / tags.yml of each locale,
 * sorted. Undefined when no locale has a blog folder, or the config says `blog: false`: the site
 * then has no /blog at all.
 * Names starting with `_` are left out, as in the docs.
 */
export function discoverBlog(
  config: SiteConfig,
  locales: readonly string[] = config.locales,
): BlogSources | undefined {
  if (!config.blog.enabled) return undefined
  const posts: BlogSourceFile[] = []
  const authors: BlogDataFile[] = []
  const tags: BlogDataFile[] = []
  const excluded = excludedBy(config.exclude.blog)
  let found = false
  for (const locale of new Set([config.defaultLocale, ...locales])) {
    const root = blogDir(config, locale)
    if (!isDir(root)) continue
    found = true
    const rel = (abs: string) => path.relative(config.root, abs).split(path.sep).join('/')
    for (const relPath of walk(root, '').sort()) {
      if (excluded(relPath)) continue
      posts.push({
        kind: 'post',
        absPath: path.join(root, relPath),
        file: rel(path.join(root, relPath)),
        relPath,
        locale,
      })
    }
    for (const [name, into] of [
      ['authors', authors],
      ['tags', tags],
    ] as const) {
      const file = ['yml', 'yaml']
        .map((ext) => path.join(root, `${name}.${ext}`))
        .find((f) => fs.existsSync(f))
      if (file) into.push({ absPath: file, file: rel(file), locale })
    }
  }
  return found ? { posts, authors, tags } : undefined
}

/** Markdown files under a folder, POSIX paths; symlinks are not followed (a loop must not hang). */
function walk(root: string, dir: string): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('_') || entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const relPath = dir ? `${dir}/${entry.name}` : entry.name
    if (entry.isDirectory()) out.push(...walk(root, relPath))
    else if (entry.isFile() && /\.mdx?$/.test(entry.name)) out.push(relPath)
  }
  return out
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory()
  } catch {
    return false
  }
}
