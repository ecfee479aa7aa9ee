import type {
  ApiOperation,
  ApiSchema,
  ApiSecurityRequirement,
  ApiServer,
  ApiSpec,
  ApiTag,
  CodeSample,
} from '../api-types.js'
import type { Diagnostic, SourceLocation } from '../types.js'
import { isObj, PAGE_BUDGET, toSchemaNode, withExternalDocs, type SchemaContext } from './schema.js'
import { createSampler, type Sampler } from './examples.js'
import { customSamples, generateSamples } from './samples.js'
import { sampleRequest } from './sample-request.js'
import { RESERVED, securityOf, securitySchemesOf, serversOf, uniqueInfoSlug } from './servers-security.js'
import { kebab, PLACEHOLDER_ORIGIN } from './routes.js'
import {
  bodyOf,
  callbacksOf,
  METHODS,
  parametersOf,
  responsesOf,
  type PartsContext,
} from './operation-parts.js'

type Raw = Record<string, unknown>
type Segments = ReadonlyArray<string | number>

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
  const rawSchemas = isObj(components.schemas) ? components.schemas : {}
  const schemaCtx = schemaContextOf(rawSchemas, ctx)
  const sampler = createSampler(bundled)
  const info = isObj(doc.info) ? doc.info : {}
  const md = (v: unknown, at: Segments) => (typeof v === 'string' && v ? ctx.markdown(v, at) : '')
  const servers = (list: unknown) => serversOf(list, ctx.specUrl)
  const declaredServers = servers(doc.servers)
  const placeholderServer = declaredServers.length === 0
  const topServers = placeholderServer
    ? [{ url: PLACEHOLDER_ORIGIN, description: undefined, variables: [] }]
    : declaredServers
  const run: OperationRun = {
    ctx,
    diagnostics,
    parts: { md, highlight: ctx.highlight, sampler },
    newSchemaContext: schemaCtx.create,
    servers,
    topServers,
    topSecurity: securityOf(doc.security),
    securitySchemes: securitySchemesOf(components, md),
    slugs: new Set(),
  }
  const operations: ApiOperation[] = [
    ...operationsOf(run, 'operation', 'paths', doc.paths),
    ...operationsOf(run, 'webhook', 'webhooks', doc.webhooks),
  ]
  const schemas = linkedSchemas(rawSchemas, schemaCtx)
  const { tags, tagSlugs } = tagsOf(doc, operations, run.slugs, md)
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
    descriptionHtml: md(withExternalDocs(info.description, doc.externalDocs), ['info', 'description']),
    infoSlug: uniqueInfoSlug(kebab(String(info.title ?? 'api')) || 'api', run.slugs, tagSlugs),
    servers: topServers,
    placeholderServer,
    securitySchemes: run.securitySchemes,
    tags,
    tagGroups,
    operations,
    schemas,
    contact,
    license,
  }
  return { spec, diagnostics }
}

/** How the document's shared schemas are rendered: their names, page slugs, and which are linked to. */
interface SchemaContexts {
  /** A context for one page: each page has its own budget of inlined schema nodes. */
  readonly create: () => SchemaContext
  /** Names of the shared schemas linked to rather than inlined so far (they get pages of their own). */
  readonly refs: Set<string>
  readonly slugOf: (name: string) => string
}

function schemaContextOf(rawSchemas: Raw, ctx: ModelContext): SchemaContexts {
  const names = new Map<object, string>()
  for (const [name, schema] of Object.entries(rawSchemas)) {
    if (!isObj(schema)) continue
    names.set(schema, name)
    if (isObj(schema.properties)) names.set(schema.properties, name)
  }
  const schemas = new Map(Object.entries(rawSchemas).filter((e): e is [string, Raw] => isObj(e[1])))
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
  return {
    create: () => ({ markdown, names, schemas, slugOf, budget: { left: PAGE_BUDGET }, refs, shared }),
    refs,
    slugOf,
  }
}

/** What reading operations needs from the whole document, and the page slugs they took. */
interface OperationRun {
  readonly ctx: ModelContext
  readonly diagnostics: Diagnostic[]
  readonly parts: PartsContext
  readonly newSchemaContext: () => SchemaContext
  readonly servers: (list: unknown) => ApiServer[]
  /** The document's servers (a placeholder when it names none), for operations that name none. */
  readonly topServers: ApiServer[]
  readonly topSecurity: ApiSecurityRequirement[][]
  readonly securitySchemes: ApiSpec['securitySchemes']
  /** Operation page slugs taken so far (tag and info pages share their folder). */
  readonly slugs: Set<string>
}

function uniqueSlug(slugs: Set<string>, base: string): string {
  let slug = base || 'operation'
  for (let n = 2; slugs.has(slug) || RESERVED.has(slug); n++) slug = `${base}-${n}`
  slugs.add(slug)
  return slug
}

/** The operations of `paths` or `webhooks`; one that cannot be read is reported and left out. */
function operationsOf(
  run: OperationRun,
  kind: ApiOperation['kind'],
  group: 'paths' | 'webhooks',
  container: unknown,
): ApiOperation[] {
  const operations: ApiOperation[] = []
  for (const [path, item] of Object.entries(isObj(container) ? container : {})) {
    if (!isObj(item)) continue
    for (const method of METHODS) {
      const op = item[method]
      if (!isObj(op) || op['x-internal'] === true) continue
      const at: Segments = [group, path, method]
      try {
        operations.push(readOperation(run, kind, { path, method, item, op, at }))
      } catch (err) {
        run.diagnostics.push({
          severity: 'error',
          code: 'openapi',
          message: `OpenAPI: ${method.toUpperCase()} ${path} could not be read (${(err as Error).message}); this is a bug in docs-site, please report it with this operation`,
          at: run.ctx.locate(at),
        })
      }
    }
  }
  return operations
}

/** One operation of the document: where it is, and its path item (which may give servers and parameters). */
interface OperationSource {
  readonly path: string
  readonly method: ApiOperation['method']
  readonly item: Raw
  readonly op: Raw
  readonly at: Segments
}

function readOperation(run: OperationRun, kind: ApiOperation['kind'], src: OperationSource): ApiOperation {
  const { path, method, item, op, at } = src
  const { parts, servers } = run
  const operationId = String(
    op.operationId ?? (kind === 'webhook' ? `${path}-${method}` : `${method}-${path}`),
  )
  const slug = uniqueSlug(run.slugs, kebab(operationId))
  const s = run.newSchemaContext()
  const pageServers =
    kind === 'webhook'
      ? []
      : servers(op.servers).length
        ? servers(op.servers)
        : servers(item.servers).length
          ? servers(item.servers)
          : run.topServers
  const parameters = parametersOf(parts, item, op, at, s, (where, problem) =>
    run.diagnostics.push({
      severity: 'error',
      code: 'openapi',
      message: `OpenAPI: ${problem}`,
      at: run.ctx.locate(where),
    }),
  )
  const requestBody = bodyOf(parts, op.requestBody, [...at, 'requestBody'], s, 'request')
  const responses = responsesOf(parts, op.responses, [...at, 'responses'], s)
  const callbacks = callbacksOf(parts, op.callbacks, [...at, 'callbacks'], s)
  const security = op.security !== undefined ? securityOf(op.security) : run.topSecurity
  const named = Array.isArray(op.tags) ? [...new Set(op.tags.map(String))] : []
  const tags = named.length ? named : [kind === 'webhook' ? 'Webhooks' : 'default']
  const base = {
    kind,
    operationId,
    slug,
    method,
    path,
    tag: tags[0]!,
    tags,
    summary: String(
      op.summary ?? op.operationId ?? (kind === 'webhook' ? path : `${method.toUpperCase()} ${path}`),
    ),
    descriptionHtml: parts.md(withExternalDocs(op.description, op.externalDocs), [...at, 'description']),
    deprecated: op.deprecated === true,
    servers: pageServers,
    security,
    parameters,
    requestBody,
    responses,
    callbacks,
  }
  return { ...base, samples: samplesOf(run, kind, base, src) }
}

/** The operation's own code samples (`x-codeSamples`), then generated ones in languages it does not give. */
function samplesOf(
  run: OperationRun,
  kind: ApiOperation['kind'],
  base: Omit<ApiOperation, 'samples'>,
  src: OperationSource,
): CodeSample[] {
  const { op, method, path, at } = src
  const own = customSamples(op['x-codeSamples'] ?? op['x-code-samples'], run.ctx.highlight)
  let generated: CodeSample[] = []
  if (kind === 'operation') {
    try {
      generated = generateSamples(sampleRequest(base, run.securitySchemes), run.ctx.highlight)
    } catch (err) {
      run.diagnostics.push({
        severity: 'warning',
        code: 'openapi',
        message: `OpenAPI: no code samples for ${method.toUpperCase()} ${path}: ${(err as Error).message}`,
        at: run.ctx.locate(at),
      })
    }
  }
  return [...own, ...generated.filter((g) => !own.some((o) => o.id === g.id))]
}

/** Schemas linked to instead of inlined get their own rendering; those may link to more. */
function linkedSchemas(rawSchemas: Raw, schemaCtx: SchemaContexts): ApiSchema[] {
  const { refs, slugOf } = schemaCtx
  const schemas: ApiSchema[] = []
  const done = new Set<string>()
  for (let pending = [...refs]; pending.length; pending = [...refs].filter((n) => !done.has(n))) {
    for (const name of pending) {
      done.add(name)
      schemas.push({
        name,
        slug: slugOf(name),
        node: toSchemaNode(rawSchemas[name], schemaCtx.create(), ['components', 'schemas', name]),
      })
    }
  }
  schemas.sort((a, b) => a.name.localeCompare(b.name))
  return schemas
}

/** Every tag declared or used, in that order, with a page slug that no operation page has taken. */
function tagsOf(
  doc: Raw,
  operations: readonly ApiOperation[],
  slugs: ReadonlySet<string>,
  md: (v: unknown, at: Segments) => string,
): { tags: ApiTag[]; tagSlugs: Set<string> } {
  const declared = (Array.isArray(doc.tags) ? doc.tags : []).filter(isObj)
  const tagNames = [
    ...new Set([...declared.map((t) => String(t.name)), ...operations.flatMap((o) => o.tags)]),
  ]
  const tagSlugs = new Set<string>()
  const tags = tagNames.map((name) => {
    const i = declared.findIndex((t) => t.name === name)
    const decl = declared[i]
    const base = kebab(name) || 'tag'
    let slug = base
    // A tag page shares the folder with operation pages: neither may take the other's slug.
    for (let n = 2; tagSlugs.has(slug) || slugs.has(slug) || RESERVED.has(slug); n++) slug = `${base}-${n}`
    tagSlugs.add(slug)
    return {
      name,
      slug,
      displayName: typeof decl?.['x-displayName'] === 'string' ? decl['x-displayName'] : undefined,
      descriptionHtml: md(withExternalDocs(decl?.description, decl?.externalDocs), [
        'tags',
        i,
        'description',
      ]),
      // An operation with several tags is listed under each, as Redoc and Scalar list it; its page
      // is one, under its first tag (breadcrumb, pager).
      operationIds: operations.filter((o) => o.tags.includes(name)).map((o) => o.operationId),
    }
  })
  return { tags, tagSlugs }
}

export type { Sampler }
