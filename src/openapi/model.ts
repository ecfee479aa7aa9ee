import type {
  ApiCallback,
  ApiExample,
  ApiMedia,
  ApiOperation,
  ApiParameter,
  ApiRequestBody,
  ApiResponse,
  ApiSchema,
  ApiSpec,
  CodeSample,
  HttpMethod,
} from '../api-types.js'
import type { Diagnostic, SourceLocation } from '../types.js'
import { isObj, PAGE_BUDGET, toSchemaNode, type SchemaContext } from './schema.js'
import { createSampler, firstExample, formLike, type Sampler } from './examples.js'
import { customSamples, generateSamples } from './samples.js'
import { sampleRequest } from './sample-request.js'
import { RESERVED, securityOf, securitySchemesOf, serversOf, uniqueInfoSlug } from './servers-security.js'
import { kebab, PLACEHOLDER_ORIGIN } from './routes.js'

type Raw = Record<string, unknown>
type Segments = ReadonlyArray<string | number>
const METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

export { kebab, PLACEHOLDER_ORIGIN }

export interface ModelContext {
  readonly file: string
  /** Sanitised markdown → HTML; `at` is where the text is in the spec, for reporting its links. */
  readonly markdown: (text: string, at: Segments) => string
  readonly highlight: (code: string, lang: string) => string
  /** Where a JSON path of the document is written (file, line). */
  readonly locate: (segments: Segments) => SourceLocation
  /** The absolute URL the spec is published at, when the site has a `url`: relative servers resolve against it. */
  readonly specUrl: string | undefined
}

/**
 * Turns a validated, dereferenced OpenAPI 3.x document into the render-ready model. `bundled`
 * is the same document before dereferencing: examples are sampled from it, where `$ref`s still
 * mark recursion. A failure inside one operation is reported with the spec file and that
 * operation, and the rest of the reference is still built.
 */
export function buildModel(
  doc: Raw,
  bundled: Raw,
  ctx: ModelContext,
): { spec: ApiSpec; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = []
  const components = isObj(doc.components) ? doc.components : {}
  const names = new Map<object, string>()
  const rawSchemas = isObj(components.schemas) ? components.schemas : {}
  for (const [name, schema] of Object.entries(rawSchemas)) {
    if (!isObj(schema)) continue
    names.set(schema, name)
    if (isObj(schema.properties)) names.set(schema.properties, name)
  }
  const refs = new Set<string>()
  const shared: SchemaContext['shared'] = new Map()
  // The same description is rendered once (a shared schema's fields appear on many pages).
  const rendered = new Map<string, string>()
  const markdown = (text: string, at: Segments) => {
    let out = rendered.get(text)
    if (out === undefined) rendered.set(text, (out = ctx.markdown(text, at)))
    return out
  }
  // A shared schema's page slug: its name in kebab case, numbered when two names meet ('Pet', 'pet').
  const schemaSlugs = new Map<string, string>()
  const usedSchemaSlugs = new Set<string>()
  for (const name of Object.keys(rawSchemas)) {
    let slug = kebab(name) || 'schema'
    for (let n = 2; usedSchemaSlugs.has(slug); n++) slug = `${kebab(name) || 'schema'}-${n}`
    usedSchemaSlugs.add(slug)
    schemaSlugs.set(name, slug)
  }
  const slugOf = (name: string) => schemaSlugs.get(name) ?? kebab(name)
  const sctx = (): SchemaContext => ({ markdown, names, slugOf, budget: { left: PAGE_BUDGET }, refs, shared })
  const sampler = createSampler(bundled)
  const info = isObj(doc.info) ? doc.info : {}
  const md = (v: unknown, at: Segments) => (typeof v === 'string' && v ? ctx.markdown(v, at) : '')
  const servers = (list: unknown) => serversOf(list, ctx.specUrl)
  const declaredServers = servers(doc.servers)
  const placeholderServer = declaredServers.length === 0
  const topServers = placeholderServer
    ? [{ url: PLACEHOLDER_ORIGIN, description: undefined, variables: [] }]
    : declaredServers
  const topSecurity = securityOf(doc.security)
  const securitySchemes = securitySchemesOf(components, md)
  const slugs = new Set<string>()
  const uniqueSlug = (base: string) => {
    let slug = base || 'operation'
    for (let n = 2; slugs.has(slug) || RESERVED.has(slug); n++) slug = `${base}-${n}`
    slugs.add(slug)
    return slug
  }
  const operations: ApiOperation[] = []
  const addOperations = (kind: ApiOperation['kind'], group: 'paths' | 'webhooks', container: unknown) => {
    for (const [path, item] of Object.entries(isObj(container) ? container : {})) {
      if (!isObj(item)) continue
      for (const method of METHODS) {
        const op = item[method]
        if (!isObj(op) || op['x-internal'] === true) continue
        const at: Segments = [group, path, method]
        try {
          const operationId = String(
            op.operationId ?? (kind === 'webhook' ? `${path}-${method}` : `${method}-${path}`),
          )
          const slug = uniqueSlug(kebab(operationId))
          const s = sctx()
          const pageServers =
            kind === 'webhook'
              ? []
              : servers(op.servers).length
                ? servers(op.servers)
                : servers(item.servers).length
                  ? servers(item.servers)
                  : topServers
          const parameters = parametersOf(item, op, at, s)
          const requestBody = bodyOf(op.requestBody, [...at, 'requestBody'], s, 'request')
          const responses = responsesOf(op.responses, [...at, 'responses'], s)
          const callbacks = callbacksOf(op.callbacks, [...at, 'callbacks'], s)
          const security = op.security !== undefined ? securityOf(op.security) : topSecurity
          const tags = Array.isArray(op.tags) ? op.tags.map(String) : []
          const base = {
            kind,
            operationId,
            slug,
            method,
            path,
            tag: tags[0] ?? (kind === 'webhook' ? 'Webhooks' : 'default'),
            summary: String(
              op.summary ?? op.operationId ?? (kind === 'webhook' ? path : `${method.toUpperCase()} ${path}`),
            ),
            descriptionHtml: md(op.description, [...at, 'description']),
            deprecated: op.deprecated === true,
            servers: pageServers,
            security,
            parameters,
            requestBody,
            responses,
            callbacks,
          }
          const own = customSamples(op['x-codeSamples'] ?? op['x-code-samples'], ctx.highlight)
          let generated: CodeSample[] = []
          if (kind === 'operation') {
            try {
              generated = generateSamples(sampleRequest(base, securitySchemes), ctx.highlight)
            } catch (err) {
              diagnostics.push({
                severity: 'warning',
                code: 'openapi',
                message: `OpenAPI: no code samples for ${method.toUpperCase()} ${path}: ${(err as Error).message}`,
                at: ctx.locate(at),
              })
            }
          }
          operations.push({
            ...base,
            samples: [...own, ...generated.filter((g) => !own.some((o) => o.id === g.id))],
          })
        } catch (err) {
          diagnostics.push({
            severity: 'error',
            code: 'openapi',
            message: `OpenAPI: ${method.toUpperCase()} ${path} could not be read (${(err as Error).message}); this is a bug in docs-site, please report it with this operation`,
            at: ctx.locate(at),
          })
        }
      }
    }
  }

  const example = (
    name: string,
    summary: unknown,
    value: unknown,
    lang: string,
    generated: boolean,
    externalValue?: unknown,
  ): ApiExample => {
    if (value === undefined && typeof externalValue === 'string')
      return {
        name,
        summary: typeof summary === 'string' ? summary : undefined,
        text: '',
        html: '',
        generated: false,
        externalValue,
      }
    const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'null')
    return {
      name,
      summary: typeof summary === 'string' ? summary : undefined,
      text,
      html: ctx.highlight(text, lang),
      generated,
    }
  }

  const mediaOf = (
    content: unknown,
    at: Segments,
    s: SchemaContext,
    mode: 'request' | 'response',
  ): ApiMedia[] =>
    Object.entries(isObj(content) ? content : {})
      .filter(([, m]) => isObj(m))
      .map(([mediaType, m]) => {
        const mt = m as Raw
        const schema = toSchemaNode(mt.schema, s, [...at, 'content', mediaType, 'schema'])
        const lang = /json/i.test(mediaType) ? 'json' : /xml/i.test(mediaType) ? 'xml' : 'text'
        let examples: ApiExample[] = Object.entries(isObj(mt.examples) ? mt.examples : {})
          .filter(([, e]) => isObj(e))
          .map(([name, e]) =>
            example(name, (e as Raw).summary, (e as Raw).value, lang, false, (e as Raw).externalValue),
          )
        if (!examples.length && mt.example !== undefined)
          examples = [example('example', undefined, mt.example, lang, false)]
        if (!examples.length && mt.schema !== undefined) {
          const value = sampler.sample(
            [...at, 'content', mediaType, 'schema'],
            mode,
            lang === 'xml' ? 'xml' : lang === 'json' ? 'json' : formLike(mediaType) ? 'json' : 'text',
          )
          if (value !== undefined) examples = [example('generated', undefined, value, lang, true)]
        }
        return { mediaType, schema, examples }
      })

  const bodyOf = (
    body: unknown,
    at: Segments,
    s: SchemaContext,
    mode: 'request' | 'response',
  ): ApiRequestBody | undefined =>
    isObj(body)
      ? {
          required: body.required === true,
          descriptionHtml: md(body.description, [...at, 'description']),
          content: mediaOf(body.content, at, s, mode),
        }
      : undefined

  const responsesOf = (list: unknown, at: Segments, s: SchemaContext): ApiResponse[] =>
    Object.entries(isObj(list) ? list : {})
      .filter(([, r]) => isObj(r))
      .map(([status, r]) => {
        const res = r as Raw
        return {
          status,
          descriptionHtml: md(res.description, [...at, status, 'description']),
          headers: Object.entries(isObj(res.headers) ? res.headers : {})
            .filter(([, h]) => isObj(h))
            .map(([name, h]) => ({
              name,
              descriptionHtml: md((h as Raw).description, [...at, status, 'headers', name, 'description']),
              schema: toSchemaNode((h as Raw).schema, s, [...at, status, 'headers', name, 'schema']),
            })),
          content: mediaOf(res.content, [...at, status], s, 'response'),
        }
      })

  const callbacksOf = (list: unknown, at: Segments, s: SchemaContext): ApiCallback[] => {
    const out: ApiCallback[] = []
    for (const [name, cb] of Object.entries(isObj(list) ? list : {})) {
      for (const [expression, item] of Object.entries(isObj(cb) ? cb : {})) {
        if (!isObj(item)) continue
        for (const method of METHODS) {
          const op = item[method]
          if (!isObj(op)) continue
          const here = [...at, name, expression, method]
          out.push({
            name,
            expression,
            method,
            summary: typeof op.summary === 'string' ? op.summary : undefined,
            descriptionHtml: md(op.description, [...here, 'description']),
            requestBody: bodyOf(op.requestBody, [...here, 'requestBody'], s, 'request'),
            responses: responsesOf(op.responses, [...here, 'responses'], s),
          })
        }
      }
    }
    return out
  }

  const parametersOf = (item: Raw, op: Raw, at: Segments, s: SchemaContext): ApiParameter[] => {
    const listed = [
      ...(Array.isArray(item.parameters)
        ? item.parameters.map((p, i) => [p, [at[0]!, at[1]!, 'parameters', i]] as const)
        : []),
      ...(Array.isArray(op.parameters)
        ? op.parameters.map((p, i) => [p, [...at, 'parameters', i]] as const)
        : []),
    ].filter(([p]) => isObj(p)) as Array<readonly [Raw, Segments]>
    // An operation's parameter replaces the path item's one of the same name and location.
    const byKey = new Map(listed.map(([p, where]) => [`${p.in}:${p.name}`, [p, where] as const]))
    return [...byKey.values()].map(([p, where]) => {
      const schema = toSchemaNode(
        p.schema ?? (isObj(p.content) ? (Object.values(p.content)[0] as Raw | undefined)?.schema : undefined),
        s,
        [...where, 'schema'],
      )
      const given = p.example ?? firstExample(p.examples) ?? schema.example
      const location = (
        ['path', 'query', 'header', 'cookie'].includes(String(p.in)) ? p.in : 'query'
      ) as ApiParameter['in']
      const style =
        typeof p.style === 'string'
          ? p.style
          : location === 'query' || location === 'cookie'
            ? 'form'
            : 'simple'
      return {
        name: String(p.name),
        in: location,
        style,
        explode: typeof p.explode === 'boolean' ? p.explode : style === 'form',
        required: p.required === true || location === 'path',
        deprecated: p.deprecated === true,
        descriptionHtml: md(p.description, [...where, 'description']),
        schema,
        example: given ?? sampler.sample([...where, 'schema'], 'request', 'json'),
        hasExample: given !== undefined,
      }
    })
  }

  addOperations('operation', 'paths', doc.paths)
  addOperations('webhook', 'webhooks', doc.webhooks)

  // Schemas linked to instead of inlined get their own rendering; those may link to more.
  const schemas: ApiSchema[] = []
  const done = new Set<string>()
  for (let pending = [...refs]; pending.length; pending = [...refs].filter((n) => !done.has(n))) {
    for (const name of pending) {
      done.add(name)
      schemas.push({
        name,
        slug: slugOf(name),
        node: toSchemaNode(rawSchemas[name], sctx(), ['components', 'schemas', name]),
      })
    }
  }
  schemas.sort((a, b) => a.name.localeCompare(b.name))

  const declared = (Array.isArray(doc.tags) ? doc.tags : []).filter(isObj)
  const tagNames = [...new Set([...declared.map((t) => String(t.name)), ...operations.map((o) => o.tag)])]
  const tagSlugs = new Set<string>()
  const tags = tagNames.map((name) => {
    const i = declared.findIndex((t) => t.name === name)
    const decl = declared[i]
    let slug = kebab(name) || 'tag'
    // A tag page shares the folder with operation pages: neither may take the other's slug.
    for (let n = 2; tagSlugs.has(slug) || slugs.has(slug) || RESERVED.has(slug); n++)
      slug = `${kebab(name)}-${n}`
    tagSlugs.add(slug)
    return {
      name,
      slug,
      displayName: typeof decl?.['x-displayName'] === 'string' ? decl['x-displayName'] : undefined,
      descriptionHtml: md(decl?.description, ['tags', i, 'description']),
      operationIds: operations.filter((o) => o.tag === name).map((o) => o.operationId),
    }
  })
  const tagGroups = (Array.isArray(doc['x-tagGroups']) ? doc['x-tagGroups'] : [])
    .filter(isObj)
    .map((g) => ({ name: String(g.name ?? ''), tags: (Array.isArray(g.tags) ? g.tags : []).map(String) }))
  const contact = isObj(info.contact) ? (info.contact as ApiSpec['contact']) : undefined
  const license = isObj(info.license) ? (info.license as ApiSpec['license']) : undefined
  const spec: ApiSpec = {
    file: ctx.file,
    openapi: String(doc.openapi),
    title: String(info.title ?? 'API'),
    version: String(info.version ?? ''),
    summary: typeof info.summary === 'string' ? info.summary : undefined,
    descriptionHtml: md(info.description, ['info', 'description']),
    infoSlug: uniqueInfoSlug(kebab(String(info.title ?? 'api')) || 'api', slugs, tagSlugs),
    servers: topServers,
    placeholderServer,
    securitySchemes,
    tags,
    tagGroups,
    operations,
    schemas,
    contact,
    license,
  }
  return { spec, diagnostics }
}

/** Slugs the API folder already uses for its own pages. */

export type { Sampler }
