import type { BlogEntry, Site } from '../types.js'
import { resolvePostHtml } from '../links/resolve-blog.js'
import { decodeEntities } from '../text.js'

/** HTML (the footer's copyright line) as the text a feed's copyright holds. */
const textOf = (html: string | undefined) =>
  html === undefined
    ? undefined
    : decodeEntities(html.replace(/<[^>]*>/g, ''))
        .replace(/\s+/g, ' ')
        .trim()

/** Docusaurus's default: the newest 20 posts go into each feed. */
const FEED_LIMIT = 20

interface FeedItem {
  readonly id: string
  readonly url: string
  readonly title: string
  readonly date: string
  readonly summary: string | undefined
  readonly html: string
  readonly authors: ReadonlyArray<{ name: string; url: string | undefined; avatar: string | undefined }>
  readonly tags: readonly string[]
  readonly image: string | undefined
}

interface FeedMeta {
  readonly title: string
  readonly description: string
  readonly language: string
  readonly home: string
  readonly rss: string
  readonly atom: string
  readonly json: string
  readonly updated: string
  readonly copyright: string | undefined
  readonly icon: string | undefined
}

/**
 * RSS 2.0, Atom 1.0 and JSON Feed 1.1 of each locale's blog, keyed by output path. Absolute URLs
 * everywhere (feed readers have no base), full post bodies, unlisted posts left out.
 */
export function blogFeeds(site: Site): Map<string, string> {
  const out = new Map<string, string>()
  const { config } = site
  if (!config.url || !site.blog) return out
  const abs = (p: string) =>
    /^(https?:)?\/\//.test(p) ? p : config.url + (p.startsWith('/') ? p : config.baseUrl + p)
  for (const index of site.blog.values()) {
    if (!index.feeds) continue
    const items = index.listed.slice(0, FEED_LIMIT).map((e) => feedItem(site, e, abs))
    const meta: FeedMeta = {
      title: config.blog.feedTitle,
      description: config.tagline && config.tagline !== config.title ? config.tagline : config.blog.feedTitle,
      language: config.localeConfigs[index.locale]?.htmlLang ?? index.locale,
      home: abs(index.home),
      rss: abs(index.feeds.rss),
      atom: abs(index.feeds.atom),
      json: abs(index.feeds.json),
      updated: items[0]?.date ?? new Date(0).toISOString(),
      // The footer's line is HTML (`© <b>2024</b>`): a feed's is text.
      copyright: config.blog.feedCopyright ?? textOf(config.footer?.copyright),
      icon: config.favicon && abs(config.favicon),
    }
    const file = (u: string) => decodeURIComponent(u.slice(config.baseUrl.length))
    out.set(file(index.feeds.rss), rss(meta, items))
    out.set(file(index.feeds.atom), atom(meta, items))
    out.set(file(index.feeds.json), jsonFeed(meta, items))
  }
  return out
}

function feedItem(site: Site, entry: BlogEntry, abs: (p: string) => string): FeedItem {
  const route = site.routeByUrl.get(entry.url)
  const body = route ? resolvePostHtml(site, route, entry, 'full').html : entry.post.html
  const url = abs(entry.url)
  const html = body
    .replace(/\s(href|src)="(\/[^/"][^"]*|\/)"/g, (_m, attr: string, p: string) => ` ${attr}="${abs(p)}"`)
    .replace(/\shref="#/g, ` href="${url}#`)
  const image = entry.post.frontMatter.image
  return {
    id: url,
    url,
    title: entry.post.title,
    date: entry.post.date,
    summary: entry.post.description,
    html,
    authors: entry.authors.map((a) => ({ name: a.name, url: a.url, avatar: a.imageUrl && abs(a.imageUrl) })),
    tags: entry.tags.map((t) => t.label),
    image: typeof image === 'string' ? abs(image) : undefined,
  }
}

function rss(meta: FeedMeta, items: readonly FeedItem[]): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    el('title', meta.title),
    el('link', meta.home),
    el('description', meta.description),
    el('lastBuildDate', new Date(meta.updated).toUTCString()),
    el('docs', 'https://validator.w3.org/feed/docs/rss2.html'),
    el('generator', 'docs-site'),
    el('language', meta.language),
    meta.copyright ? el('copyright', meta.copyright) : '',
    `<atom:link href="${x(meta.rss)}" rel="self" type="application/rss+xml"/>`,
    ...items.map((i) =>
      [
        '<item>',
        el('title', i.title),
        el('link', i.url),
        `<guid isPermaLink="true">${x(i.url)}</guid>`,
        el('pubDate', new Date(i.date).toUTCString()),
        i.summary ? el('description', i.summary) : '',
        el('content:encoded', i.html),
        ...i.authors.map((a) => el('dc:creator', a.name)),
        ...i.tags.map((t) => el('category', t)),
        '</item>',
      ]
        .filter(Boolean)
        .join('\n'),
    ),
    '</channel>',
    '</rss>',
  ]
  return lines.filter(Boolean).join('\n') + '\n'
}

function atom(meta: FeedMeta, items: readonly FeedItem[]): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${x(meta.language)}">`,
    el('id', meta.home),
    el('title', meta.title),
    el('subtitle', meta.description),
    el('updated', meta.updated),
    `<link rel="alternate" type="text/html" href="${x(meta.home)}"/>`,
    `<link rel="self" type="application/atom+xml" href="${x(meta.atom)}"/>`,
    el('generator', 'docs-site'),
    meta.icon ? el('icon', meta.icon) : '',
    meta.copyright ? el('rights', meta.copyright) : '',
    ...items.map((i) =>
      [
        '<entry>',
        `<title type="html">${x(i.title)}</title>`,
        el('id', i.id),
        `<link href="${x(i.url)}"/>`,
        el('updated', i.date),
        el('published', i.date),
        i.summary ? `<summary type="html">${x(i.summary)}</summary>` : '',
        `<content type="html">${x(i.html)}</content>`,
        ...i.authors.map((a) => `<author>${el('name', a.name)}${a.url ? el('uri', a.url) : ''}</author>`),
        ...i.tags.map((t) => `<category term="${x(t)}" label="${x(t)}"/>`),
        '</entry>',
      ]
        .filter(Boolean)
        .join('\n'),
    ),
    '</feed>',
  ]
  return lines.filter(Boolean).join('\n') + '\n'
}

function jsonFeed(meta: FeedMeta, items: readonly FeedItem[]): string {
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: meta.title,
    home_page_url: meta.home,
    feed_url: meta.json,
    description: meta.description,
    language: meta.language,
    icon: meta.icon,
    items: items.map((i) => ({
      id: i.id,
      url: i.url,
      title: i.title,
      content_html: i.html,
      summary: i.summary,
      image: i.image,
      date_published: i.date,
      date_modified: i.date,
      authors: i.authors.map((a) => ({ name: a.name, url: a.url, avatar: a.avatar })),
      tags: i.tags.length ? i.tags : undefined,
    })),
  }
  return JSON.stringify(feed, null, 2) + '\n'
}

/** Escapes text for XML content and attributes; drops characters XML 1.0 forbids. */
const x = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
const el = (name: string, text: string) => `<${name}>${x(text)}</${name}>`
