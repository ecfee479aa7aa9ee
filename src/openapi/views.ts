import { parsePointer } from './pointer.js'
import type { ApiOperation, ApiSpec, ApiTag } from '../api-types.js'
import type {
  ApiOperationLink,
  ApiPageView,
  ApiTagView,
  ExplorerProps,
  Heading,
  PagerLink,
  Route,
  Site,
} from '../types.js'
import { urlFor } from '../urls.js'
import { specDownloadHref } from './index.js'
import { API_BASE, PLACEHOLDER_ORIGIN, tagLabel } from './routes.js'
import { ownValue } from '../text.js'

type ApiData = Extract<Route['data'], { kind: `api-${string}` }>
import type { Translate } from '../../theme/i18n/format.js'

/** The view model of an API reference page. */
export function apiPageView(
  site: Site,
  route: Route,
  data: ApiData,
  pager: { prev: PagerLink | undefined; next: PagerLink | undefined },
  t: Translate,
): ApiPageView {
  const version = site.config.versions.find((v) => v.name === route.version)!
  const href = (p: string) =>
    urlFor(site.config, { locale: route.locale, versionPath: version.path, path: `${API_BASE}/${p}` })
  const spec = data.spec
  const opLink = (
    op: Pick<ApiOperation, 'operationId' | 'summary' | 'method' | 'path' | 'slug'> & { deprecated?: boolean },
  ): ApiOperationLink => ({
    operationId: op.operationId,
    summary: op.summary,
    method: op.method,
    path: op.path,
    href: href(op.slug),
    deprecated: op.deprecated ?? false,
  })
  const byId = operationsById(spec)
  const tagView = (tag: ApiTag): ApiTagView => ({
    name: ownValue(site.siteLabels[route.locale] ?? {}, tagLabel(tag)) ?? tagLabel(tag),
    href: href(tag.slug),
    descriptionHtml: tag.descriptionHtml,
    operations: tag.operationIds.map((id) => opLink(byId.get(id)!)),
  })
  // Only the index and info pages list every tag: an operation page must not cost the whole spec.
  const allTags = () => spec.tags.filter((x) => x.operationIds.length).map(tagView)
  switch (data.kind) {
    case 'api-index':
      return {
        kind: 'api-index',
        title: t('api.title'),
        spec,
        infoHref: href(spec.infoSlug),
        changesLink: data.changes
          ? {
              href: href('changes'),
              label: t('api.changesTitle', { from: data.changes.from, to: data.changes.to }),
            }
          : undefined,
        tags: allTags(),
      }
    case 'api-info':
      return {
        kind: 'api-info',
        title: spec.title,
        spec,
        downloadHref: specDownloadHref(site.config, version.path, spec),
        tags: allTags(),
        toc: headingsOf(spec.descriptionHtml),
      }
    case 'api-tag':
      return {
        kind: 'api-tag',
        title: tagView(data.tag).name,
        tag: data.tag,
        view: tagView(data.tag),
        ...pager,
      }
    case 'api-operation':
      return { ...operationView(data.operation, spec, href, t), ...pager }
    case 'api-schema':
      return {
        kind: 'api-schema',
        title: data.schema.name,
        schema: data.schema,
        schemaBase: href('schemas/__slug__'),
        ...pager,
      }
    case 'api-changes':
      return changesView(site, route, data.changes, opLink, byId, t)
  }
}

/** The view of an operation's page, without its pager. */
function operationView(
  op: ApiOperation,
  spec: ApiSpec,
  href: (p: string) => string,
  t: Translate,
): Omit<Extract<ApiPageView, { kind: 'api-operation' }>, 'prev' | 'next'> {
  const tag = spec.tags.find((x) => x.name === op.tag)
  return {
    kind: 'api-operation',
    title: op.summary,
    operation: op,
    schemes: spec.securitySchemes.filter((s) => op.security.some((alt) => alt.some((r) => r.key === s.key))),
    schemaBase: href('schemas/__slug__'),
    placeholderServer: usesPlaceholder(op),
    authHref: href(spec.infoSlug),
    tagHref: tag ? href(tag.slug) : undefined,
    linkTargets: linkTargets(op, spec, href),
    explorer: explorerProps(op, spec),
    toc: operationToc(op, t),
  }
}

/**
 * The pages the operation's response links lead to, by the link's `operationId` or its local
 * `operationRef` ('#/paths/~1users~1{id}/get'); a link to another document has none.
 */
function linkTargets(op: ApiOperation, spec: ApiSpec, href: (p: string) => string) {
  const out: Record<string, { href: string; title: string }> = {}
  for (const link of op.responses.flatMap((r) => r.links)) {
    const key = link.operationId ?? link.operationRef
    if (key === undefined || key in out) continue
    const target = link.operationId
      ? spec.operations.find((o) => o.operationId === link.operationId)
      : refTarget(link.operationRef!, spec)
    if (target) out[key] = { href: href(target.slug), title: target.summary }
  }
  return out
}

function refTarget(ref: string, spec: ApiSpec): ApiOperation | undefined {
  const segments = ref.startsWith('#') ? parsePointer(ref) : undefined
  if (segments?.length !== 3 || segments[0] !== 'paths') return undefined
  return spec.operations.find(
    (o) => o.kind !== 'webhook' && o.path === segments[1] && o.method === segments[2],
  )
}

type Changes = Extract<ApiData, { kind: 'api-changes' }>['changes']

/** The page of what changed between two versions' specs. */
function changesView(
  site: Site,
  route: Route,
  changes: Changes,
  opLink: (op: Changes['added'][number]) => ApiOperationLink,
  byId: Map<string, ApiOperation>,
  t: Translate,
): ApiPageView {
  return {
    kind: 'api-changes',
    title: t('api.changesTitle', { from: changes.from, to: changes.to }),
    from: changes.from,
    to: changes.to,
    added: changes.added.map(opLink),
    // A removed operation still has its page in the version it came from.
    removed: changes.removed.map((o) => ({
      ...o,
      slug: '',
      href: pageIn(site, route, changes.from, o.operationId) ?? '',
      deprecated: false,
    })),
    changed: changes.changed.map((c) => ({
      ...opLink({ ...c, summary: byId.get(c.operationId)?.summary ?? c.operationId }),
      changes: c.changes,
      before: pageIn(site, route, changes.from, c.operationId),
    })),
  }
}

const byIdCache = new WeakMap<ApiSpec, Map<string, ApiOperation>>()
/** Operations by id, once per spec (every page of the reference looks them up). */
function operationsById(spec: ApiSpec): Map<string, ApiOperation> {
  let map = byIdCache.get(spec)
  if (!map) byIdCache.set(spec, (map = new Map(spec.operations.map((o) => [o.operationId, o]))))
  return map
}

function headingsOf(html: string): Heading[] {
  return [...html.matchAll(/<h([23]) id="([^"]+)"[^>]*>(.*?)<a class="hash-link"/g)].map((m) => ({
    level: Number(m[1]),
    id: m[2]!,
    text: m[3]!.replace(/<[^>]+>/g, '').trim(),
  }))
}

function operationToc(op: ApiOperation, t: Translate): Heading[] {
  const toc: Heading[] = []
  if (op.security.length) toc.push({ level: 2, id: 'authorization', text: t('api.authorization') })
  if (op.parameters.length) toc.push({ level: 2, id: 'parameters', text: t('api.parameters') })
  if (op.requestBody) toc.push({ level: 2, id: 'request-body', text: t('api.requestBody') })
  toc.push({ level: 2, id: 'responses', text: t('api.responses') })
  for (const r of op.responses) toc.push({ level: 3, id: `response-${r.status}`, text: r.status })
  if (op.callbacks.length) toc.push({ level: 2, id: 'callbacks', text: t('api.callbacks') })
  if (op.samples.length) toc.push({ level: 2, id: 'code-samples', text: t('api.codeSamples') })
  return toc
}

/** The operation has no server of its own, its path item neither, and the spec none: samples use the placeholder. */
const usesPlaceholder = (op: ApiOperation) =>
  op.servers.length === 1 && op.servers[0]!.url === PLACEHOLDER_ORIGIN

const editable = (v: unknown) =>
  v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)
const shapeOf = (type: string): 'primitive' | 'array' | 'object' =>
  type.endsWith('[]') || type === 'array' || type.startsWith('[')
    ? 'array'
    : type === 'object'
      ? 'object'
      : 'primitive'

function explorerProps(op: ApiOperation, spec: ApiSpec): ExplorerProps {
  const alternative = op.security.find((alt) => alt.length > 0) ?? []
  return {
    method: op.method,
    path: op.path,
    servers: usesPlaceholder(op) ? [] : op.servers,
    askServer: usesPlaceholder(op),
    parameters: op.parameters.map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required,
      example: editable(p.example),
      prefill: p.required || p.hasExample,
      style: p.style,
      explode: p.explode,
      shape: p.schema.ref ? 'object' : shapeOf(p.schema.type),
    })),
    bodies: (op.requestBody?.content ?? []).map((m) => {
      const example = m.examples.find((e) => !e.externalValue)
      const form = /x-www-form-urlencoded|multipart\//i.test(m.mediaType)
      let data: Record<string, unknown> = {}
      if (form && example) {
        try {
          data = JSON.parse(example.text) as Record<string, unknown>
        } catch {
          // A form example written as text by the spec: the fields start empty.
        }
      }
      return {
        mediaType: m.mediaType,
        example: example?.text ?? '',
        fields: form
          ? (m.schema.properties ?? []).map((p) => ({
              name: p.name,
              file:
                /multipart/i.test(m.mediaType) &&
                (p.node.type === 'file' || p.node.format === 'binary' || p.node.items?.type === 'file'),
              required: m.schema.required?.includes(p.name) ?? false,
              example: editable(data[p.name]),
            }))
          : [],
      }
    }),
    auth: alternative.flatMap(({ key }) => {
      const s = spec.securitySchemes.find((x) => x.key === key)
      if (!s) return []
      const scheme = s.scheme?.toLowerCase()
      const kind = s.hmac
        ? 'hmac'
        : (s.type === 'http' && scheme === 'bearer') || s.type === 'oauth2' || s.type === 'openIdConnect'
          ? 'bearer'
          : s.type === 'http' && scheme === 'basic'
            ? 'basic'
            : s.type === 'apiKey'
              ? 'apiKey'
              : 'other'
      const where = s.type === 'apiKey' && (s.in === 'query' || s.in === 'cookie') ? s.in : 'header'
      return [
        {
          key,
          kind,
          in: where,
          name: s.type === 'apiKey' ? (s.name ?? key) : 'Authorization',
          scheme: s.scheme,
          ...(s.hmac ? { hmac: s.hmac } : {}),
        },
      ]
    }),
    mocks: op.responses.flatMap((r) => {
      const m = r.content.find((c) => c.examples.some((e) => !e.externalValue))
      const ex = m?.examples.find((e) => !e.externalValue)
      return m && ex
        ? [{ status: r.status, mediaType: m.mediaType, body: ex.text }]
        : r.content.length === 0
          ? [{ status: r.status, mediaType: '', body: '' }]
          : []
    }),
  }
}

/** The page of an operation in another version (by its name or label), in the same locale. */
function pageIn(site: Site, route: Route, version: string, operationId: string): string | undefined {
  const v = site.config.versions.find((x) => x.name === version || x.label === version)
  return site.routes.find(
    (r) =>
      r.locale === route.locale &&
      r.version === v?.name &&
      r.data.kind === 'api-operation' &&
      r.data.operation.operationId === operationId,
  )?.url
}
