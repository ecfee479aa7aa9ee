import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Set by bin/docs-site.js when it runs the esbuild-compiled CLI. */
declare const DOCS_SITE_COMPILED: string | undefined

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
  const version = cacheVersion()
  const modules = path.join(root, 'node_modules')
  if (!version || !fs.existsSync(modules)) return undefined
  const dir = path.join(modules, '.cache', 'docs-site')
  const file = path.join(dir, `highlight-${version}.json`)
  let old = new Map<string, string>()
  try {
    old = new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>))
  } catch {
    // Missing or unreadable: start empty.
  }
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
      try {
        fs.mkdirSync(dir, { recursive: true })
        const tmp = `${file}.tmp-${process.pid}`
        fs.writeFileSync(tmp, JSON.stringify(Object.fromEntries(used)))
        fs.renameSync(tmp, file)
        // Caches of other versions are dead weight.
        for (const name of fs.readdirSync(dir))
          if (name.startsWith('highlight-') && name !== path.basename(file) && !name.includes('.tmp-'))
            fs.rmSync(path.join(dir, name), { force: true })
      } catch {
        // A read-only node_modules: the next build highlights again, nothing worse.
      }
    },
  }
}

/** What the HTML of a block depends on besides the block: shiki's version and our highlighting code. */
function cacheVersion(): string | undefined {
  try {
    // shiki does not export its package.json: find it above its entry point.
    let dir = path.dirname(fileURLToPath(import.meta.resolve('shiki')))
    while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
    const shiki = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }
    const here = typeof DOCS_SITE_COMPILED === 'string' ? '../src/parse/' : './'
    const hash = crypto.createHash('sha256').update(shiki.version)
    for (const name of ['highlight.ts', 'languages.ts'])
      hash.update(fs.readFileSync(fileURLToPath(new URL(here + name, import.meta.url))))
    return hash.digest('hex').slice(0, 12)
  } catch {
    return undefined
  }
}
