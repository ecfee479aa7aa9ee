// Small pure helpers on a post's path and text: dates, slugs, reading time, the excerpt.

/** Docusaurus's pattern: a date then the name, in the file name or the folder of an index.md. */
const DATED_PATH = /^(?:.*?\/)?(\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(.*?)(?:\/index)?\.mdx?$/

/** ISO date from '2024-01-15-hello.md'; undefined when the path has no date, null when it is not a real day. */
export function dateFromPath(relPath: string): string | undefined | null {
  const m = DATED_PATH.exec(relPath)
  if (!m) return undefined
  return parseDate(m[1]!.replace(/\//g, '-')) ?? null
}

/** 'hello-world' from '2024-01-15-hello-world.md', '2024-01-15-hello/index.md' or 'hello.md'. */
export function slugFromPath(relPath: string): string {
  const m = DATED_PATH.exec(relPath)
  if (m) return m[2]!.replace(/^\/+|\/+$/g, '')
  return relPath.replace(/(\/index)?\.mdx?$/, '')
}

/**
 * Docusaurus's post URL: the date as folders, then the post's folder and name
 * ('2024-01-15-hello.md', '2024-01-15-hello/index.md', '2024/01/15/hello.md' → '2024/01/15/hello';
 * 'news/2024-01-15-hello.md' → '2024/01/15/news/hello'); an undated path stays as it is.
 */
export function datedSlugFromPath(relPath: string): string {
  const m = DOCUSAURUS_DATED_PATH.exec(relPath)
  if (!m) return relPath.replace(/(\/index)?\.mdx?$/, '')
  const [, folder, date, text] = m
  return `${date!.replace(/-/g, '/')}/${folder}${text}`.replace(/^\/+|\/+$/g, '')
}
const DOCUSAURUS_DATED_PATH = /^(.*)(\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(.*?)(?:\/index)?\.mdx?$/

const DATE_RE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * A calendar date with an optional time, as ISO 8601 in UTC; undefined when it is not one
 * (2024-02-30 and 2024-13-01 are refused, not rolled over). A date without a zone is UTC.
 */
export function parseDate(text: string): string | undefined {
  const m = DATE_RE.exec(text.trim())
  if (!m) return undefined
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1, 7).map((x) => x ?? undefined) as string[]
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  if (
    day.getUTCFullYear() !== Number(y) ||
    day.getUTCMonth() !== Number(mo) - 1 ||
    day.getUTCDate() !== Number(d)
  )
    return undefined
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined
  const zone = m[8] ? (m[8] === 'Z' ? 'Z' : m[8].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z'
  const iso = `${y}-${pad(mo!)}-${pad(d!)}T${pad(h)}:${pad(mi)}:${pad(s)}${m[7] ?? ''}${zone}`
  const t = new Date(iso)
  return Number.isNaN(t.getTime()) ? undefined : t.toISOString()
}

const pad = (s: string) => s.padStart(2, '0')

/** Minutes to read a markdown body: words / 200, rounded up, at least 1. */
export function readingTime(markdown: string): number {
  const text = markdown
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/<[^>]+>/g, ' ')
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
  return Math.max(1, Math.ceil(words / 200))
}

const TRUNCATE = /^<!--\s*truncate\s*-->[ \t]*\n?/m

/** Splits rendered HTML at a top-level `<!-- truncate -->`; the marker itself is dropped. */
export function splitExcerpt(rendered: string): { html: string; excerptHtml: string; truncated: boolean } {
  const m = TRUNCATE.exec(rendered)
  if (!m) return { html: rendered, excerptHtml: rendered, truncated: false }
  const before = rendered.slice(0, m.index)
  return { html: before + rendered.slice(m.index + m[0].length), excerptHtml: before, truncated: true }
}

/** Plain text of the first paragraph, for a post without a `description`. */
export function descriptionOf(html: string): string | undefined {
  const p = /<p>([\s\S]*?)<\/p>/.exec(html)
  if (!p) return undefined
  const text = p[1]!
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
  if (!text) return undefined
  return text.length > 200 ? text.slice(0, 197).replace(/\s+\S*$/, '') + '…' : text
}
