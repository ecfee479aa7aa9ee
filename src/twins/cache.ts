import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { cacheFile, codeVersion, readCacheFile, writeCacheFile } from '../parse/cache-file.js'
import type { TwinContext } from './markdown.js'

/**
 * The Markdown twins of earlier builds, kept between builds so that an unchanged page's body is
 * not parsed a second time (the twin is written from markdown-it's tokens of the source):
 * `<project>/node_modules/.cache/docs-site/twins-<version>.json`, safe to delete, never committed.
 *
 * What is kept does not depend on the page's place in the site: a body's twin is a template, its
 * links and admonition titles left as markers (`\0h<n>\0` for the body's n-th link or image
 * target as written, `\0a<kind>\0` for an admonition's default title), which each page fills with
 * its own URLs and words. NUL never reaches a token (markdown-it replaces it while reading), so a
 * marker cannot be mistaken for text. Entries are keyed by a hash of the body; the file's name
 * carries a hash of the code that writes twins and of markdown-it's version, so a change to
 * either starts a new cache. Only the bodies of the last build are written back.
 */
export interface TwinTemplate {
  readonly text: string
  /** Link and image targets as written, by marker number. */
  readonly hrefs: readonly string[]
}

export interface TwinCache {
  /** The twin of `body` for one page: from the cache, or written by `make` and kept. */
  clean(body: string, ctx: TwinContext, make: (ctx: TwinContext) => string): string
  /** Writes this build's templates (atomically), when they differ from the file's. */
  save(): void
}

const MARKER = /\0(h|a)([^\0]*)\0/g

export function openTwinCache(root: string | undefined): TwinCache {
  const file = root && cacheFile(root, 'twins', codeVersion(TWIN_CODE, packageVersions()))
  const old = new Map(Object.entries((file && readCacheFile<Record<string, TwinTemplate>>(file)) || {}))
  const used = new Map<string, TwinTemplate>()
  let changed = false
  return {
    clean(body, ctx, make) {
      const key = createHash('sha256').update(body).digest('base64url').slice(0, 22)
      let template = used.get(key) ?? old.get(key)
      if (!template) {
        const hrefs: string[] = []
        const text = make({
          href: (raw) => `\0h${hrefs.push(raw) - 1}\0`,
          admonition: (kind) => `\0a${kind}\0`,
        })
        template = { text, hrefs }
        changed = true
      }
      used.set(key, template)
      const { hrefs } = template
      return template.text.replace(MARKER, (_, kind: string, value: string) =>
        kind === 'h' ? ctx.href(hrefs[Number(value)]!) : ctx.admonition(value),
      )
    },
    save() {
      if (!file || (!changed && used.size === old.size)) return
      writeCacheFile(file, Object.fromEntries(used))
    },
  }
}

/** What writes a twin from a body: our code (paths from src/parse/) and the parser's packages. */
const TWIN_CODE = ['../twins/markdown.ts', '../twins/cache.ts', 'markdown.ts', 'markdown-rules.ts']

function packageVersions(): string {
  const require = createRequire(import.meta.url)
  return ['markdown-it', 'markdown-it-container']
    .map((name) => {
      try {
        let dir = path.dirname(require.resolve(name))
        while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
        return `${name}@${(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version}`
      } catch {
        return `${name}@unknown`
      }
    })
    .join(' ')
}
