import type { Diagnostic, Route, Site, SiteConfig } from '../types.js'
import { makeRoute } from './route.js'

/**
 * The route table: every page of the site in the order it was added, one route per URL. Each
 * content kind makes its own routes (`src/docs/`, `src/blog/`, `src/pages/`, `src/openapi/`); this
 * knows none of them. A second route for a URL is dropped, with a warning naming both sources.
 */
export function createRouteTable(diagnostics: Diagnostic[]): Pick<Site, 'routes' | 'routeByUrl'> & {
  add(routes: Iterable<Route>): void
} {
  const routes: Route[] = []
  const routeByUrl = new Map<string, Route>()
  const add = (route: Route) => {
    const existing = routeByUrl.get(route.url)
    if (!existing) {
      routeByUrl.set(route.url, route)
      routes.push(route)
      return
    }
    const first = existing.source ?? existing.key
    diagnostics.push({
      severity: 'warning',
      code: 'duplicate-route',
      message: `duplicate route ${route.url}: ${first} and ${route.source ?? route.key} both map to it; keeping ${first}`,
      at: route.source ? { file: route.source } : undefined,
    })
  }
  return {
    routes,
    routeByUrl,
    add: (more) => {
      for (const r of more) add(r)
    },
  }
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
