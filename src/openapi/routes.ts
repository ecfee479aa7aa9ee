import type { ApiChanges, ApiSpec } from '../api-types.js'
import type { Route, RouteData, SidebarItemConfig, SidebarNode, SiteConfig } from '../types.js'
import { outFileFor } from '../site/urls.js'

/** Path of the API reference inside a version. */
export const API_BASE = 'api'

/** 'seamless-wallet' → 'Seamless wallet'. */
export const tagLabel = (name: string) => (name.charAt(0).toUpperCase() + name.slice(1)).replace(/-/g, ' ')

/** Sidebar of one spec: the info page, a non-collapsible category per tag, the changes page. */
export function apiSidebarNodes(spec: ApiSpec, changes: ApiChanges | undefined, urlOf: (p: string) => string, translate: (s: string) => string): SidebarNode[] {
  const byId = new Map(spec.operations.map((o) => [o.operationId, o]))
  return [
    { kind: 'doc', label: spec.title, href: urlOf(`${API_BASE}/${spec.infoSlug}`), collapsible: false, collapsed: false, items: [] },
    ...spec.tags
      .filter((t) => t.operationIds.length > 0)
      .map<SidebarNode>((t) => ({
        kind: 'category',
        label: translate(tagLabel(t.name)),
        href: urlOf(`${API_BASE}/${t.slug}`),
        collapsible: false,
        collapsed: false,
        items: t.operationIds.map((id) => byId.get(id)!).map((op) => ({ kind: 'doc', label: op.summary, href: urlOf(`${API_BASE}/${op.slug}`), badge: op.method, deprecated: op.deprecated, collapsible: false, collapsed: false, items: [] })),
      })),
    ...(changes ? [{ kind: 'doc' as const, label: translate(`Changes since ${changes.from}`), href: urlOf(`${API_BASE}/changes`), collapsible: false, collapsed: false, items: [] }] : []),
  ]
}

/** Does this sidebar config hold the API reference? */
export function hasApiItem(items: readonly SidebarItemConfig[]): boolean {
  return items.some((i) => typeof i === 'object' && (i.type === 'api' || (i.type === 'category' && hasApiItem(i.items))))
}

/** Index, info, tag, operation and changes pages of one spec in one locale × version. */
export function apiRoutes(config: SiteConfig, o: { spec: ApiSpec; changes: ApiChanges | undefined; locale: string; version: string; sidebarId: string | undefined; urlOf: (p: string) => string }): Route[] {
  const { spec, changes, sidebarId } = o
  const make = (path: string, key: string, data: RouteData): Route => {
    const url = o.urlOf(path)
    return { url, outFile: outFileFor(config, url), locale: o.locale, version: o.version, data, key: `${key}:${o.version}`, versionKey: key, unlisted: false }
  }
  return [
    make(API_BASE, 'api-index', { kind: 'api-index', spec, sidebarId, changes }),
    make(`${API_BASE}/${spec.infoSlug}`, 'api-info', { kind: 'api-info', spec, sidebarId, changes }),
    ...spec.tags.filter((t) => t.operationIds.length).map((tag) => make(`${API_BASE}/${tag.slug}`, `api-tag:${tag.name}`, { kind: 'api-tag', spec, tag, sidebarId })),
    ...spec.operations.map((operation) => make(`${API_BASE}/${operation.slug}`, `api-op:${operation.operationId}`, { kind: 'api-operation', spec, operation, sidebarId })),
    ...(changes ? [make(`${API_BASE}/changes`, 'api-changes', { kind: 'api-changes', spec, changes, sidebarId })] : []),
  ]
}
