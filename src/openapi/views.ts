import type { ApiOperation, ApiSpec, ApiTag } from '../api-types.js'
import type { ApiOperationLink, ApiPageView, ApiTagView, ExplorerProps, Heading, PagerLink, Route, Site } from '../types.js'
import { urlFor } from '../site/urls.js'
import { specDownloadHref } from './index.js'
import { API_BASE, tagLabel } from './routes.js'

type ApiData = Extract<Route['data'], { kind: `api-${string}` }>
type Translate = (key: string, vars?: Record<string, string | number>) => string

/** The view model of an API reference page. */
export function apiPageView(site: Site, route: Route, data: ApiData, pager: { prev: PagerLink | undefined; next: PagerLink | undefined }, t: Translate): ApiPageView {
  const version = site.config.versions.find((v) => v.name === route.version)!
  const href = (p: string) => urlFor(site.config, { locale: route.locale, versionPath: version.path, path: `${API_BASE}/${p}` })
  const spec = data.spec
  const opLink = (op: Pick<ApiOperation, 'operationId' | 'summary' | 'method' | 'path' | 'slug'> & { deprecated?: boolean }): ApiOperationLink => ({ operationId: op.operationId, summary: op.summary, method: op.method, path: op.path, href: href(op.slug), deprecated: op.deprecated ?? false })
  const tagView = (tag: ApiTag): ApiTagView => ({ name: site.siteLabels[route.locale]?.[tagLabel(tag.name)] ?? tagLabel(tag.name), href: href(tag.slug), descriptionHtml: tag.descriptionHtml, operations: tag.operationIds.map((id) => opLink(spec.operations.find((o) => o.operationId === id)!)) })
  const tags = spec.tags.filter((x) => x.operationIds.length).map(tagView)
  switch (data.kind) {
    case 'api-index':
      return { kind: 'api-index', title: t('api.title'), spec, infoHref: href(spec.infoSlug), changesLink: data.changes ? { href: href('changes'), label: t('api.changesTitle', { from: data.changes.from, to: data.changes.to }) } : undefined, tags }
    case 'api-info':
      return { kind: 'api-info', title: spec.title, spec, downloadHref: specDownloadHref(site.config, version.path, spec), tags, toc: headingsOf(spec.descriptionHtml) }
    case 'api-tag':
      return { kind: 'api-tag', title: tagView(data.tag).name, tag: data.tag, view: tagView(data.tag), ...pager }
    case 'api-operation': {
      const op = data.operation
      const tag = spec.tags.find((x) => x.name === op.tag)
      return {
        kind: 'api-operation',
        title: op.summary,
        operation: op,
        schemes: spec.securitySchemes.filter((s) => op.security.some((alt) => alt.includes(s.key))),
        authHref: href(spec.infoSlug),
        tagHref: tag ? href(tag.slug) : undefined,
        explorer: explorerProps(op, spec),
        toc: operationToc(op, t),
        ...pager,
      }
    }
    case 'api-changes':
      return {
        kind: 'api-changes',
        title: t('api.changesTitle', { from: data.changes.from, to: data.changes.to }),
        from: data.changes.from,
        to: data.changes.to,
        added: data.changes.added.map(opLink),
        removed: data.changes.removed.map((o) => ({ ...o, slug: '', href: '', deprecated: false })),
        changed: data.changes.changed.map((c) => ({ ...opLink({ ...c, summary: spec.operations.find((o) => o.operationId === c.operationId)?.summary ?? c.operationId }), changes: c.changes })),
      }
  }
}

function headingsOf(html: string): Heading[] {
  return [...html.matchAll(/<h([23]) id="([^"]+)"[^>]*>(.*?)<a class="hash-link"/g)].map((m) => ({ level: Number(m[1]), id: m[2]!, text: m[3]!.replace(/<[^>]+>/g, '').trim() }))
}

function operationToc(op: ApiOperation, t: Translate): Heading[] {
  const toc: Heading[] = []
  if (op.security.length) toc.push({ level: 2, id: 'authorization', text: t('api.authorization') })
  if (op.parameters.length) toc.push({ level: 2, id: 'parameters', text: t('api.parameters') })
  if (op.requestBody) toc.push({ level: 2, id: 'request-body', text: t('api.requestBody') })
  toc.push({ level: 2, id: 'responses', text: t('api.responses') })
  for (const r of op.responses) toc.push({ level: 3, id: `response-${r.status}`, text: r.status })
  toc.push({ level: 2, id: 'code-samples', text: t('api.codeSamples') })
  return toc
}

function explorerProps(op: ApiOperation, spec: ApiSpec): ExplorerProps {
  const json = op.requestBody?.content.find((c) => /json/.test(c.mediaType)) ?? op.requestBody?.content[0]
  return {
    method: op.method,
    path: op.path,
    servers: op.servers,
    parameters: op.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required, example: p.example === undefined ? '' : typeof p.example === 'object' ? JSON.stringify(p.example) : String(p.example) })),
    body: json?.examples[0]?.text,
    mediaType: json?.mediaType,
    auth: spec.securitySchemes.filter((s) => op.security[0]?.includes(s.key)).map((s) => ({ key: s.key, type: s.type, in: s.in, name: s.name, scheme: s.scheme })),
  }
}
