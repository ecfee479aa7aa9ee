import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Files docs-site keeps between runs, under `<project>/node_modules/.cache/docs-site/` (safe to
// delete, never committed): highlighted code, docs' front matter. Each file's name carries a
// hash of the code that made its contents, so a new docs-site never reads an old one's output.

/** Set by bin/docs-site.js when it runs the esbuild-compiled CLI. */
declare const DOCS_SITE_COMPILED: string | undefined

/**
 * `<root>/node_modules/.cache/docs-site/`, or undefined without node_modules: docs-site never
 * makes that folder in a project (every cache is off there).
 */
export function cacheDir(root: string): string | undefined {
  const modules = path.join(root, 'node_modules')
  return fs.existsSync(modules) ? path.join(modules, '.cache', 'docs-site') : undefined
}

/** `<root>/node_modules/.cache/docs-site/<prefix>-<version>.json`, or undefined without node_modules. */
export function cacheFile(root: string, prefix: string, version: string | undefined): string | undefined {
  const dir = version ? cacheDir(root) : undefined
  return dir && path.join(dir, `${prefix}-${version}.json`)
}

/** The file's JSON, or undefined when it is missing or damaged. */
export function readCacheFile<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T
  } catch {
    return undefined
  }
}

/**
 * Writes the file atomically (a crash leaves the old one) and removes the same cache's files of
 * other versions. A read-only node_modules is not an error: the next run does the work again.
 */
export function writeCacheFile(file: string, data: unknown): void {
  const dir = path.dirname(file)
  try {
    fs.mkdirSync(dir, { recursive: true })
    const tmp = `${file}.tmp-${process.pid}`
    fs.writeFileSync(tmp, JSON.stringify(data))
    fs.renameSync(tmp, file)
    removeOtherVersions(file)
  } catch {
    // See above.
  }
}

/** A hash of source files under src/parse/ (and `extra`): what a cache's contents depend on. */
export function codeVersion(files: readonly string[], extra = ''): string | undefined {
  try {
    const here = typeof DOCS_SITE_COMPILED === 'string' ? '../src/parse/' : './'
    const hash = crypto.createHash('sha256').update(extra)
    for (const name of files)
      hash.update(fs.readFileSync(fileURLToPath(new URL(here + name, import.meta.url))))
    return hash.digest('hex').slice(0, 12)
  } catch {
    return undefined
  }
}

/**
 * `name@version` of a package, for a cache whose contents it makes: from the package.json above
 * its entry point that names it (not every package exports that file, and some have a
 * package.json of their own in a sub-folder); `name@?` when it cannot be read.
 */
export function packageVersion(name: string): string {
  try {
    let dir = path.dirname(fileURLToPath(import.meta.resolve(name)))
    for (;;) {
      const file = path.join(dir, 'package.json')
      if (fs.existsSync(file)) {
        const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string }
        if (json.name === name) return `${name}@${json.version ?? '?'}`
      }
      if (path.dirname(dir) === dir) return `${name}@?`
      dir = path.dirname(dir)
    }
  } catch {
    return `${name}@?`
  }
}

/** Removes the files of the same cache made by other code versions (`<prefix>-<version>.json`). */
export function removeOtherVersions(file: string): void {
  const dir = path.dirname(file)
  const prefix = path.basename(file).replace(/-[^-]+\.json$/, '-')
  for (const name of fs.readdirSync(dir))
    if (name.startsWith(prefix) && name !== path.basename(file) && !name.includes('.tmp-'))
      fs.rmSync(path.join(dir, name), { force: true })
}
