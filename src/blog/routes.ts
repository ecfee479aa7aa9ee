import type {
  BlogAuthorLink,
  BlogEntry,
  BlogIndex,
  BlogListOf,
  BlogRouteData,
  BlogTagDef,
  BlogTagLink,
  Diagnostic,
  ParsedBlog,
  ParsedPost,
  Route,
  SiteConfig,
} from '../types.js'
import { sitePrefix, tagPath, urlFor } from '../urls.js'
import { makeRoute } from '../site/route.js'

export interface BlogRoutes {
  readonly routes: readonly Route[]
  readonly index: ReadonlyMap<string, BlogIndex>
}

/**
 * Every blog page of every locale: the paginated list, posts, tags, authors and the archive.
 * A post missing in a locale falls back to the default locale's (marked `notTranslated`). Pure.
 */
export function createBlogRoutes(
  config: SiteConfig,
  blog: ParsedBlog,
  locales: readonly string[],
  diagnostics: Diagnostic[],
): BlogRoutes {
  const routes: Route[] = []
  const index = new Map<string, BlogIndex>()
  if (!config.url) {
    const file = config.configFile ? config.configFile.slice(config.root.length + 1) : 'docs-site.config.ts'
    diagnostics.push({
      severity: 'warning',
      code: 'blog',
      message: 'the blog feeds need the site `url`: no RSS, Atom or JSON feed was written',
      at: { file },
      hint: "set url: 'https://docs.example.com' in the config",
    })
  }
  const english = byRelPath(blog.posts, config.defaultLocale)
  for (const locale of locales) {
    const own = locale === config.defaultLocale ? english : byRelPath(blog.posts, locale)
    // Every blog URL is under the blog's segment ('blog', 'news', or '' for a blog at the root).
    const urlOf = (p: string) => urlFor(config, { locale, path: blogPath(config, p) })
    const make: MakeRoute = (url, key, data, unlisted = false) =>
      makeRoute(config, {
        url,
        locale,
        version: undefined,
        data,
        key,
        versionKey: undefined,
        unlisted,
        source: data.kind === 'blog-post' ? data.entry.post.source.file : undefined,
      })
    const tagDefs = blog.tags[locale] ?? blog.tags[config.defaultLocale] ?? new Map()

    const posts = [...new Set([...english.keys(), ...own.keys()])]
      .sort()
      .map((rel) => ({ post: own.get(rel) ?? english.get(rel)!, notTranslated: !own.has(rel) }))
    const { tagPages, authorPages } = linkedPages(
      posts.filter((p) => !p.post.unlisted),
      tagDefs,
      urlOf,
      // In the Docusaurus layout, as in Docusaurus: only authors marked `page: true` have a page.
      config.layout === 'docusaurus' ? (a) => a.page === true : () => true,
    )
    const toEntry = ({ post, notTranslated }: { post: ParsedPost; notTranslated: boolean }): BlogEntry => ({
      post,
      url: urlOf(post.slug),
      notTranslated,
      tags: post.tags.flatMap((t) => tagPages.get(t.key) ?? []),
      authors: post.authors.map((a): BlogAuthorLink => ({
        ...a,
        pageHref: a.key && authorPages.has(a.key) ? urlOf(`authors/${a.key}`) : undefined,
      })),
    })
    const entries = posts.map(toEntry)
    const listed = entries.filter((e) => !e.post.unlisted).sort(newestFirst)
    const at = { config, locale, listed, urlOf, make }

    routes.push(...paginate(config, listed, '', 'blog:list', { type: 'all' }, urlOf, make))
    routes.push(...postRoutes(entries, listed, make))
    if (tagPages.size > 0) routes.push(...tagRoutes(at, tagPages))
    if (authorPages.size > 0) routes.push(...authorRoutes(at, authorPages))
    routes.push(make(urlOf('archive'), 'blog:archive', { kind: 'blog-archive', posts: listed }))
    const file = (name: string) => `${config.baseUrl}${sitePrefix(config, locale)}${blogPath(config, name)}`
    index.set(locale, {
      locale,
      home: urlOf(''),
      listed,
      feeds: config.url
        ? { rss: file('rss.xml'), atom: file('atom.xml'), json: file('feed.json') }
        : undefined,
    })
  }
  return { routes, index }
}

type MakeRoute = (url: string, key: string, data: BlogRouteData, unlisted?: boolean) => Route

/** What the blog pages of one locale are made from. */
interface LocaleBlog {
  readonly config: SiteConfig
  readonly locale: string
  /** Listed posts, newest first. */
  readonly listed: readonly BlogEntry[]
  readonly urlOf: (p: string) => string
  readonly make: MakeRoute
}

/** Tag and author pages exist for what listed posts use; links to others would break. */
function linkedPages(
  listedPosts: ReadonlyArray<{ readonly post: ParsedPost }>,
  tagDefs: ReadonlyMap<string, Partial<BlogTagDef>>,
  urlOf: (p: string) => string,
  hasPage: (author: ParsedPost['authors'][number]) => boolean,
): { tagPages: Map<string, BlogTagLink>; authorPages: Set<string> } {
  const tagPages = new Map<string, BlogTagLink>()
  const authorPages = new Set<string>()
  for (const { post } of listedPosts) {
    for (const t of post.tags) {
      if (tagPages.has(t.key)) continue
      const def = tagDefs.get(t.key)
      const path = `tags/${tagPath(t.key, def?.permalink)}`
      tagPages.set(t.key, {
        key: t.key,
        label: def?.label ?? t.inlineLabel ?? t.key,
        path,
        href: urlOf(path),
        description: def?.description,
      })
    }
    for (const a of post.authors) if (a.key && hasPage(a)) authorPages.add(a.key)
  }
  return { tagPages, authorPages }
}

/** Each post's page: listed ones linked to their newer and older neighbours, then unlisted ones. */
function postRoutes(entries: readonly BlogEntry[], listed: readonly BlogEntry[], make: MakeRoute): Route[] {
  const routes: Route[] = []
  listed.forEach((entry, i) =>
    routes.push(
      make(entry.url, `blog:post:${entry.post.source.relPath}`, {
        kind: 'blog-post',
        entry,
        newer: listed[i - 1],
        older: listed[i + 1],
      }),
    ),
  )
  for (const entry of entries) {
    if (entry.post.unlisted)
      routes.push(
        make(
          entry.url,
          `blog:post:${entry.post.source.relPath}`,
          { kind: 'blog-post', entry, newer: undefined, older: undefined },
          true,
        ),
      )
  }
  return routes
}

/** The page of all tags, then each tag's paginated list. */
function tagRoutes(at: LocaleBlog, tagPages: ReadonlyMap<string, BlogTagLink>): Route[] {
  const { config, locale, listed, urlOf, make } = at
  const routes: Route[] = []
  const allTagsHref = urlOf('tags')
  const tagged = (key: string) => listed.filter((e) => e.tags.some((t) => t.key === key))
  const tags = [...tagPages.values()]
    .sort((a, b) => a.label.localeCompare(b.label, locale))
    .map((t) => ({ ...t, count: tagged(t.key).length }))
  routes.push(make(allTagsHref, 'blog:tags', { kind: 'blog-tags', tags }))
  for (const tag of tags) {
    const list = tagged(tag.key)
    routes.push(
      ...paginate(
        config,
        list,
        tag.path,
        `blog:tag:${tag.key}`,
        { type: 'tag', tag, count: list.length, allTagsHref },
        urlOf,
        make,
      ),
    )
  }
  return routes
}

/** The page of all authors (most posts first), then each author's paginated list. */
function authorRoutes(at: LocaleBlog, authorPages: ReadonlySet<string>): Route[] {
  const { config, locale, listed, urlOf, make } = at
  const routes: Route[] = []
  const allAuthorsHref = urlOf('authors')
  const byAuthor = (key: string) => listed.filter((e) => e.authors.some((a) => a.key === key))
  const authors = [...authorPages].map((key) => {
    const list = byAuthor(key)
    return { ...list[0]!.authors.find((a) => a.key === key)!, count: list.length }
  })
  authors.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, locale))
  routes.push(make(allAuthorsHref, 'blog:authors', { kind: 'blog-authors', authors }))
  for (const author of authors) {
    const list = byAuthor(author.key!)
    routes.push(
      ...paginate(
        config,
        list,
        `authors/${author.key}`,
        `blog:author:${author.key}`,
        { type: 'author', author, count: list.length, allAuthorsHref },
        urlOf,
        make,
      ),
    )
  }
  return routes
}

/** Pages of `postsPerPage` posts: `<base>/`, `<base>/page/2/`, … One (empty) page when there are none. */
export function paginate(
  config: SiteConfig,
  posts: readonly BlogEntry[],
  base: string,
  key: string,
  of: BlogListOf,
  urlOf: (p: string) => string,
  make: (url: string, key: string, data: BlogRouteData) => Route,
): Route[] {
  const size = config.blog.postsPerPage
  const pages = Math.max(1, Math.ceil(posts.length / size))
  const url = (n: number) => urlOf(n === 1 ? base : [base, 'page', n].filter((s) => s !== '').join('/'))
  return Array.from({ length: pages }, (_, i) => {
    const page = i + 1
    return make(url(page), `${key}:${page}`, {
      kind: 'blog-list',
      of,
      posts: posts.slice(i * size, page * size),
      page,
      pages,
      newer: page > 1 ? url(page - 1) : undefined,
      older: page < pages ? url(page + 1) : undefined,
    })
  })
}

/** A path under the blog's URL segment: 'tags' → 'blog/tags', or 'tags' for a blog at the root. */
const blogPath = (config: SiteConfig, p: string) =>
  [config.blog.routeBasePath, p].filter((s) => s !== '').join('/')

function byRelPath(posts: readonly ParsedPost[], locale: string): Map<string, ParsedPost> {
  const out = new Map<string, ParsedPost>()
  for (const p of posts)
    if (p.source.locale === locale && !out.has(p.source.relPath)) out.set(p.source.relPath, p)
  return out
}

const newestFirst = (a: BlogEntry, b: BlogEntry) =>
  a.post.date < b.post.date ? 1 : a.post.date > b.post.date ? -1 : a.url.localeCompare(b.url)

/** True for the route kinds this module makes. */
export const isBlogRoute = (data: { kind: string }): data is BlogRouteData => data.kind.startsWith('blog-')
