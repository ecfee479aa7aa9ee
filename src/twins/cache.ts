import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { cacheFile, codeVersion } from '../parse/cache-file.js'
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
 *
 * A 10,000-page site keeps ~100 MB of twins: the file is one entry a line (`key`, a tab, the
 * template as JSON), kept as bytes and indexed by key, an entry parsed when it is asked for; this
 * build's entries go to the next file as they are used, so no build holds every twin at once.
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
  const file = root ? cacheFile(root, 'twins', codeVersion(TWIN_CODE, packageVersions())) : undefined
  const earlier = readEntries(file)
  const recent = new Map<string, TwinTemplate>()
  const next = file ? openNext(file) : undefined
  const written = new Set<string>()
  let changed = false
  const templateOf = (body: string, make: (ctx: TwinContext) => string) => {
    const key = createHash('sha256').update(body).digest('base64url').slice(0, 22)
    let template = recent.get(key) ?? earlier.get(key)
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

/** The entries of the cache file, parsed one by one when asked for; none when it is missing. */
function readEntries(file: string | undefined): { get(key: string): TwinTemplate | undefined; size: number } {
  let bytes: Buffer
  try {
    bytes = file ? fs.readFileSync(file) : Buffer.alloc(0)
  } catch {
    bytes = Buffer.alloc(0)
  }
  const at = new Map<string, [start: number, end: number]>()
  for (let start = 0; start < bytes.length;) {
    const end = bytes.indexOf(10, start)
    const stop = end < 0 ? bytes.length : end
    const tab = bytes.indexOf(9, start)
    if (tab > start && tab < stop) at.set(bytes.toString('latin1', start, tab), [tab + 1, stop])
    start = stop + 1
  }
  return {
    size: at.size,
    get(key) {
      const place = at.get(key)
      if (!place) return undefined
      try {
        return JSON.parse(bytes.toString('utf8', place[0], place[1])) as TwinTemplate
      } catch {
        // A damaged entry is a missing one: the twin is written again.
        return undefined
      }
    },
  }
}

/** The next cache file, written beside the current one as entries are used, then renamed over it. */
let opened = 0

function openNext(file: string) {
  const tmp = `${file}.tmp-${process.pid}-${++opened}`
  let fd: number | undefined
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fd = fs.openSync(tmp, 'w')
  } catch {
    // A read-only node_modules: the next build writes its twins again.
    return undefined
  }
  return {
    write(key: string, template: TwinTemplate) {
      if (fd !== undefined) fs.writeSync(fd, `${key}\t${JSON.stringify(template)}\n`)
    },
    finish(replace: boolean) {
      try {
        fs.closeSync(fd!)
        fd = undefined
        if (!replace) return fs.rmSync(tmp, { force: true })
        fs.renameSync(tmp, file)
        // The files of other code versions.
        const prefix = path.basename(file).replace(/-[^-]+\.json$/, '-')
        for (const name of fs.readdirSync(path.dirname(file)))
          if (name.startsWith(prefix) && name !== path.basename(file) && !name.includes('.tmp-'))
            fs.rmSync(path.join(path.dirname(file), name), { force: true })
      } catch {
        // See above.
      }
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
