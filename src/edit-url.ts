import path from 'node:path'
import type { SiteConfig } from './types.js'

/** Where a page's "Edit this page" link comes from: its file and place in the site. */
export interface EditTarget {
  /** Source file relative to the project root. */
  readonly file: string
  readonly absPath: string
  /** Path inside its docs version or blog folder. */
  readonly relPath: string
  readonly locale: string
  readonly permalink: string
  /** The docs version; undefined for blog posts. */
  readonly version?: string
}

/**
 * The config's editUrl for a page: a string prefix gets the source path appended; a function
 * (Docusaurus's form) is called with Docusaurus's arguments and returns the whole link. In the
 * Docusaurus layout a translated page links to the file it translates, as Docusaurus does.
 */
export function editUrlFor(config: SiteConfig, t: EditTarget): string | undefined {
  const e = config.editUrl
  if (!e) return undefined
  const rel = (abs: string) => path.relative(config.root, abs).split(path.sep).join('/')
  // The folder the file's relative path starts from: absPath without relPath's segments.
  const ownDir = rel(path.resolve(t.absPath, ...t.relPath.split('/').map(() => '..')))
  const original =
    t.version === undefined
      ? config.sources.blog[config.defaultLocale]
      : config.sources.docs[config.defaultLocale]?.[t.version]
  const sourceDir = config.layout === 'docusaurus' && original ? rel(original) : ownDir
  if (typeof e === 'string')
    return e.replace(/\/?$/, '/') + (config.layout === 'docusaurus' ? `${sourceDir}/${t.relPath}` : t.file)
  const url =
    t.version === undefined
      ? e({
          locale: t.locale,
          blogDirPath: ownDir,
          blogPath: t.relPath,
          sourceDirPath: sourceDir,
          fileDirPath: ownDir,
          permalink: t.permalink,
        })
      : e({
          locale: t.locale,
          version: t.version,
          versionDocsDirPath: sourceDir,
          sourceDirPath: sourceDir,
          fileDirPath: ownDir,
          docPath: t.relPath,
          permalink: t.permalink,
        })
  return typeof url === 'string' && url ? url : undefined
}
