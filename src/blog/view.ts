import type {
  BlogAuthorLink,
  BlogAuthorView,
  BlogEntry,
  BlogIndex,
  BlogPageView,
  BlogPostView,
  BlogRouteData,
  BlogSidebarView,
  PagerLink,
  Route,
  Site,
} from '../types.js'
import { plural, translate } from '../../shared/strings.js'
import type { StringKey, Strings } from '../../theme/i18n/format.js'
import { isBlogRoute } from './routes.js'
import { editUrlFor } from '../edit-url.js'
import { dateFormat } from '../date-format.js'

/** The view of a blog route (list, post, tags, authors, archive); undefined for other routes. Pure. */
export function blogPageView(
  site: Site,
  route: Route,
  strings: Strings,
  postHtml: ReadonlyMap<string, string> | undefined,
): BlogPageView | undefined {
  const data = route.data
  if (!isBlogRoute(data)) return undefined
  const v = viewTools(site, route, strings, postHtml)
  const { t, n, sidebar } = v
  switch (data.kind) {
    case 'blog-list':
      return listView(data, v)
    case 'blog-post':
      return postView(data, v)
    case 'blog-tags':
      return {
        kind: 'blog-tags',
        title: t('tags.title'),
        sidebar,
        tags: data.tags.map((tag) => ({
          label: tag.label,
          href: tag.href,
          count: tag.count,
          countLabel: n('posts', tag.count),
        })),
      }
    case 'blog-authors':
      return {
        kind: 'blog-authors',
        title: t('blog.authors'),
        sidebar,
        authors: data.authors.map((a) => ({ ...v.author(a), count: n('blog.authorPosts', a.count) })),
      }
    case 'blog-archive':
      return archiveView(data, v)
  }
}

type DataOf<K extends BlogRouteData['kind']> = Extract<BlogRouteData, { kind: K }>

/** What every blog view uses: strings, dates, authors and posts as shown, the sidebar. */
interface ViewTools {
  readonly config: Site['config']
  readonly route: Route
  readonly t: (key: StringKey, vars?: Record<string, string | number>) => string
  readonly n: (key: StringKey, count: number, vars?: Record<string, string | number>) => string
  readonly dateLabel: (iso: string) => string
  readonly author: (a: BlogAuthorLink) => BlogAuthorView
  readonly post: (e: BlogEntry, part: 'full' | 'excerpt') => BlogPostView
  readonly sidebar: BlogSidebarView
}

function viewTools(
  site: Site,
  route: Route,
  strings: Strings,
  postHtml: ReadonlyMap<string, string> | undefined,
): ViewTools {
  const { config } = site
  const locale = route.locale
  const t = (key: StringKey, vars?: Record<string, string | number>) => translate(strings, key, vars)
  const n = (key: StringKey, count: number, vars?: Record<string, string | number>) =>
    plural(strings, key, count, locale, vars)
  const dates = dateFormat(config, config.localeConfigs[locale]?.htmlLang ?? locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
  const dateLabel = (iso: string) => dates.format(new Date(iso))
  const author = (a: BlogAuthorLink): BlogAuthorView => ({
    name: a.name,
    title: a.title,
    href: a.pageHref ?? a.url,
    external: !a.pageHref && !!a.url,
    imageUrl:
      a.imageUrl &&
      (/^(https?:)?\/\//.test(a.imageUrl) ? a.imageUrl : config.baseUrl + a.imageUrl.replace(/^\//, '')),
  })
  const post = (e: BlogEntry, part: 'full' | 'excerpt'): BlogPostView => ({
    title: e.post.title,
    href: e.url,
    date: e.post.date,
    dateLabel: dateLabel(e.post.date),
    readingTime:
      e.post.frontMatter.hide_reading_time === true
        ? undefined
        : n('readingTime', e.post.readingTime, { readingTime: e.post.readingTime }),
    authors: e.authors.map(author),
    tags: e.tags.map((tag) => ({ label: tag.label, href: tag.href })),
    html: postHtml?.get(e.url) ?? (part === 'full' ? e.post.html : e.post.excerptHtml),
    truncated: part === 'excerpt' && e.post.truncated,
  })
  const sidebar = sidebarView(
    site.blog?.get(locale),
    route.url,
    config.blog.sidebarTitle ?? t('blog.recentPosts'),
    config.blog.sidebarCount,
  )
  return { config, route, t, n, dateLabel, author, post, sidebar }
}

/** A page of posts: all of them, a tag's or an author's. */
function listView(data: DataOf<'blog-list'>, v: ViewTools): BlogPageView {
  const { t, n, author, post, sidebar } = v
  const pageLabel = t('paginator.page', { page: data.page, total: data.pages })
  const of = data.of
  const base =
    of.type === 'tag'
      ? {
          title: n('blog.tagged', of.count, { tagName: of.tag.label }),
          description: of.tag.description,
          allHref: { label: t('tags.viewAll'), href: of.allTagsHref },
          author: undefined,
        }
      : of.type === 'author'
        ? {
            title: of.author.name,
            description: of.author.title,
            allHref: { label: t('blog.viewAllAuthors'), href: of.allAuthorsHref },
            author: {
              ...author(of.author),
              href: of.author.url,
              external: !!of.author.url,
              count: n('blog.authorPosts', of.count),
            },
          }
        : {
            title: v.config.blog.title ?? t('blog.title'),
            description: v.config.blog.description,
            allHref: undefined,
            author: undefined,
          }
  return {
    kind: 'blog-list',
    ...base,
    title: data.page > 1 ? `${base.title} · ${pageLabel}` : base.title,
    sidebar,
    posts: data.posts.map((e) => post(e, 'excerpt')),
    emptyText: data.posts.length === 0 ? t('blog.empty') : undefined,
    paginator: data.pages > 1 ? { newer: data.newer, older: data.older, label: pageLabel } : undefined,
  }
}

/** A post's own page: the full text, its TOC, its neighbours and where to edit it. */
function postView(data: DataOf<'blog-post'>, v: ViewTools): BlogPageView {
  const { config, route } = v
  const fm = data.entry.post.frontMatter
  const min = (fm.toc_min_heading_level as number | undefined) ?? config.toc.minHeadingLevel
  const max = (fm.toc_max_heading_level as number | undefined) ?? config.toc.maxHeadingLevel
  const link = (e: BlogEntry | undefined): PagerLink | undefined => e && { label: e.post.title, href: e.url }
  const editUrl =
    fm.custom_edit_url === null
      ? undefined
      : typeof fm.custom_edit_url === 'string'
        ? fm.custom_edit_url
        : editUrlFor(config, { ...data.entry.post.source, permalink: route.url })
  return {
    kind: 'blog-post',
    title: data.entry.post.title,
    sidebar: v.sidebar,
    post: v.post(data.entry, 'full'),
    toc:
      fm.hide_table_of_contents === true
        ? []
        : data.entry.post.headings.filter((h) => h.level >= min && h.level <= max),
    newer: link(data.newer),
    older: link(data.older),
    editUrl,
    unlisted: route.unlisted,
    notTranslated: data.entry.notTranslated,
  }
}

/** Every listed post by year. */
function archiveView(data: DataOf<'blog-archive'>, v: ViewTools): BlogPageView {
  const years = new Map<string, BlogEntry[]>()
  for (const e of data.posts)
    years.set(e.post.date.slice(0, 4), [...(years.get(e.post.date.slice(0, 4)) ?? []), e])
  return {
    kind: 'blog-archive',
    title: v.t('archive.title'),
    description: v.t('archive.description'),
    sidebar: v.sidebar,
    years: [...years].map(([year, list]) => ({
      year,
      posts: list.map((e) => ({
        title: e.post.title,
        href: e.url,
        date: e.post.date,
        dateLabel: v.dateLabel(e.post.date),
      })),
    })),
  }
}

/** The most recent posts, grouped by year (newest first). */
function sidebarView(
  index: BlogIndex | undefined,
  current: string,
  title: string,
  count: number,
): BlogSidebarView {
  const years: Array<{ year: string; posts: Array<{ label: string; href: string; active: boolean }> }> = []
  for (const e of (index?.listed ?? []).slice(0, count)) {
    const year = e.post.date.slice(0, 4)
    if (years[years.length - 1]?.year !== year) years.push({ year, posts: [] })
    years[years.length - 1]!.posts.push({ label: e.post.title, href: e.url, active: e.url === current })
  }
  return { title, years }
}

/**
 * What a blog route adds to <head>: a post's description, image and keywords; a tag's
 * description; the blog's own (`blog.description`) on the list of all posts.
 */
export function blogHead(
  route: Route,
  blogDescription: string | undefined,
): { description?: string; image?: string; keywords?: readonly string[] } | undefined {
  const data = route.data
  if (data.kind === 'blog-post') {
    const fm = data.entry.post.frontMatter
    return {
      description: data.entry.post.description,
      image: typeof fm.image === 'string' ? fm.image : undefined,
      keywords: Array.isArray(fm.keywords) ? fm.keywords.map(String) : undefined,
    }
  }
  if (data.kind === 'blog-list' && data.of.type === 'tag') return { description: data.of.tag.description }
  if (data.kind === 'blog-list' && data.of.type === 'all' && blogDescription)
    return { description: blogDescription }
  return undefined
}

/** `<link rel="alternate">` feeds of the locale's blog, on every page of that locale. */
export function blogFeedLinks(
  site: Site,
  locale: string,
): ReadonlyArray<{ type: string; title: string; href: string }> {
  const feeds = site.blog?.get(locale)?.feeds
  if (!feeds) return []
  const title = site.config.blog.feedTitle
  return [
    { type: 'application/rss+xml', title: `${title} RSS Feed`, href: feeds.rss },
    { type: 'application/atom+xml', title: `${title} Atom Feed`, href: feeds.atom },
    { type: 'application/feed+json', title: `${title} JSON Feed`, href: feeds.json },
  ]
}
