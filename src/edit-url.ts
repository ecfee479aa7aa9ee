import path from 'node:path'
import type { SiteConfig } from './types.js'

/** Where a page's "Edit this page" link comes from: its file and place in the site. */
export interface EditTarget {
  /** Source file relative to the project root. */
  readonly file: string
  readonly absPath: string
  readonly relPath: string
  readonly locale: string
  readonly permalink: string
  /** The docs version; undefined for blog posts. */
  readonly version?: string
}

/**
 * The config's editUrl for a page: a string prefix gets the source path appended; a function
 * (Docusaurus's form) is called with Docusaurus's arguments and returns the whole link.
 */
export function editUrlFor(config: SiteConfig, t: EditTarget): string | undefined {
  const e = config.editUrl
  if (!e) return undefined
  if (typeof e === 'string') return e.replace(/\/?$/, '/') + t.file
  // The folder the file's relative path starts from: absPath without relPath's segments.
  const rootDir = path.resolve(t.absPath, ...t.relPath.split('/').map(() => '..'))
  const dir = path.relative(config.root, rootDir).split(path.sep).join('/')
  const url =
    t.version === undefined
      ? e({ locale: t.locale, blogDirPath: dir, blogPath: t.relPath, permalink: t.permalink })
      : e({
          locale: t.locale,
          version: t.version,
          versionDocsDirPath: dir,
          docPath: t.relPath,
          permalink: t.permalink,
        })
  return typeof url === 'string' && url ? url : undefined
}
