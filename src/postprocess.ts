import type { Route, Site } from './types.js'
import { blogFeeds } from './blog/feeds.js'
import { sitemapFiles, type SitemapOptions } from './machine/sitemap.js'

/** sitemap.xml (when `url` is set; unlisted pages and 404s left out), robots.txt and the blog feeds. */
export function postProcess(
  site: Site,
  routes: readonly Route[],
  options: { sitemap?: SitemapOptions } = {},
): Map<string, string> {
  const out = new Map<string, string>()
  const { url } = site.config
  if (!url) return out
  for (const [file, text] of blogFeeds(site)) out.set(file, text)
  const listed = routes.filter((r) => !r.unlisted && r.data.kind !== 'not-found')
  for (const [file, text] of sitemapFiles(site, listed, options.sitemap)) out.set(file, text)
  out.set('robots.txt', `User-agent: *\nAllow: /\nSitemap: ${url}${site.config.baseUrl}sitemap.xml\n`)
  return out
}
