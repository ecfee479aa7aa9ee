import type { Diagnostic, DocFrontMatter } from '../types.js'
import { cacheFile, codeVersion, readCacheFile, writeCacheFile } from './cache-file.js'

/** What serve reads from a doc before its body: its front matter and leading title. */
export interface DocHeadEntry {
  /** Size and mtime of the file when it was read. */
  readonly stamp: string
  readonly data: DocFrontMatter
  readonly bodyLine: number
  /** The body's leading `# Title`, if any. */
  readonly leadingTitle: string | undefined
  /** contentHash() of the file's text, once something asked for it (a translation's check). */
  readonly contentHash?: string
  /** Front-matter warnings (a file with an error is never kept). */
  readonly diagnostics: readonly Diagnostic[]
}

/**
 * serve's start reads every doc's front matter (the route table and the sidebars need it). This
 * keeps what it read between starts, by file path and stamp (`heads-<version>.json` in the
 * project's cache folder, see cache-file.ts): a later start reads only the files that changed.
 */
export interface DocHeadCache {
  get(absPath: string, stamp: string): DocHeadEntry | undefined
  set(absPath: string, entry: DocHeadEntry): void
  /** Drops the entries of files not in `files` (deleted or renamed since): a full start knows them all. */
  prune(files: ReadonlySet<string>): void
  save(): void
}

export function openDocHeadCache(root: string): DocHeadCache | undefined {
  // The code whose output is kept: front matter, YAML, the leading title, the content hash.
  const version = codeVersion(['frontmatter.ts', 'yaml.ts', 'markdown.ts', '../translation.ts'])
  const file = cacheFile(root, 'heads', version)
  if (!file) return undefined
  const entries = readCacheFile<Record<string, DocHeadEntry>>(file) ?? {}
  let changed = false
  return {
    get(absPath, stamp) {
      const e = Object.hasOwn(entries, absPath) ? entries[absPath] : undefined
      return e?.stamp === stamp ? e : undefined
    },
    set(absPath, entry) {
      entries[absPath] = entry
      changed = true
    },
    prune(files) {
      for (const absPath of Object.keys(entries))
        if (!files.has(absPath)) {
          delete entries[absPath]
          changed = true
        }
    },
    save() {
      if (!changed) return
      changed = false
      writeCacheFile(file, entries)
    },
  }
}
