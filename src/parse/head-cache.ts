import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Diagnostic, DocFrontMatter } from '../types.js'

/** Set by bin/docs-site.js when it runs the esbuild-compiled CLI. */
declare const DOCS_SITE_COMPILED: string | undefined

/** What serve reads from a doc before its body: its front matter and leading title. */
export interface DocHeadEntry {
  /** Size and mtime of the file when it was read. */
  readonly stamp: string
  readonly data: DocFrontMatter
  readonly bodyLine: number
  /** The body's leading `# Title`, if any. */
  readonly leadingTitle: string | undefined
  readonly contentHash: string
  /** Front-matter warnings (a file with an error is never kept). */
  readonly diagnostics: readonly Diagnostic[]
}

/**
 * serve's start reads every doc's front matter (the route table and the sidebars need it). This
 * keeps what it read between starts, by file path and stamp, in
 * `<project>/node_modules/.cache/docs-site/heads-<version>.json` (safe to delete): a later start
 * reads only the files that changed. The version is a hash of the code that reads front matter
 * and titles, so a change to it never reuses old entries.
 */
export interface DocHeadCache {
  get(absPath: string, stamp: string): DocHeadEntry | undefined
  set(absPath: string, entry: DocHeadEntry): void
  save(): void
}

export function openDocHeadCache(root: string): DocHeadCache | undefined {
  const version = codeVersion()
  const modules = path.join(root, 'node_modules')
  if (!version || !fs.existsSync(modules)) return undefined
  const dir = path.join(modules, '.cache', 'docs-site')
  const file = path.join(dir, `heads-${version}.json`)
  let entries: Record<string, DocHeadEntry> = {}
  try {
    entries = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, DocHeadEntry>
  } catch {
    // Missing or damaged: start empty.
  }
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
    save() {
      if (!changed) return
      changed = false
      try {
        fs.mkdirSync(dir, { recursive: true })
        const tmp = `${file}.tmp-${process.pid}`
        fs.writeFileSync(tmp, JSON.stringify(entries))
        fs.renameSync(tmp, file)
        for (const name of fs.readdirSync(dir))
          if (name.startsWith('heads-') && name !== path.basename(file) && !name.includes('.tmp-'))
            fs.rmSync(path.join(dir, name), { force: true })
      } catch {
        // A read-only node_modules: the next start reads the front matter again.
      }
    },
  }
}

/** A hash of the code whose output is kept: front matter, YAML, the leading title. */
function codeVersion(): string | undefined {
  try {
    const here = typeof DOCS_SITE_COMPILED === 'string' ? '../src/parse/' : './'
    const hash = crypto.createHash('sha256')
    for (const name of ['frontmatter.ts', 'yaml.ts', 'markdown.ts', '../translation.ts'])
      hash.update(fs.readFileSync(fileURLToPath(new URL(here + name, import.meta.url))))
    return hash.digest('hex').slice(0, 12)
  } catch {
    return undefined
  }
}
