import type {
  ApiChanges,
  ApiSpec,
  Diagnostic,
  ParsedBlog,
  Parsed,
  Sidebar,
  Site,
  SiteConfig,
} from './types.js'
import { apiRoutes, apiSidebarNodes, hasApiItem } from './openapi/routes.js'
import { createBlogRoutes } from './blog/routes.js'
import { pageRoutes } from './pages/routes.js'
import type { ParsedPage } from './pages/types.js'
import { categoriesOf, docsOf, docsOfLocale } from './docs/routes.js'
import { checkNavbar } from './site/navbar-check.js'
import { createRouteTable, notFoundRoutes } from './site/index.js'

export interface CreateSiteInput {
  readonly parsed: readonly Parsed[]
  readonly siteLabels: Readonly<Record<string, Readonly<Record<string, string>>>>
  readonly staticFiles: ReadonlySet<string>
  readonly locales?: readonly string[]
  /** The versions whose docs, API and tags are routed (serve's first answer): all by default. */
  readonly versions?: readonly string[]
  /** Blog posts, authors and tags (when content/blog/ exists). */
  readonly blog?: ParsedBlog
  /** Standalone pages of content/pages/. */
  readonly pages?: readonly ParsedPage[]
  /** API specs and their changes from the previous version, by version name. */
  readonly apis?: ReadonlyMap<string, { spec: ApiSpec; changes: ApiChanges | undefined }>
}

/**
 * The route table and sidebars of every locale × version, made from each content kind's routes
 * in a fixed order (per version and locale: docs, category pages, the API reference, tags; then
 * the blog, standalone pages and the 404 pages). Pure: no I/O.
 */
export function createSite(config: SiteConfig, input: CreateSiteInput, diagnostics: Diagnostic[]): Site {
  const locales = input.locales ?? config.locales
  const table = createRouteTable(diagnostics)
  const sidebars = new Map<string, Sidebar>()
  const docUrls = new Map<string, string>()
  const configFile = config.configFile
    ? config.configFile.slice(config.root.length + 1)
    : 'docs-site.config.ts'
  for (const version of config.versions) {
    if (input.versions && !input.versions.includes(version.name)) continue
    const english = docsOf(input.parsed, config.defaultLocale, version.name, diagnostics)
    const englishCategories = categoriesOf(input.parsed, config.defaultLocale, version.name)
    const api = input.apis?.get(version.name)
    for (const locale of locales) {
      const docs = docsOfLocale(
        config,
        {
          parsed: input.parsed,
          version,
          locale,
          english,
          englishCategories,
          labels: input.siteLabels[locale] ?? {},
          configFile,
          apiNodes: (urlOf, translate) =>
            api
              ? apiSidebarNodes(api.spec, api.changes, urlOf, translate, {
                  schemas: config.api.schemasInSidebar,
                })
              : [],
        },
        diagnostics,
      )
      for (const [key, sidebar] of docs.sidebars) sidebars.set(key, sidebar)
      for (const [key, url] of docs.docUrls) docUrls.set(key, url)
      table.add(docs.pages)
      if (api) {
        const sidebarId = Object.entries(version.sidebars).find(([, items]) => hasApiItem(items))?.[0]
        table.add(apiRoutes(config, { ...api, locale, version: version.name, sidebarId, urlOf: docs.urlOf }))
      }
      table.add(docs.tags)
    }
  }
  checkNavbar(config, docUrls, locales, diagnostics)
  const blog = input.blog && createBlogRoutes(config, input.blog, locales, diagnostics)
  table.add(blog?.routes ?? [])
  table.add(pageRoutes(config, input.pages ?? [], locales))
  table.add(notFoundRoutes(config, locales))
  return {
    config,
    routes: table.routes,
    routeByUrl: table.routeByUrl,
    sidebars,
    siteLabels: input.siteLabels,
    docUrls,
    staticFiles: input.staticFiles,
    blog: blog?.index,
  }
}
