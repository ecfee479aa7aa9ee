import type { Route, Site } from './types.js'
import { blogFeeds } from './blog/feeds.js'
import { escapeHtml } from './text.js'

/** sitemap.xml (when `url` is set; unlisted pages and 404s left out), robots.txt and the blog feeds. */
export function postProcess(site: Site, routes: readonly Route[]): Map<string, string> {
  const out = new Map<string, string>()
  const { url } = site.config
  if (!url) return out
  for (const [file, text] of blogFeeds(site)) out.set(file, text)
  const urls = routes
    .filter((r) => !r.unlisted && r.data.kind !== 'not-found')
    .map((r) => `<url><loc>${escapeHtml(url + r.url)}</loc></url>`)
  out.set(
    'sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  )
  out.set('robots.txt', `User-agent: *\nAllow: /\nSitemap: ${url}${site.config.baseUrl}sitemap.xml\n`)
  return out
}
