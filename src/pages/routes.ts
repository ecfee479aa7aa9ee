import type { Route, SiteConfig } from '../types.js'
import { urlFor } from '../urls.js'
import { makeRoute } from '../site/route.js'
import type { ParsedPage } from './types.js'

/**
 * The route of every standalone page in every locale: /<path>/ and /<locale>/<path>/. A page
 * missing in a locale falls back to the default locale's (marked `notTranslated`), as docs do.
 */
export function pageRoutes(
  config: SiteConfig,
  pages: readonly ParsedPage[],
  locales: readonly string[],
): Route[] {
  const inLocale = (locale: string) => {
    const byPath = new Map<string, ParsedPage>()
    for (const p of pages) if (p.source.locale === locale && !byPath.has(p.path)) byPath.set(p.path, p)
    return byPath
  }
  const english = inLocale(config.defaultLocale)
  const routes: Route[] = []
  for (const locale of locales) {
    const own = locale === config.defaultLocale ? english : inLocale(locale)
    for (const p of [...new Set([...english.keys(), ...own.keys()])].sort()) {
      const page = own.get(p) ?? english.get(p)!
      const url = urlFor(config, { locale, path: p })
      routes.push(
        makeRoute(config, {
          url,
          locale,
          version: undefined,
          data: { kind: 'page', page, notTranslated: !own.has(p) },
          key: `page:${p}`,
          versionKey: undefined,
          unlisted: page.frontMatter.unlisted === true,
          source: page.source.file,
        }),
      )
    }
  }
  return routes
}
