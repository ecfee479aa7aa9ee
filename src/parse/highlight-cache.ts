import { cacheFile, codeVersion, packageVersion } from './cache-file.js'
import { entryKey, readCacheLines, writeCacheLines } from './cache-lines.js'

/**
 * Highlighted code blocks kept between builds, so an unchanged rebuild does not run shiki again:
 * `<project>/node_modules/.cache/docs-site/highlight-<version>.json`, safe to delete, never
 * committed, read and written a line an entry (`cache-lines.ts`). Entries are keyed by a hash of
 * the block (language, marked lines, line numbers, code); the
 * file's name carries a hash of what makes the HTML (shiki's version and our highlighting code),
 * so a change to either starts a new cache rather than reusing stale HTML. Only the blocks of the
 * last build are written back, so the file does not grow with every edit.
 */
export interface HighlightCache {
  /** Blocks kept from the last build. */
  readonly size: number
  /** The short key of a block's key (language, marked lines, line numbers, code). */
  entry(key: string): string
  /** A block kept from the last build, by its short key. */
  get(entry: string): string | undefined
  /** Records a block highlighted (or found) in this build, by its short key. */
  set(entry: string, html: string): void
  /** Writes this build's blocks (atomically: a crash leaves the old file). */
  save(): void
}

export function openHighlightCache(root: string): HighlightCache | undefined {
  const file = cacheFile(
    root,
    'highlight',
    codeVersion(
      ['highlight.ts', 'languages.ts', 'token-classes.ts', 'highlight-cache.ts', 'cache-lines.ts'],
      packageVersion('shiki'),
    ),
  )
  if (!file) return undefined
  const old = readCacheLines(file)
  // This build's blocks, by short key (the strings are the highlighter's own: nothing is copied).
  const used = new Map<string, string>()
  let changed = false
  return {
    size: old.size,
    entry: entryKey,
    get(short) {
      const html = used.get(short) ?? old.get<string>(short)
      if (html !== undefined) used.set(short, html)
      return html
    },
    set(short, html) {
      if (!used.has(short) && old.get<string>(short) !== html) changed = true
      used.set(short, html)
    },
    save() {
      if (!changed && used.size === old.size) return
      const next = writeCacheLines(file)
      if (!next) return
      for (const [key, html] of used) next.write(key, html)
      next.finish(true)
      changed = false
    },
  }
}
