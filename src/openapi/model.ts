import type { ApiExample, ApiMedia, ApiOperation, ApiParameter, ApiServer, ApiSpec, HttpMethod } from '../api-types.js'
import { exampleFor, isObj, toSchemaNode, type SchemaContext } from './schema.js'
import { authHeaders, generateSamples } from './samples.js'

type Raw = Record<string, unknown>
const METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

export interface ModelContext extends Omit<SchemaContext, 'names'> {
  readonly file: string
  readonly highlight: (code: string, lang: string) => string
}

/** 'getWallet' → 'get-wallet'; 'N11S Integration API' → 'n-11-s-integration-api' (Docusaurus-openapi's kebab case). */
export function kebab(s: string): string {
  return s
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/([A-Za-z])([0-9])/g, '$1-$2')
    .replace(/([0-9])([A-Za-z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

const pretty = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v, null, 2))

function servers(list: unknown): ApiServer[] {
  return (Array.isArray(list) ? list : []).filter(isObj).map((s) => ({
    url: String(s.url),
    description: typeof s.description === 'string' ? s.description : undefined,
    variables: Object.entries(isObj(s.variables) ? s.variables : {}).map(([name, v]) => ({
      name,
      default: String((v as Raw).default ?? ''),
      description: typeof (v as Raw).description === 'string' ? String((v as Raw).description) : undefined,
      ...(Array.isArray((v as Raw).enum) ? { enum: ((v as Raw).enum as unknown[]).map(String) } : {}),
    })),
  }))
}

/** A server URL with its variables at their defaults. */
export const serverUrl = (s: ApiServer | undefined) => (s ? s.variables.reduce((u, v) => u.replace(`{${v.name}}`, v.default), s.url).replace(/\/$/, '') : '')

/** Turns a validated, dereferenced OpenAPI 3.x document into the render-ready model. */
export function buildModel(doc: Raw, ctx: ModelContext): ApiSpec {
  const components = isObj(doc.components) ? doc.components : {}
  const names = new Map<object, string>()
  for (const [name, schema] of Object.entries(isObj(components.schemas) ? components.schemas : {})) {
    if (!isObj(schema)) continue
    names.set(schema, name)
    if (isObj(schema.properties)) names.set(schema.properties, name)
  }
  const sctx: SchemaContext = { markdown: ctx.markdown, names }
  const info = isObj(doc.info) ? doc.info : {}
  const topServers = servers(doc.servers)
  const topSecurity = securityOf(doc.security)
  const securitySchemes = Object.entries(isObj(components.securitySchemes) ? components.securitySchemes : {}).map(([key, v]) => {
    const s = v as Raw
    return { key, type: String(s.type), in: s.in as string | undefined, name: s.name as string | undefined, scheme: s.scheme as string | undefined, bearerFormat: s.bearerFormat as string | undefined, descriptionHtml: ctx.markdown(String(s.description ?? '')) }
  })
  const operations: ApiOperation[] = []
  const slugs = new Set<string>()
  for (const [path, item] of Object.entries(isObj(doc.paths) ? doc.paths : {})) {
    if (!isObj(item)) continue
    for (const method of METHODS) {
      const op = item[method]
      if (!isObj(op)) continue
      const operationId = String(op.operationId ?? `${method}-${path}`)
      let slug = kebab(operationId)
      // A duplicate operationId (warned about at load) still gets a unique page and anchors.
      for (let n = 2; slugs.has(slug); n++) slug = `${kebab(operationId)}-${n}`
      slugs.add(slug)
      const params = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])].filter(isObj)
      const byKey = new Map(params.map((p) => [`${p.in}:${p.name}`, p]))
      const parameters: ApiParameter[] = [...byKey.values()].map((p) => {
        const schema = toSchemaNode(p.schema, sctx)
        return { name: String(p.name), in: p.in as ApiParameter['in'], required: p.required === true, deprecated: p.deprecated === true, descriptionHtml: ctx.markdown(String(p.description ?? '')), schema, example: p.example ?? firstExample(p.examples) ?? exampleFor(schema, 'request') }
      })
      const body = isObj(op.requestBody) ? op.requestBody : undefined
      const requestBody = body ? { required: body.required === true, descriptionHtml: ctx.markdown(String(body.description ?? '')), content: media(body.content, sctx, 'request', ctx.highlight) } : undefined
      const responses = Object.entries(isObj(op.responses) ? op.responses : {}).map(([status, r]) => {
        const res = r as Raw
        return {
          status,
          descriptionHtml: ctx.markdown(String(res.description ?? '')),
          headers: Object.entries(isObj(res.headers) ? res.headers : {}).map(([name, h]) => ({ name, descriptionHtml: ctx.markdown(String((h as Raw).description ?? '')), schema: toSchemaNode((h as Raw).schema, sctx) })),
          content: media(res.content, sctx, 'response', ctx.highlight),
        }
      })
      const opServers = servers(op.servers).length ? servers(op.servers) : servers(item.servers).length ? servers(item.servers) : topServers
      const security = op.security !== undefined ? securityOf(op.security) : topSecurity
      const base = { operationId, slug, method, path, tag: String((op.tags as string[] | undefined)?.[0] ?? 'default'), summary: String(op.summary ?? operationId), descriptionHtml: ctx.markdown(String(op.description ?? '')), deprecated: op.deprecated === true, servers: opServers, security, parameters, requestBody, responses }
      operations.push({ ...base, samples: samplesFor(base, securitySchemes, ctx) })
    }
  }
  const declared = (Array.isArray(doc.tags) ? doc.tags : []).filter(isObj)
  const tagNames = [...new Set([...declared.map((t) => String(t.name)), ...operations.map((o) => o.tag)])]
  const tags = tagNames.map((name) => ({
    name,
    slug: kebab(name),
    descriptionHtml: ctx.markdown(String(declared.find((t) => t.name === name)?.description ?? '')),
    operationIds: operations.filter((o) => o.tag === name).map((o) => o.operationId),
  }))
  const contact = isObj(info.contact) ? (info.contact as ApiSpec['contact']) : undefined
  const license = isObj(info.license) ? (info.license as ApiSpec['license']) : undefined
  return {
    file: ctx.file,
    openapi: String(doc.openapi),
    title: String(info.title ?? 'API'),
    version: String(info.version ?? ''),
    summary: typeof info.summary === 'string' ? info.summary : undefined,
    descriptionHtml: ctx.markdown(String(info.description ?? '')),
    infoSlug: kebab(String(info.title ?? 'api')),
    servers: topServers,
    securitySchemes,
    tags,
    operations,
    contact,
    license,
  }
}

function securityOf(list: unknown): string[][] {
  return (Array.isArray(list) ? list : []).filter(isObj).map((req) => Object.keys(req))
}

function firstExample(examples: unknown): unknown {
  if (!isObj(examples)) return undefined
  const first = Object.values(examples)[0]
  return isObj(first) ? first.value : undefined
}

function media(content: unknown, sctx: SchemaContext, mode: 'request' | 'response', highlight: ModelContext['highlight']): ApiMedia[] {
  return Object.entries(isObj(content) ? content : {}).map(([mediaType, m]) => {
    const mt = m as Raw
    const schema = toSchemaNode(mt.schema, sctx)
    const lang = /json/.test(mediaType) ? 'json' : /xml/.test(mediaType) ? 'xml' : 'text'
    const example = (name: string, summary: string | undefined, value: unknown, generated: boolean): ApiExample => {
      const text = pretty(value)
      return { name, summary, text, html: highlight(text, lang), generated }
    }
    let examples: ApiExample[] = Object.entries(isObj(mt.examples) ? mt.examples : {}).map(([name, e]) => example(name, (e as Raw).summary as string | undefined, (e as Raw).value, false))
    if (!examples.length && mt.example !== undefined) examples = [example('example', undefined, mt.example, false)]
    if (!examples.length && mt.schema) examples = [example('generated', undefined, exampleFor(schema, mode), true)]
    return { mediaType, schema, examples }
  })
}

function samplesFor(op: Omit<ApiOperation, 'samples'>, schemes: ApiSpec['securitySchemes'], ctx: ModelContext) {
  const value = (p: ApiParameter) => (typeof p.example === 'object' ? JSON.stringify(p.example) : String(p.example ?? ''))
  const filled = op.parameters.filter((p) => p.in === 'path').reduce((u, p) => u.replace(`{${p.name}}`, encodeURIComponent(value(p))), op.path)
  // An undeclared path parameter (warned about at load) stays visible but URL-safe.
  const path = filled.replace(/\{([^}]+)\}/g, (_m, n: string) => `%7B${encodeURIComponent(n)}%7D`)
  const json = op.requestBody?.content.find((c) => /json/.test(c.mediaType)) ?? op.requestBody?.content[0]
  return generateSamples(
    {
      method: op.method,
      url: serverUrl(op.servers[0]) + path,
      query: op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => ({ name: p.name, value: value(p) })),
      headers: [...authHeaders(op, schemes), ...op.parameters.filter((p) => p.in === 'header' && p.required).map((p) => ({ name: p.name, value: value(p) }))],
      body: json?.examples[0] ? compact(json.examples[0].text) : undefined,
      mediaType: json?.mediaType,
    },
    ctx.highlight,
  )
}

function compact(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text))
  } catch {
    return text
  }
}
