import type { ApiChanges, ApiSpec, ApiTag } from '../api-types.js'
import type { Route, RouteData, SidebarItemConfig, SidebarNode, SiteConfig } from '../types.js'
import { makeRoute } from '../site/route.js'

/** Origin of the samples of a spec that names no server: obviously not a real host. */
export const PLACEHOLDER_ORIGIN = 'https://your-api-server.example'

/** 'getWallet' → 'get-wallet'; 'N11S Integration API' → 'n-11-s-integration-api' (Docusaurus-openapi's kebab case). */
export function kebab(s: string): string {
  return (
    s
      .replace(/([a-z])([A-Z])/g, '$1-$2')
      .replace(/([A-Za-z])([0-9])/g, '$1-$2')
      .replace(/([0-9])([A-Za-z])/g, '$1-$2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
      // Accents off Latin letters ('Thanh toán' → 'thanh-toan'); other scripts' letters stay
      // ('用户'), percent-encoded in the URL.
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/đ/gi, 'd')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
  )
}

/** Path of the API reference inside a version. */
export const API_BASE = 'api'

/** Above this many operations, the API sidebar shows the current tag's operations only. */
const SUMMARIZE_ABOVE = 80

/** 'seamless-wallet' → 'Seamless wallet'; a tag's `x-displayName` as it is. */
export const tagLabel = (tag: Pick<ApiTag, 'name' | 'displayName'>) =>
  tag.displayName ?? (tag.name.charAt(0).toUpperCase() + tag.name.slice(1)).replace(/-/g, ' ')

/**
 * Sidebar of one spec: the info page, a non-collapsible category per tag (inside the groups of
 * `x-tagGroups` when the spec has them), the shared schemas (unless hidden), the changes page.
 */
export function apiSidebarNodes(
  spec: ApiSpec,
  changes: ApiChanges | undefined,
  urlOf: (p: string) => string,
  translate: (s: string) => string,
  options: { schemas: boolean },
): SidebarNode[] {
  const byId = new Map(spec.operations.map((o) => [o.operationId, o]))
  // A large spec's pages list the tags, and the operations of the current tag only.
  const summarized = spec.operations.length > SUMMARIZE_ABOVE
  const leaf = (label: string, href: string, extra: Partial<SidebarNode> = {}): SidebarNode => ({
    kind: 'doc',
    label,
    href,
    collapsible: false,
    collapsed: false,
    items: [],
    ...extra,
  })
  const tagNode = (t: ApiTag): SidebarNode => ({
    kind: 'category',
    label: translate(tagLabel(t)),
    href: urlOf(`${API_BASE}/${t.slug}`),
    collapsible: false,
    collapsed: false,
    ...(summarized ? { summarized } : {}),
    items: t.operationIds
      .map((id) => byId.get(id)!)
      .map((op) =>
        leaf(op.summary, urlOf(`${API_BASE}/${op.slug}`), { badge: op.method, deprecated: op.deprecated }),
      ),
  })
  const used = spec.tags.filter((t) => t.operationIds.length > 0)
  const grouped = new Set(spec.tagGroups.flatMap((g) => g.tags))
  const tagNodes: SidebarNode[] = spec.tagGroups.length
    ? [
        ...spec.tagGroups
          .map((g) => ({
            g,
            tags: used
              .filter((t) => g.tags.includes(t.name))
              .sort((a, b) => g.tags.indexOf(a.name) - g.tags.indexOf(b.name)),
          }))
          .filter(({ tags }) => tags.length)
          .map<SidebarNode>(({ g, tags }) => ({
            kind: 'category',
            label: translate(g.name),
            href: undefined,
            collapsible: true,
            collapsed: false,
            items: tags.map(tagNode),
          })),
        ...used.filter((t) => !grouped.has(t.name)).map(tagNode),
      ]
    : used.map(tagNode)
  return [
    leaf(spec.title, urlOf(`${API_BASE}/${spec.infoSlug}`)),
    ...tagNodes,
    // A large spec's schema pages are reached from the operations that link to them.
    ...(options.schemas && !summarized && spec.schemas.length
      ? [
          {
            kind: 'category' as const,
            label: translate('Schemas'),
            href: undefined,
            collapsible: true,
            collapsed: true,
            items: spec.schemas.map((s) => leaf(s.name, urlOf(`${API_BASE}/schemas/${s.slug}`))),
          },
        ]
      : []),
    ...(changes ? [leaf(translate(`Changes since ${changes.from}`), urlOf(`${API_BASE}/changes`))] : []),
  ]
}

/** Does this sidebar config hold the API reference? */
export function hasApiItem(items: readonly SidebarItemConfig[]): boolean {
  return items.some(
    (i) => typeof i === 'object' && (i.type === 'api' || (i.type === 'category' && hasApiItem(i.items))),
  )
}

/** Index, info, tag, operation and changes pages of one spec in one locale × version. */
export function apiRoutes(
  config: SiteConfig,
  o: {
    spec: ApiSpec
    changes: ApiChanges | undefined
    locale: string
    version: string
    sidebarId: string | undefined
    urlOf: (p: string) => string
  },
): Route[] {
  const { spec, changes, sidebarId } = o
  const make = (path: string, key: string, data: RouteData): Route => {
    const url = o.urlOf(path)
    return makeRoute(config, {
      url,
      locale: o.locale,
      version: o.version,
      data,
      key: `${key}:${o.version}`,
      versionKey: key,
      unlisted: false,
      source: spec.file,
    })
  }
  return [
    make(API_BASE, 'api-index', { kind: 'api-index', spec, sidebarId, changes }),
    make(`${API_BASE}/${spec.infoSlug}`, 'api-info', { kind: 'api-info', spec, sidebarId, changes }),
    ...spec.tags
      .filter((t) => t.operationIds.length)
      .map((tag) =>
        make(`${API_BASE}/${tag.slug}`, `api-tag:${tag.name}`, { kind: 'api-tag', spec, tag, sidebarId }),
      ),
    ...spec.operations.map((operation) =>
      make(`${API_BASE}/${operation.slug}`, `api-op:${operation.operationId}`, {
        kind: 'api-operation',
        spec,
        operation,
        sidebarId,
      }),
    ),
    ...spec.schemas.map((schema) =>
      make(`${API_BASE}/schemas/${schema.slug}`, `api-schema:${schema.name}`, {
        kind: 'api-schema',
        spec,
        schema,
        sidebarId,
      }),
    ),
    ...(changes
      ? [make(`${API_BASE}/changes`, 'api-changes', { kind: 'api-changes', spec, changes, sidebarId })]
      : []),
  ]
}
