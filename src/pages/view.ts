import { isReactPage } from '../mdx/format.js'
import type { Route, Site } from '../types.js'
import { resolveLinks, type ResolvedHtml } from '../links/resolve.js'
import type { PageRouteData, StandalonePageView } from './types.js'

/** The page's body with its links resolved in the route's locale. */
export function resolvePageLinks(site: Site, route: Route & { data: PageRouteData }): ResolvedHtml {
  const page = route.data.page
  return resolveLinks(
    site,
    route,
    { html: page.html, links: page.links, headings: page.headings, relPath: page.source.relPath },
    {
      findByRelPath: (rel) => {
        for (const r of site.routes)
          if (r.locale === route.locale && r.data.kind === 'page' && r.data.page.source.relPath === rel)
            return { headings: r.data.page.headings, file: r.data.page.source.file, url: r.url }
        return undefined
      },
      noun: 'page',
      scope: 'pages',
    },
  )
}

/** `hide_footer: true` in the front matter of a doc, a blog post or a standalone page. */
export function hidesFooter(route: Route): boolean {
  const data = route.data
  const fm =
    data.kind === 'doc'
      ? data.doc.frontMatter
      : data.kind === 'blog-post'
        ? data.entry.post.frontMatter
        : data.kind === 'page'
          ? data.page.frontMatter
          : undefined
  return fm?.hide_footer === true
}

/** What a standalone page puts in <head> beyond the defaults. */
export function pageHead(
  route: Route,
): { description?: string; image?: string; keywords?: readonly string[] } | undefined {
  if (route.data.kind !== 'page') return undefined
  const fm = route.data.page.frontMatter
  return {
    description: route.data.page.description,
    image: typeof fm.image === 'string' ? fm.image : undefined,
    keywords: Array.isArray(fm.keywords) ? fm.keywords.map(String) : undefined,
  }
}

export function standalonePageView(data: PageRouteData, html: string | undefined): StandalonePageView {
  return {
    kind: 'page',
    title: data.page.title,
    ...(data.page.heading !== undefined ? { heading: data.page.heading } : {}),
    html: html ?? data.page.html,
    showTitle: !isReactPage(data.page.source.relPath),
    component: isReactPage(data.page.source.relPath),
    notTranslated: data.notTranslated,
  }
}
