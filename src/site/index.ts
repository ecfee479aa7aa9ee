import type {
  ApiChanges,
  ApiSpec,
  Diagnostic,
  ParsedBlog,
  ParsedCategory,
  ParsedDoc,
  Parsed,
  Route,
  RouteData,
  Sidebar,
  Site,
  SiteConfig,
} from '../types.js'
import { apiRoutes, apiSidebarNodes, hasApiItem } from '../openapi/routes.js'
import { createBlogRoutes } from '../blog/routes.js'
import { pageRoutes } from '../pages/routes.js'
import { checkNavbar } from './navbar-check.js'
import type { ParsedPage } from '../pages/types.js'
import { buildSidebar, flattenSidebar } from './sidebar.js'
import { docPathFor, outFileFor, tagSlug, urlFor } from '../urls.js'
import { staleTranslation } from '../translation.js'
import { ownValue } from '../text.js'

export interface CreateSiteInput {
  readonly parsed: readonly Parsed[]
  readonly siteLabels: Readonly<Record<string, Readonly<Record<string, string>>>>
  readonly staticFiles: ReadonlySet<string>
  readonly locales?: readonly string[]
  /** Blog posts, authors and tags (when content/blog/ exists). */
  readonly blog?: ParsedBlog
  /** Standalone pages of content/pages/. */
  readonly pages?: readonly ParsedPage[]
  /** API specs and their changes from the previous version, by version name. */
  readonly apis?: ReadonlyMap<string, { spec: ApiSpec; changes: ApiChanges | undefined }>
}

/** Route table, sidebars and generated pages for every locale × version. Pure: no I/O. */
export function createSite(config: SiteConfig, input: CreateSiteInput, diagnostics: Diagnostic[]): Site {
  const locales = input.locales ?? config.locales
  const routes: Route[] = []
  const routeByUrl = new Map<string, Route>()
  const sidebars = new Map<string, Sidebar>()
  const docUrls = new Map<string, string>()
  const configFile = config.configFile
    ? config.configFile.slice(config.root.length + 1)
    : 'docs-site.config.ts'

  const add = (route: Route, file: string | undefined) => {
    const existing = routeByUrl.get(route.url)
    if (existing) {
      diagnostics.push({
        severity: 'warning',
        code: 'duplicate-route',
        message: `duplicate route ${route.url}: ${describeSource(existing)} and ${file ?? route.key} both map to it; keeping ${describeSource(existing)}`,
        at: file ? { file } : undefined,
      })
      return
    }
    routeByUrl.set(route.url, route)
    routes.push(route)
  }

  for (const version of config.versions) {
    const english = docsOf(input.parsed, config.defaultLocale, version.name, diagnostics)
    const englishCats = categoriesOf(input.parsed, config.defaultLocale, version.name)
    for (const locale of locales) {
      const own =
        locale === config.defaultLocale ? english : docsOf(input.parsed, locale, version.name, diagnostics)
      const labels = input.siteLabels[locale] ?? {}
      const translate = (s: string) => ownValue(labels, s) ?? s
      const urlOf = (p: string) => urlFor(config, { locale, versionPath: version.path, path: p })
      const entries = new Map<
        string,
        { doc: ParsedDoc; url: string; unlisted: boolean; notTranslated: boolean; stale: boolean }
      >()
      for (const id of new Set([...english.keys(), ...own.keys()])) {
        const doc = own.get(id) ?? english.get(id)!
        const url = urlOf(docPathFor(doc.source.relPath, doc.id, doc.frontMatter))
        const stale =
          locale !== config.defaultLocale && own.has(id) ? staleTranslation(doc, english.get(id)) : undefined
        if (stale) diagnostics.push(stale)
        entries.set(id, {
          doc,
          url,
          unlisted: doc.frontMatter.unlisted === true,
          notTranslated: !own.has(id),
          stale: stale !== undefined,
        })
        docUrls.set(`${locale}|${version.name}|${id}`, url)
      }
      const categories = new Map([
        ...englishCats,
        ...(locale === config.defaultLocale ? [] : categoriesOf(input.parsed, locale, version.name)),
      ])
      const sidebarOf = new Map<string, string>()
      const categoryPages: Route[] = []
      const api = input.apis?.get(version.name)
      const apiNodes = api
        ? apiSidebarNodes(api.spec, api.changes, urlOf, translate, { schemas: config.api.schemasInSidebar })
        : []
      for (const [sidebarId, items] of Object.entries(version.sidebars)) {
        // Sidebar mistakes are the same in every locale: report them once.
        const built = buildSidebar(items, {
          sidebarId,
          docs: entries,
          categories,
          translate,
          urlOf,
          configFile,
          sidebarsSource: version.sidebarsSource,
          apiNodes,
          collapsedByDefault: config.sidebarCollapsed,
          diagnostics: locale === config.defaultLocale ? diagnostics : [],
        })
        sidebars.set(`${locale}/${version.name}/${sidebarId}`, {
          id: sidebarId,
          items: built.items,
          flat: flattenSidebar(built.items),
        })
        markDocs(built.items, sidebarId, sidebarOf)
        for (const c of built.categoryIndexes) {
          categoryPages.push(
            makeRoute(
              config,
              c.url,
              locale,
              version.name,
              `cat:${version.name}:${c.pathInVersion}`,
              `cat:${c.pathInVersion}`,
              false,
              {
                kind: 'category-index',
                title: c.title,
                description: c.description,
                sidebarId,
                categoryLabel: c.label,
              },
            ),
          )
        }
      }
      for (const [id, e] of entries) {
        const data: RouteData = {
          kind: 'doc',
          doc: e.doc,
          notTranslated: e.notTranslated,
          staleTranslation: e.stale,
          sidebarId: sidebarOf.get(id),
        }
        add(
          makeRoute(
            config,
            e.url,
            locale,
            version.name,
            `doc:${version.name}:${id}`,
            `doc:${id}`,
            e.unlisted,
            data,
          ),
          e.doc.source.file,
        )
      }
      for (const r of categoryPages) add(r, undefined)
      if (api) {
        const sidebarId = Object.entries(version.sidebars).find(([, items]) => hasApiItem(items))?.[0]
        for (const r of apiRoutes(config, { ...api, locale, version: version.name, sidebarId, urlOf }))
          add(r, api.spec.file)
      }
      for (const r of tagRoutes(config, [...entries.values()], locale, version.name, urlOf)) add(r, undefined)
    }
  }
  checkNavbar(config, docUrls, locales, diagnostics)
  const blog = input.blog && createBlogRoutes(config, input.blog, locales, diagnostics)
  for (const r of blog?.routes ?? [])
    add(r, r.data.kind === 'blog-post' ? r.data.entry.post.source.file : undefined)
  for (const r of pageRoutes(config, input.pages ?? [], locales)) add(r, describeSource(r))
  for (const locale of locales) {
    const url =
      locale === config.defaultLocale ? `${config.baseUrl}404.html` : `${config.baseUrl}${locale}/404.html`
    add(
      {
        url,
        outFile: url.slice(config.baseUrl.length),
        locale,
        version: undefined,
        data: { kind: 'not-found' },
        key: 'not-found',
        versionKey: undefined,
        unlisted: true,
      },
      undefined,
    )
  }
  return {
    config,
    routes,
    routeByUrl,
    sidebars,
    siteLabels: input.siteLabels,
    docUrls,
    staticFiles: input.staticFiles,
    blog: blog?.index,
  }
}

function makeRoute(
  config: SiteConfig,
  url: string,
  locale: string,
  version: string,
  key: string,
  versionKey: string,
  unlisted: boolean,
  data: RouteData,
): Route {
  return { url, outFile: outFileFor(config, url), locale, version, data, key, versionKey, unlisted }
}

function describeSource(route: Route): string {
  return route.data.kind === 'doc'
    ? route.data.doc.source.file
    : route.data.kind === 'blog-post'
      ? route.data.entry.post.source.file
      : route.data.kind === 'page'
        ? route.data.page.source.file
        : route.key
}

/**
 * The docs of one locale × version by id. Two files with one id (`01-intro.md` beside
 * `intro.md`, or the same `id:`) are an error naming both: one of them would silently vanish.
 */
function docsOf(
  parsed: readonly Parsed[],
  locale: string,
  version: string,
  diagnostics?: Diagnostic[],
): Map<string, ParsedDoc> {
  const out = new Map<string, ParsedDoc>()
  for (const p of parsed) {
    if (p.kind !== 'doc' || p.source.locale !== locale || p.source.version !== version) continue
    const first = out.get(p.id)
    if (!first) out.set(p.id, p)
    else
      diagnostics?.push({
        severity: 'error',
        code: 'duplicate-route',
        message: `two files are the doc "${p.id}": ${first.source.file} and ${p.source.file}`,
        at: { file: p.source.file },
        hint: 'rename or remove one of them, or give one a different `id`',
      })
  }
  return out
}

function categoriesOf(
  parsed: readonly Parsed[],
  locale: string,
  version: string,
): Map<string, ParsedCategory> {
  const out = new Map<string, ParsedCategory>()
  for (const p of parsed)
    if (p.kind === 'category' && p.source.locale === locale && p.source.version === version) out.set(p.dir, p)
  return out
}

function markDocs(items: Sidebar['items'], sidebarId: string, into: Map<string, string>): void {
  for (const n of items) {
    if (n.docId && !into.has(n.docId)) into.set(n.docId, sidebarId)
    markDocs(n.items, sidebarId, into)
  }
}

/** /tags/ and /tags/<tag>/ of one locale × version, when any listed doc has tags. */
function tagRoutes(
  config: SiteConfig,
  entries: Array<{ doc: ParsedDoc; url: string; unlisted: boolean }>,
  locale: string,
  version: string,
  urlOf: (p: string) => string,
): Route[] {
  const byTag = new Map<string, Array<{ title: string; href: string; description: string | undefined }>>()
  for (const e of entries) {
    if (e.unlisted) continue
    for (const raw of e.doc.frontMatter.tags ?? []) {
      const label = typeof raw === 'string' ? raw : String((raw as { label: string }).label)
      const list = byTag.get(label) ?? []
      list.push({ title: e.doc.title, href: e.url, description: e.doc.description })
      byTag.set(label, list)
    }
  }
  if (byTag.size === 0) return []
  const sorted = [...byTag.keys()].sort((a, b) => a.localeCompare(b))
  const tags = sorted.map((label) => ({
    label,
    href: urlOf(`tags/${tagSlug(label)}`),
    count: byTag.get(label)!.length,
  }))
  return [
    makeRoute(config, urlOf('tags'), locale, version, `tags:${version}`, 'tags', false, {
      kind: 'tags',
      tags,
    }),
    ...tags.map((t) =>
      makeRoute(config, t.href, locale, version, `tag:${version}:${t.label}`, `tag:${t.label}`, false, {
        kind: 'tag',
        tag: t.label,
        docs: byTag.get(t.label)!.sort((a, b) => a.title.localeCompare(b.title)),
      }),
    ),
  ]
}
