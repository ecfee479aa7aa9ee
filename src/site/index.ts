import type { Diagnostic, Route, Site, SiteConfig } from '../types.js'
import { makeRoute } from './route.js'

/**
 * The route table: every page of the site in order, one route per URL. Each content kind makes
 * its own routes (`src/docs/`, `src/blog/`, `src/pages/`, `src/openapi/`); this knows none of
 * them. Two routes with one URL keep the first, with a warning naming both sources.
 */
export function routeTable(
  routes: Iterable<Route>,
  diagnostics: Diagnostic[],
): Pick<Site, 'routes' | 'routeByUrl'> {
  const table: Route[] = []
  const routeByUrl = new Map<string, Route>()
  for (const route of routes) {
    const existing = routeByUrl.get(route.url)
    if (existing) {
      const first = existing.source ?? existing.key
      diagnostics.push({
        severity: 'warning',
        code: 'duplicate-route',
        message: `duplicate route ${route.url}: ${first} and ${route.source ?? route.key} both map to it; keeping ${first}`,
        at: route.source ? { file: route.source } : undefined,
      })
      continue
    }
    routeByUrl.set(route.url, route)
    table.push(route)
  }
  return { routes: table, routeByUrl }
}

/** The 404 page of each locale: /404.html and /<locale>/404.html. */
export function notFoundRoutes(config: SiteConfig, locales: readonly string[]): Route[] {
  return locales.map((locale) => {
    const file = locale === config.defaultLocale ? '404.html' : `${locale}/404.html`
    return makeRoute(config, {
      url: `${config.baseUrl}${file}`,
      outFile: file,
      locale,
      version: undefined,
      data: { kind: 'not-found' },
      key: 'not-found',
      versionKey: undefined,
      unlisted: true,
      source: undefined,
    })
  })
}
