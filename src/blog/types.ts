// The blog model: sources → parsed posts → blog routes (RouteData) → blog page views (the theme's
// input). Re-exported by src/types.ts.
import type { Heading, LinkRef, PagerLink, TagDef, TwinTemplate } from '../content-types.js'

// ── Sources and parsed posts ─────────────────────────────────────────────────────────────────

/** A post file under content/blog/ or content/i18n/<locale>/blog/. */
export interface BlogSourceFile {
  readonly kind: 'post'
  readonly absPath: string
  /** Relative to the project root, POSIX: 'content/blog/2024-01-15-hello-world.md'. */
  readonly file: string
  /** Relative to the locale's blog folder: '2024-01-15-hello-world.md'. The same post in every locale. */
  readonly relPath: string
  readonly locale: string
}

/** A person from authors.yml (`key` set) or written inline in front matter. */
export interface BlogAuthor {
  readonly key: string | undefined
  readonly name: string
  readonly title: string | undefined
  readonly url: string | undefined
  /** As written: an absolute URL or a path under static/. */
  readonly imageUrl: string | undefined
  /** authors.yml's `page: true` (Docusaurus 3.5: only such authors have a page of their posts). */
  readonly page?: boolean
}

/** A tag as written on a post: a key of tags.yml, or an inline label. */
export interface BlogTagRef {
  /** Key in tags.yml, or the slug of an inline label. */
  readonly key: string
  /** Set for inline tags (not in tags.yml). */
  readonly inlineLabel: string | undefined
}

/** A tag of the blog's tags.yml. */
export type BlogTagDef = TagDef

export interface ParsedPost {
  readonly kind: 'post'
  readonly source: BlogSourceFile
  readonly frontMatter: Readonly<Record<string, unknown>>
  /** URL segment under /blog/: front-matter `slug` or the file name without its date. */
  readonly slug: string
  /** ISO 8601, UTC. */
  readonly date: string
  readonly title: string
  readonly description: string | undefined
  /** Whole body, `href="docs-site-link:N"` placeholders for `links[N]`. */
  readonly html: string
  /** The part above `<!-- truncate -->` (the whole body when there is no marker). */
  readonly excerptHtml: string
  readonly truncated: boolean
  readonly headings: readonly Heading[]
  readonly links: readonly LinkRef[]
  /** Co-located files the post uses: output path → absolute path. */
  readonly assets?: ReadonlyMap<string, string>
  readonly authors: readonly BlogAuthor[]
  readonly tags: readonly BlogTagRef[]
  /** Minutes: words / 200, rounded up, at least 1. */
  readonly readingTime: number
  readonly unlisted: boolean
  /** The markdown source after the front matter. */
  readonly body: string
  /** Its Markdown twin, from its parse (none for MDX: made from `body` when asked). */
  readonly twin?: TwinTemplate
}

/** What parseBlog returns: every post of every locale, and authors and tags per locale. */
export interface ParsedBlog {
  readonly posts: readonly ParsedPost[]
  /** Tag definitions per locale (the default locale's, overlaid by the locale's own tags.yml). */
  readonly tags: Readonly<Record<string, ReadonlyMap<string, BlogTagDef>>>
}

// ── Routes ───────────────────────────────────────────────────────────────────────────────────

export interface BlogTagLink {
  readonly key: string
  readonly label: string
  /** Its page's path under the blog ('tags/releases'). */
  readonly path: string
  readonly href: string
  readonly description: string | undefined
}

export interface BlogAuthorLink extends BlogAuthor {
  /** The author's page on this blog (authors from authors.yml only). */
  readonly pageHref: string | undefined
}

/** A post as shown in one locale. */
export interface BlogEntry {
  readonly post: ParsedPost
  readonly url: string
  readonly notTranslated: boolean
  readonly tags: readonly BlogTagLink[]
  readonly authors: readonly BlogAuthorLink[]
}

export type BlogListOf =
  | { readonly type: 'all' }
  | { readonly type: 'tag'; readonly tag: BlogTagLink; readonly count: number; readonly allTagsHref: string }
  | {
      readonly type: 'author'
      readonly author: BlogAuthorLink
      readonly count: number
      readonly allAuthorsHref: string
    }

export type BlogRouteData =
  | {
      readonly kind: 'blog-list'
      readonly of: BlogListOf
      readonly posts: readonly BlogEntry[]
      readonly page: number
      readonly pages: number
      readonly newer: string | undefined
      readonly older: string | undefined
    }
  | {
      readonly kind: 'blog-post'
      readonly entry: BlogEntry
      readonly newer: BlogEntry | undefined
      readonly older: BlogEntry | undefined
    }
  | { readonly kind: 'blog-tags'; readonly tags: ReadonlyArray<BlogTagLink & { readonly count: number }> }
  | {
      readonly kind: 'blog-authors'
      readonly authors: ReadonlyArray<BlogAuthorLink & { readonly count: number }>
    }
  | { readonly kind: 'blog-archive'; readonly posts: readonly BlogEntry[] }

/** The blog of one locale, for the sidebar, feeds and head links. */
export interface BlogIndex {
  readonly locale: string
  readonly home: string
  /** Listed posts, newest first. */
  readonly listed: readonly BlogEntry[]
  /** Feed URLs (absolute paths); undefined without `url` in the config. */
  readonly feeds: { readonly rss: string; readonly atom: string; readonly json: string } | undefined
}

// ── Views (theme input) ─────────────────────────────────────────────────────────────────────

export interface BlogAuthorView {
  readonly name: string
  readonly title: string | undefined
  /** Author page, else the author's own URL. */
  readonly href: string | undefined
  readonly external: boolean
  readonly imageUrl: string | undefined
}

export interface BlogPostView {
  readonly title: string
  readonly href: string
  /** ISO date for <time dateTime>. */
  readonly date: string
  readonly dateLabel: string
  /** 'N min read'; undefined with `hide_reading_time: true`. */
  readonly readingTime: string | undefined
  readonly authors: readonly BlogAuthorView[]
  readonly tags: readonly PagerLink[]
  /** Excerpt on lists, the whole post on its page; links resolved. */
  readonly html: string
  /** Lists: a "Read more" link follows. */
  readonly truncated: boolean
}

export interface BlogSidebarView {
  readonly title: string
  readonly years: ReadonlyArray<{
    readonly year: string
    readonly posts: ReadonlyArray<{ readonly label: string; readonly href: string; readonly active: boolean }>
  }>
}

interface BlogPageBase {
  readonly title: string
  readonly sidebar: BlogSidebarView
}

export type BlogPageView =
  | (BlogPageBase & {
      readonly kind: 'blog-list'
      readonly description: string | undefined
      /** "View all tags" / "View all authors" link on tag and author pages. */
      readonly allHref: PagerLink | undefined
      readonly author: (BlogAuthorView & { readonly count: string }) | undefined
      readonly posts: readonly BlogPostView[]
      readonly emptyText: string | undefined
      readonly paginator:
        | { readonly newer: string | undefined; readonly older: string | undefined; readonly label: string }
        | undefined
    })
  | (BlogPageBase & {
      readonly kind: 'blog-post'
      readonly post: BlogPostView
      /** The page's Markdown twin (`route/index.md`), for the copy button. */
      readonly markdownHref?: string
      readonly toc: readonly Heading[]
      readonly newer: PagerLink | undefined
      readonly older: PagerLink | undefined
      readonly editUrl: string | undefined
      readonly unlisted: boolean
      readonly notTranslated: boolean
    })
  | (BlogPageBase & {
      readonly kind: 'blog-tags'
      readonly tags: ReadonlyArray<{
        readonly label: string
        readonly href: string
        readonly count: number
        readonly countLabel: string
      }>
    })
  | (BlogPageBase & {
      readonly kind: 'blog-authors'
      readonly authors: ReadonlyArray<BlogAuthorView & { readonly count: string }>
    })
  | (BlogPageBase & {
      readonly kind: 'blog-archive'
      readonly description: string
      readonly years: ReadonlyArray<{
        readonly year: string
        readonly posts: ReadonlyArray<{
          readonly title: string
          readonly href: string
          readonly date: string
          readonly dateLabel: string
        }>
      }>
    })
