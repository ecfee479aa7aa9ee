import type { Route, Site } from '../types.js'
import { alternates } from '../nav-view.js'
import { escapeHtml } from '../text.js'
import { lastModified } from './lastmod.js'

/** Search engines read at most this many URLs from one sitemap file. */
export const SITEMAP_LIMIT = 50_000

export interface SitemapOptions {
  /** URLs per file; above it, sitemap.xml becomes an index of sitemap-N.xml files. */
  readonly limit?: number
}

const URLSET =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'

/**
 * sitemap.xml for the listed pages (the caller leaves out unlisted pages and 404s): each URL with
 * its other-locale versions and x-default, as the page heads link them, and the date its source
 * last changed.
 */
export function sitemapFiles(
  site: Site,
  routes: readonly Route[],
  options: SitemapOptions = {},
): Map<string, string> {
  const url = site.config.url!
  const limit = options.limit ?? SITEMAP_LIMIT
  const dates = lastModified(
    site,
    routes.map((r) => r.source).filter((f) => f !== undefined),
  )
  const entries = routes.map((route) => {
    const source = route.source
    const lastmod = source && dates.get(source)
    const links = alternates(site, route)
      .map(
        (a) =>
          `<xhtml:link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}"/>`,
      )
      .join('')
    return `<url><loc>${escapeHtml(url + route.url)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${links}</url>`
  })
  const out = new Map<string, string>()
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`
  if (entries.length <= limit) {
    out.set('sitemap.xml', xml(`${URLSET}\n${entries.join('\n')}\n</urlset>`))
    return out
  }
  const parts: string[] = []
  for (let i = 0; i < entries.length; i += limit) {
    const file = `sitemap-${parts.length + 1}.xml`
    out.set(file, xml(`${URLSET}\n${entries.slice(i, i + limit).join('\n')}\n</urlset>`))
    parts.push(`<sitemap><loc>${escapeHtml(`${url}${site.config.baseUrl}${file}`)}</loc></sitemap>`)
  }
  out.set(
    'sitemap.xml',
    xml(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.join('\n')}\n</sitemapindex>`,
    ),
  )
  return out
}
