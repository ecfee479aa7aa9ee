// The parts of an operation (parameters, request body, responses, callbacks) as the model holds
// them: descriptions rendered, schemas turned into nodes, and an example for each body, given or
// sampled.
import type {
  ApiCallback,
  ApiLink,
  ApiExample,
  ApiMedia,
  ApiParameter,
  ApiRequestBody,
  ApiResponse,
  HttpMethod,
} from '../api-types.js'
import { isObj, toSchemaNode, type SchemaContext } from './schema.js'
import { firstExample, formLike, type Sampler } from './examples.js'

type Raw = Record<string, unknown>
type Segments = ReadonlyArray<string | number>
export const METHODS: readonly HttpMethod[] = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
]

/** What reading the parts needs from the document around them. */
export interface PartsContext {
  /** A description's markdown → HTML ('' when there is none); `at` is where it is in the spec. */
  readonly md: (v: unknown, at: Segments) => string
  readonly highlight: (code: string, lang: string) => string
  /** Examples generated from schemas, where a body or parameter gives none. */
  readonly sampler: Sampler
}

function example(
  parts: PartsContext,
  name: string,
  summary: unknown,
  value: unknown,
  lang: string,
  generated: boolean,
  externalValue?: unknown,
): ApiExample {
  if (value === undefined && typeof externalValue === 'string')
    return {
      name,
      summary: typeof summary === 'string' ? summary : undefined,
      text: '',
      html: '',
      generated: false,
      externalValue,
    }
  // A JSON body that is a string is quoted (`"ok"`), unless the string is the JSON text itself
  // (an example written as a YAML string holding `{"id": 1}`).
  const text =
    typeof value === 'string' && (lang !== 'json' || isJsonText(value))
      ? value
      : (JSON.stringify(value, null, 2) ?? 'null')
  return {
    name,
    summary: typeof summary === 'string' ? summary : undefined,
    text,
    html: parts.highlight(text, lang),
    generated,
  }
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

function mediaOf(
  parts: PartsContext,
  content: unknown,
  at: Segments,
  s: SchemaContext,
  mode: 'request' | 'response',
): ApiMedia[] {
  return Object.entries(isObj(content) ? content : {})
    .filter(([, m]) => isObj(m))
    .map(([mediaType, m]) => {
      const mt = m as Raw
      const schema = toSchemaNode(mt.schema, s, [...at, 'content', mediaType, 'schema'])
      const lang = /json/i.test(mediaType) ? 'json' : /xml/i.test(mediaType) ? 'xml' : 'text'
      let examples: ApiExample[] = Object.entries(isObj(mt.examples) ? mt.examples : {})
        .filter(([, e]) => isObj(e))
        .map(([name, e]) => ({
          ...example(
            parts,
            name,
            (e as Raw).summary,
            (e as Raw).value,
            lang,
            false,
            (e as Raw).externalValue,
          ),
          descriptionHtml: parts.md((e as Raw).description, [
            ...at,
            'content',
            mediaType,
            'examples',
            name,
            'description',
          ]),
        }))
      if (!examples.length && mt.example !== undefined)
        examples = [example(parts, 'example', undefined, mt.example, lang, false)]
      if (!examples.length && mt.schema !== undefined) {
        const value = parts.sampler.sample(
          [...at, 'content', mediaType, 'schema'],
          mode,
          lang === 'xml' ? 'xml' : lang === 'json' ? 'json' : formLike(mediaType) ? 'json' : 'text',
        )
        if (value !== undefined) examples = [example(parts, 'generated', undefined, value, lang, true)]
      }
      return { mediaType, schema, examples }
    })
}

export function bodyOf(
  parts: PartsContext,
  body: unknown,
  at: Segments,
  s: SchemaContext,
  mode: 'request' | 'response',
): ApiRequestBody | undefined {
  return isObj(body)
    ? {
        required: body.required === true,
        descriptionHtml: parts.md(body.description, [...at, 'description']),
        content: mediaOf(parts, body.content, at, s, mode),
      }
    : undefined
}

export function responsesOf(
  parts: PartsContext,
  list: unknown,
  at: Segments,
  s: SchemaContext,
): ApiResponse[] {
  return Object.entries(isObj(list) ? list : {})
    .filter(([, r]) => isObj(r))
    .map(([status, r]) => {
      const res = r as Raw
      return {
        status,
        descriptionHtml: parts.md(res.description, [...at, status, 'description']),
        headers: Object.entries(isObj(res.headers) ? res.headers : {})
          .filter(([, h]) => isObj(h))
          .map(([name, h]) => ({
            name,
            descriptionHtml: parts.md((h as Raw).description, [
              ...at,
              status,
              'headers',
              name,
              'description',
            ]),
            schema: toSchemaNode((h as Raw).schema, s, [...at, status, 'headers', name, 'schema']),
          })),
        content: mediaOf(parts, res.content, [...at, status], s, 'response'),
        links: linksOf(parts, res.links, [...at, status, 'links']),
      }
    })
}

/** A response's `links`, their values as written (a runtime expression, or JSON for a constant). */
function linksOf(parts: PartsContext, links: unknown, at: Segments): ApiLink[] {
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))
  return Object.entries(isObj(links) ? links : {})
    .filter((entry): entry is [string, Raw] => isObj(entry[1]))
    .map(([name, l]) => ({
      name,
      ...(typeof l.operationId === 'string' ? { operationId: l.operationId } : {}),
      ...(typeof l.operationRef === 'string' ? { operationRef: l.operationRef } : {}),
      parameters: Object.entries(isObj(l.parameters) ? l.parameters : {}).map(([k, v]) => ({
        name: k,
        value: text(v),
      })),
      ...(l.requestBody !== undefined ? { requestBody: text(l.requestBody) } : {}),
      descriptionHtml: parts.md(l.description, [...at, name, 'description']),
    }))
}

export function callbacksOf(
  parts: PartsContext,
  list: unknown,
  at: Segments,
  s: SchemaContext,
): ApiCallback[] {
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
          descriptionHtml: parts.md(op.description, [...here, 'description']),
          requestBody: bodyOf(parts, op.requestBody, [...here, 'requestBody'], s, 'request'),
          responses: responsesOf(parts, op.responses, [...here, 'responses'], s),
        })
      }
    }
  }
  return out
}

/** A value as its JSON text, when its parameter's media type is JSON and it is not text already. */
const jsonText = (value: unknown, json: boolean) =>
  json && value !== undefined && typeof value !== 'string' ? JSON.stringify(value) : value

export function parametersOf(
  parts: PartsContext,
  item: Raw,
  op: Raw,
  at: Segments,
  s: SchemaContext,
  /** A parameter that cannot be shown: where it is, and why. */
  report: (where: Segments, problem: string) => void,
): ApiParameter[] {
  const listed = [
    ...(Array.isArray(item.parameters)
      ? item.parameters.map((p, i) => [p, [at[0]!, at[1]!, 'parameters', i]] as const)
      : []),
    ...(Array.isArray(op.parameters)
      ? op.parameters.map((p, i) => [p, [...at, 'parameters', i]] as const)
      : []),
  ].filter(([p, where]) => {
    if (!isObj(p)) return false
    // A $ref left unresolved (parameters referring to each other in a circle) has no name.
    if (typeof p.name === 'string') return true
    report(
      where,
      typeof p.$ref === 'string'
        ? `the parameter $ref "${p.$ref}" leads back to itself`
        : 'a parameter without a name',
    )
    return false
  }) as Array<readonly [Raw, Segments]>
  // An operation's parameter replaces the path item's one of the same name and location.
  const byKey = new Map(listed.map(([p, where]) => [`${p.in}:${p.name}`, [p, where] as const]))
  return [...byKey.values()].map(([p, where]) => {
    // A parameter given by `content` (a media type, its schema and examples) rather than `schema`.
    const [mediaType, media] = (isObj(p.content) ? Object.entries(p.content)[0] : undefined) ?? []
    const mt = isObj(media) ? media : undefined
    const schemaAt =
      p.schema === undefined && mt ? [...where, 'content', mediaType!, 'schema'] : [...where, 'schema']
    const schema = toSchemaNode(p.schema ?? mt?.schema, s, schemaAt)
    const found =
      p.example ?? firstExample(p.examples) ?? mt?.example ?? firstExample(mt?.examples) ?? schema.example
    // A JSON media type: the value is sent as its JSON text (`?where={"age":30}`, encoded).
    const json = mediaType !== undefined && /json/i.test(mediaType)
    const given = jsonText(found, json)
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
      // Without its own, a parameter is described by its schema's (as Redoc shows it).
      descriptionHtml: parts.md(p.description, [...where, 'description']) || (schema.descriptionHtml ?? ''),
      schema,
      example: given ?? jsonText(parts.sampler.sample(schemaAt, 'request', 'json'), json),
      hasExample: given !== undefined,
      ...namedExamples(p.examples ?? mt?.examples, json),
    }
  })
}

/**
 * A parameter's named examples when it has several (a country code, a region code), each shown
 * with its summary: the samples use the first.
 */
function namedExamples(examples: unknown, json: boolean): Pick<ApiParameter, 'examples'> {
  if (!isObj(examples)) return {}
  const list = Object.entries(examples).flatMap(([name, e]) =>
    isObj(e) && e.value !== undefined
      ? [
          {
            name,
            value: jsonText(e.value, json),
            ...(typeof e.summary === 'string' ? { summary: e.summary } : {}),
          },
        ]
      : [],
  )
  return list.length > 1 ? { examples: list } : {}
}
