import type { Route, Sidebar, Site } from '../types.js'
import { findTrail } from '../sidebar-view.js'

type Thing = Record<string, unknown>

export interface JsonLdInput {
  readonly title: string
  readonly description: string | undefined
  /** Absolute URL of the page's social image. */
  readonly image: string | undefined
  readonly sidebar: Sidebar | undefined
  readonly isHome: boolean
}

/**
 * schema.org data for search engines (needs `url`: every URL in it is absolute): BreadcrumbList
 * on docs and API pages, TechArticle on docs, BlogPosting on posts, WebSite (with a SearchAction
 * when search is on) on the home page. The theme writes each in a JSON-LD script.
 */
export function jsonLd(site: Site, route: Route, input: JsonLdInput): Thing[] {
  const { config } = site
  if (!config.url || route.data.kind === 'not-found') return []
  const url = config.url + route.url
  const lang = config.localeConfigs[route.locale]!.htmlLang
  const out: Thing[] = []
  if (input.isHome) out.push(website(site, url, lang))
  const data = route.data
  if (data.kind === 'doc' || data.kind.startsWith('api-')) {
    const crumbs = breadcrumbs(site, route, input)
    if (crumbs) out.push(crumbs)
  }
  if (data.kind === 'doc')
    out.push({
      '@context': 'https://schema.org',
      '@type': 'TechArticle',
      headline: input.title,
      description: input.description,
      url,
      inLanguage: lang,
      image: input.image,
      isPartOf: { '@type': 'WebSite', name: config.title, url: config.url + config.baseUrl },
    })
  if (data.kind === 'blog-post') {
    const post = data.entry.post
    out.push({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.description,
      url,
      mainEntityOfPage: url,
      inLanguage: lang,
      datePublished: post.date,
      dateModified: post.date,
      image: input.image,
      author: post.authors.map((a) => ({ '@type': 'Person', name: a.name, url: a.url })),
      publisher: { '@type': 'Organization', name: config.title, url: config.url + config.baseUrl },
    })
  }
  return out
}

function website(site: Site, url: string, lang: string): Thing {
  const { config } = site
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: config.title,
    description: config.tagline || undefined,
    url,
    inLanguage: lang,
    // The navbar search box reads ?q= on load (only when the search index is built).
    potentialAction: config.search
      ? {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${url}?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        }
      : undefined,
  }
}

/** The sidebar trail to the page: its categories with a page of their own, then the page. */
function breadcrumbs(site: Site, route: Route, input: JsonLdInput): Thing | undefined {
  const trail = input.sidebar ? (findTrail(input.sidebar.items, route.url) ?? []) : []
  const items = trail
    .filter((n) => n.href && n.href !== route.url)
    .map((n) => ({ name: n.label, url: site.config.url + n.href! }))
  items.push({ name: input.title, url: site.config.url + route.url })
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  }
}
