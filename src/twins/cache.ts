import { cacheFile, codeVersion, packageVersion } from '../parse/cache-file.js'
import { entryKey, readCacheLines, writeCacheLines } from '../parse/cache-lines.js'
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
 * either starts a new cache.
 * A 10,000-page site keeps ~100 MB of twins: the file is read and written a line an entry
 * (`cache-lines.ts`), this build's entries as they are used, so no build holds every twin at once.
 */
export interface TwinTemplate {
  readonly text: string
  /** Link and image targets as written, by marker number. */
  readonly hrefs: readonly string[]
}

export interface TwinCache {
  /** The twin of `body` for one page: from the cache, or written by `make` and kept. */
  clean(body: string, ctx: TwinContext, make: (ctx: TwinContext) => string): string
  /** Puts this build's entries in place of the file's, when they differ from it. */
  save(): void
}

const MARKER = /\0(h|a)([^\0]*)\0/g
/** Templates kept in memory for a body shown again soon (the same page in the next locale or version). */
const RECENT = 400

export function openTwinCache(root: string | undefined): TwinCache {
  const file = root
    ? cacheFile(
        root,
        'twins',
        codeVersion(TWIN_CODE, ['markdown-it', 'markdown-it-container'].map(packageVersion).join(' ')),
      )
    : undefined
  const earlier = readCacheLines(file)
  const recent = new Map<string, TwinTemplate>()
  const next = file ? writeCacheLines(file) : undefined
  const written = new Set<string>()
  let changed = false
  const templateOf = (body: string, make: (ctx: TwinContext) => string) => {
    const key = entryKey(body)
    let template = recent.get(key) ?? earlier.get<TwinTemplate>(key)
    if (!template) {
      const hrefs: string[] = []
      const text = make({
        href: (raw) => `\0h${hrefs.push(raw) - 1}\0`,
        admonition: (kind) => `\0a${kind}\0`,
      })
      template = { text, hrefs }
      changed = true
    }
    recent.set(key, template)
    if (recent.size > RECENT) recent.delete(recent.keys().next().value!)
    if (!written.has(key)) {
      written.add(key)
      next?.write(key, template)
    }
    return template
  }
  return {
    clean(body, ctx, make) {
      const { text, hrefs } = templateOf(body, make)
      return text.replace(MARKER, (_, kind: string, value: string) =>
        kind === 'h' ? ctx.href(hrefs[Number(value)]!) : ctx.admonition(value),
      )
    },
    save() {
      next?.finish(changed || written.size !== earlier.size)
    },
  }
}

/** What writes a twin from a body: our code (paths from src/parse/) and the parser's packages. */
const TWIN_CODE = [
  '../twins/markdown.ts',
  '../twins/cache.ts',
  'cache-lines.ts',
  'markdown.ts',
  'markdown-rules.ts',
]
