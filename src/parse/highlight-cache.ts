import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { cacheFile, codeVersion, readCacheFile, writeCacheFile } from './cache-file.js'

/**
 * Highlighted code blocks kept between builds, so an unchanged rebuild does not run shiki again:
 * `<project>/node_modules/.cache/docs-site/highlight-<version>.json`, safe to delete, never
 * committed. Entries are keyed by the block (language, marked lines, line numbers, code); the
 * file's name carries a hash of what makes the HTML (shiki's version and our highlighting code),
 * so a change to either starts a new cache rather than reusing stale HTML. Only the blocks of the
 * last build are written back, so the file does not grow with every edit.
 */
export interface HighlightCache {
  /** Blocks kept from the last build. */
  readonly size: number
  get(key: string): string | undefined
  /** Records a block highlighted (or found) in this build. */
  set(key: string, html: string): void
  /** Writes this build's blocks (atomically: a crash leaves the old file). */
  save(): void
}

export function openHighlightCache(root: string): HighlightCache | undefined {
  const file = cacheFile(
    root,
    'highlight',
    codeVersion(['highlight.ts', 'languages.ts', 'token-classes.ts'], shikiVersion()),
  )
  if (!file) return undefined
  const old = new Map(Object.entries(readCacheFile<Record<string, string>>(file) ?? {}))
  const used = new Map<string, string>()
  let changed = false
  return {
    size: old.size,
    get(key) {
      const html = old.get(key)
      if (html !== undefined) used.set(key, html)
      return html
    },
    set(key, html) {
      if (old.get(key) !== html) changed = true
      used.set(key, html)
    },
    save() {
      if (!changed && used.size === old.size) return
      writeCacheFile(file, Object.fromEntries(used))
    },
  }
}

/** shiki's version (its grammars and engine make the HTML as much as our code does). */
function shikiVersion(): string {
  try {
    // shiki does not export its package.json: find it above its entry point.
    let dir = path.dirname(fileURLToPath(import.meta.resolve('shiki')))
    while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
    return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string })
      .version
  } catch {
    return 'unknown'
  }
}
