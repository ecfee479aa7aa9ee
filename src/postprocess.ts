import path from 'node:path'
import type { Diagnostic, Route, Site, SiteConfig } from './types.js'
import { blogFeeds } from './blog/feeds.js'
import { sitemapFiles, type SitemapOptions } from './machine/sitemap.js'

/**
 * sitemap.xml (when `url` is set; unlisted pages and 404s left out), robots.txt and the blog feeds.
 * A robots.txt of the site's own in static/ is kept: its crawler rules are the writers' choice.
 */
export function postProcess(
  site: Site,
  routes: readonly Route[],
  options: { sitemap?: SitemapOptions; staticFiles?: ReadonlySet<string> } = {},
): Map<string, string> {
  const out = new Map<string, string>()
  const { url } = site.config
  if (!url) return out
  for (const [file, text] of blogFeeds(site)) out.set(file, text)
  const listed = routes.filter((r) => !r.unlisted && r.data.kind !== 'not-found')
  for (const [file, text] of sitemapFiles(site, listed, options.sitemap)) out.set(file, text)
  if (!options.staticFiles?.has('robots.txt'))
    out.set('robots.txt', `User-agent: *\nAllow: /\nSitemap: ${url}${site.config.baseUrl}sitemap.xml\n`)
  return out
}

/**
 * A file of static/ where docs-site writes its own (a page, the sitemap, a feed) is not copied:
 * a warning at it says so, rather than the site quietly publishing the other one.
 */
export function staticCollisions(
  config: SiteConfig,
  staticFiles: ReadonlySet<string>,
  written: ReadonlySet<string>,
): Diagnostic[] {
  const staticDir = path.relative(config.root, config.dirs.static).split(path.sep).join('/')
  return [...staticFiles]
    .filter((f) => written.has(f))
    .map((file) => ({
      severity: 'warning' as const,
      code: 'static',
      message: `static file ${file} is not copied: the site's own ${file} is written there`,
      at: { file: `${staticDir}/${file}` },
      hint: 'rename or move it, or remove the page or setting that writes that file',
    }))
}
