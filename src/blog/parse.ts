import type {
  BlogAuthor,
  BlogTagDef,
  BlogTagRef,
  Diagnostic,
  ParsedBlog,
  ParsedPost,
  SourceLocation,
  BlogSourceFile,
} from '../types.js'
import { withFrontMatterImage } from '../parse/assets.js'
import type { Check } from '../parse/frontmatter.js'
import type { ParseContext } from '../parse/index.js'
import type { MarkdownLabels } from '../parse/markdown.js'
import { readPageFile } from '../parse/frontmatter.js'
import { markdownLabels, renderBody } from '../parse/index.js'
import { parseYaml } from '../parse/yaml.js'
import { tagSlug } from '../urls.js'
import type { BlogSources } from './discover.js'
import { inlineAuthor, isObject, readAuthorsFile, readTagsFile } from './data.js'
import {
  dateFromPath,
  descriptionOf,
  parseDate,
  readingTime,
  slugFromPath,
  datedSlugFromPath,
  splitExcerpt,
} from './post-text.js'

export interface ParseBlogOptions {
  /** Keep `draft: true` posts (a preview server); production builds leave them out. @default false */
  readonly includeDrafts?: boolean
}

/** Front-matter keys only posts have, with their type checks (the docs' keys apply too). */
const BLOG_KEYS: Record<string, [Check, string]> = {
  date: [(v) => typeof v === 'string' || v instanceof Date, 'a date such as 2024-01-15'],
  authors: [
    (v) =>
      typeof v === 'string' ||
      isObject(v) ||
      (Array.isArray(v) && v.every((a) => typeof a === 'string' || isObject(a))),
    'an author key, an author { name, ... } or a list of them',
  ],
  hide_reading_time: [(v) => typeof v === 'boolean', 'true or false'],
}

/** Reads authors.yml, tags.yml and every post of every locale. Broken files become diagnostics. */
export function parseBlog(
  sources: BlogSources,
  ctx: ParseContext,
  options: ParseBlogOptions = {},
): { blog: ParsedBlog; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = []
  const { defaultLocale } = ctx.config
  const authorsByLocale = new Map<string, Map<string, BlogAuthor>>()
  const tagsByLocale: Record<string, Map<string, BlogTagDef>> = {}
  const defaultAuthors = sources.authors.find((f) => f.locale === defaultLocale)
  const defaultTags = sources.tags.find((f) => f.locale === defaultLocale)
  const baseAuthors = defaultAuthors
    ? readAuthorsFile(defaultAuthors, diagnostics)
    : new Map<string, BlogAuthor>()
  // A broken authors.yml is reported once, not again by every post naming its authors.
  const authorsBroken = diagnostics.some((d) => d.severity === 'error')
  const baseTags = defaultTags ? readTagsFile(defaultTags, diagnostics) : new Map<string, BlogTagDef>()
  const locales = new Set([defaultLocale, ...ctx.config.locales])
  for (const locale of locales) {
    const own = locale === defaultLocale ? undefined : sources.authors.find((f) => f.locale === locale)
    authorsByLocale.set(locale, new Map([...baseAuthors, ...(own ? readAuthorsFile(own, diagnostics) : [])]))
    const ownTags = locale === defaultLocale ? undefined : sources.tags.find((f) => f.locale === locale)
    tagsByLocale[locale] = new Map([...baseTags, ...(ownTags ? readTagsFile(ownTags, diagnostics) : [])])
  }
  const labels = new Map<string, MarkdownLabels>()
  const posts: ParsedPost[] = []
  for (const source of sources.posts) {
    if (!labels.has(source.locale)) labels.set(source.locale, markdownLabels(ctx.strings(source.locale)))
    const authors = authorsByLocale.get(source.locale) ?? baseAuthors
    const post = parsePost(
      source,
      ctx,
      {
        labels: labels.get(source.locale)!,
        authors,
        tags: tagsByLocale[source.locale] ?? baseTags,
        authorsFile: defaultAuthors?.file ?? 'content/blog/authors.yml',
        authorsBroken,
        tagsFile: defaultTags?.file,
      },
      options,
      diagnostics,
    )
    if (post) posts.push(post)
  }
  return { blog: { posts, tags: tagsByLocale }, diagnostics }
}

interface PostContext {
  readonly labels: MarkdownLabels
  readonly authors: ReadonlyMap<string, BlogAuthor>
  readonly tags: ReadonlyMap<string, BlogTagDef>
  readonly authorsFile: string
  readonly authorsBroken: boolean
  readonly tagsFile: string | undefined
}

function parsePost(
  source: BlogSourceFile,
  ctx: ParseContext,
  pc: PostContext,
  options: ParseBlogOptions,
  diagnostics: Diagnostic[],
): ParsedPost | undefined {
  const read = readPageFile(source, diagnostics, BLOG_KEYS)
  if (!read) return undefined
  const { text, fm } = read
  const data = fm.data as Record<string, unknown>
  if (data.draft === true && !options.includeDrafts) return undefined
  const locate = frontMatterLocator(text, fm.bodyLine, source.file)
  const errors = diagnostics.length

  const date = postDate(source, data.date, locate, text, diagnostics)
  const authors = postAuthors(data.authors, pc, locate, diagnostics)
  const tags = postTags((data.tags ?? []) as unknown[], pc, locate, diagnostics)
  const slug =
    typeof data.slug === 'string'
      ? data.slug.replace(/^\/+|\/+$/g, '')
      : ctx.config.layout === 'docusaurus'
        ? datedSlugFromPath(source.relPath)
        : slugFromPath(source.relPath)
  if (!slug)
    diagnostics.push({
      severity: 'error',
      code: 'blog',
      message: 'the post has no slug: name the file YYYY-MM-DD-slug.md or set `slug`',
      at: locate(['slug']),
    })
  if (diagnostics.slice(errors).some((d) => d.severity === 'error') || date === undefined) return undefined

  const rendered = renderBody(ctx.markdown, source, fm, pc.labels, ctx.config, diagnostics)
  if (!rendered) return undefined
  const { html, excerptHtml, truncated } = splitExcerpt(rendered.html)
  const { frontMatter, assets } = withFrontMatterImage(data, rendered.assets, {
    root: ctx.config.root,
    file: source.file,
    diagnostics,
  })
  return {
    kind: 'post',
    source,
    frontMatter,
    slug,
    date,
    title: (data.title as string | undefined) ?? rendered.contentTitle ?? slug,
    description: (data.description as string | undefined) ?? descriptionOf(excerptHtml),
    html,
    excerptHtml,
    truncated,
    headings: rendered.headings,
    links: rendered.links,
    assets,
    authors,
    tags,
    readingTime: readingTime(fm.body),
    body: fm.body,
    twin: rendered.twin,
    unlisted: data.unlisted === true,
  }
}

type Locate = (path: ReadonlyArray<string | number>) => SourceLocation

/** Positions of front-matter values, as lines of the whole file. */
function frontMatterLocator(text: string, bodyLine: number, file: string): Locate {
  const lines = text.split('\n')
  try {
    // Line N of this YAML text is line N of the file (the opening fence becomes an empty line).
    const doc = parseYaml('\n' + lines.slice(1, Math.max(1, bodyLine - 2)).join('\n'))
    return (p) => ({ file, ...doc.locate(p) })
  } catch {
    return () => ({ file, line: 1, column: 1 })
  }
}

function postDate(
  source: BlogSourceFile,
  value: unknown,
  locate: Locate,
  text: string,
  diagnostics: Diagnostic[],
): string | undefined {
  if (value !== undefined) {
    const iso =
      value instanceof Date
        ? Number.isNaN(value.getTime())
          ? undefined
          : value.toISOString()
        : parseDate(String(value))
    if (!iso)
      diagnostics.push({
        severity: 'error',
        code: 'blog',
        message: `bad date ${JSON.stringify(value)}: write YYYY-MM-DD, optionally with a time (2024-01-15T09:30:00Z)`,
        at: locate(['date']),
        source: text,
      })
    return iso
  }
  const fromName = dateFromPath(source.relPath)
  if (fromName === null) {
    diagnostics.push({
      severity: 'error',
      code: 'blog',
      message: `bad date in the file name "${source.relPath}": not a calendar date`,
      at: { file: source.file, line: 1, column: 1 },
      hint: 'name the file YYYY-MM-DD-slug.md',
    })
    return undefined
  }
  if (fromName === undefined) {
    diagnostics.push({
      severity: 'error',
      code: 'blog',
      message: 'the post has no date',
      at: { file: source.file, line: 1, column: 1 },
      hint: 'name the file YYYY-MM-DD-slug.md or set `date: YYYY-MM-DD` in the front matter',
    })
    return undefined
  }
  return fromName
}

function postAuthors(
  value: unknown,
  pc: PostContext,
  locate: Locate,
  diagnostics: Diagnostic[],
): BlogAuthor[] {
  if (value === undefined) return []
  const list = Array.isArray(value) ? value : [value]
  const path = (i: number) => (Array.isArray(value) ? ['authors', i] : ['authors'])
  const out: BlogAuthor[] = []
  list.forEach((item: unknown, i) => {
    if (typeof item === 'string') {
      const author = pc.authors.get(item)
      if (author) out.push(author)
      else if (!pc.authorsBroken) {
        const known = [...pc.authors.keys()]
        diagnostics.push({
          severity: 'error',
          code: 'blog',
          message: `unknown author "${item}": no such key in ${pc.authorsFile}`,
          at: locate(path(i)),
          hint: known.length
            ? `known authors: ${known.join(', ')}`
            : `add "${item}" to ${pc.authorsFile}, or write the author inline as { name: ... }`,
        })
      }
      return
    }
    const raw = item as Record<string, unknown>
    const key = typeof raw.key === 'string' ? raw.key : undefined
    const base = key ? pc.authors.get(key) : undefined
    const { key: _k, ...rest } = raw
    const author = inlineAuthor(
      { ...(base ? { name: base.name } : {}), ...rest },
      undefined,
      (...p) => locate([...path(i), ...p]),
      diagnostics,
    )
    if (author) out.push(base ? { ...base, ...stripUndefined(author), key } : author)
  })
  return out
}

function postTags(list: unknown[], pc: PostContext, locate: Locate, diagnostics: Diagnostic[]): BlogTagRef[] {
  const out: BlogTagRef[] = []
  list.forEach((item, i) => {
    if (typeof item === 'string') {
      if (pc.tags.has(item)) out.push({ key: item, inlineLabel: undefined })
      else {
        if (pc.tagsFile)
          diagnostics.push({
            severity: 'warning',
            code: 'blog',
            message: `tag "${item}" is not defined in ${pc.tagsFile}; it is used as an inline tag`,
            at: locate(['tags', i]),
            hint: `add "${item}" with a label and description to ${pc.tagsFile}`,
          })
        out.push({ key: tagSlug(item), inlineLabel: item })
      }
      return
    }
    const label = String((item as { label: unknown }).label)
    const permalink = (item as { permalink?: unknown }).permalink
    out.push({ key: typeof permalink === 'string' ? tagSlug(permalink) : tagSlug(label), inlineLabel: label })
  })
  return out
}

const stripUndefined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
