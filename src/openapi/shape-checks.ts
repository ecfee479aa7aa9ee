// Mistakes hand-written specs often carry, found before the validator: its messages for them name
// the wrong thing ("required must have required property 'required'" for `in: body` in a 3.x
// document) or no place at all (a path key without its leading slash).

import type { Diagnostic, SourceLocation } from '../types.js'
import { undeclaredVariables } from './servers-security.js'

type Segments = ReadonlyArray<string | number>
type Obj = Record<string, unknown>

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']
const LOCATIONS = ['query', 'header', 'path', 'cookie']

export interface ShapeFindings {
  readonly diagnostics: readonly Diagnostic[]
  /** Where the validator's own findings are replaced by these (JSON paths of the document). */
  readonly covered: readonly Segments[]
  /** A path key lacks its slash: the validator's message for it (which names no key) is dropped. */
  readonly pathKeys: boolean
}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * Path keys without their leading `/` and parameters whose `in` is not a 3.x location are errors
 * at their line; a path parameter without `required: true` is a warning, and the document is
 * mended in place (a path parameter is always required, as every renderer shows it): Redoc and
 * Scalar render such specs, and they are common.
 */
export function shapeChecks(doc: Obj, locate: (segments: Segments) => SourceLocation): ShapeFindings {
  const diagnostics: Diagnostic[] = []
  const covered: Segments[] = []
  const error = (message: string, at: Segments) =>
    diagnostics.push({ severity: 'error', code: 'openapi', message: `OpenAPI: ${message}`, at: locate(at) })
  const paths = isObj(doc.paths) ? doc.paths : {}
  let pathKeys = false
  for (const key of Object.keys(paths)) {
    if (key.startsWith('/') || key.startsWith('x-')) continue
    pathKeys = true
    error(`the path "${key}" must begin with "/" (write "/${key}")`, ['paths', key])
  }
  for (const [param, here] of parameters(doc)) {
    if (!isObj(param) || '$ref' in param) continue
    const name = typeof param.name === 'string' ? `"${param.name}"` : 'without a name'
    if (typeof param.in === 'string' && !LOCATIONS.includes(param.in)) {
      covered.push(here)
      const hint = ['body', 'formData'].includes(param.in)
        ? ' (a Swagger 2.0 location: in 3.x, use requestBody)'
        : ''
      error(`parameter ${name}: "in" must be query, header, path or cookie, not "${param.in}"${hint}`, [
        ...here,
        'in',
      ])
    } else if (param.in === 'path' && param.required !== true) {
      diagnostics.push({
        severity: 'warning',
        code: 'openapi',
        message: `OpenAPI: path parameter ${name} lacks "required: true"; it is shown as required, as a path parameter always is`,
        at: locate('required' in param ? [...here, 'required'] : here),
      })
      param.required = true
    }
  }
  for (const [server, at] of servers(doc)) {
    for (const name of undeclaredVariables(server))
      diagnostics.push({
        severity: 'warning',
        code: 'openapi',
        message: `OpenAPI: the server URL names {${name}} but its variables do not declare it; the samples write "${name}" there`,
        at: locate([...at, 'url']),
      })
    for (const [name, v] of Object.entries(isObj(server.variables) ? server.variables : {}))
      if (isObj(v) && Array.isArray(v.enum) && v.default !== undefined && !v.enum.includes(v.default))
        diagnostics.push({
          severity: 'warning',
          code: 'openapi',
          message: `OpenAPI: the default "${String(v.default)}" of server variable ${name} is not one of its values (${v.enum.map(String).join(', ')})`,
          at: locate([...at, 'variables', name, 'default']),
        })
  }
  const schemes =
    isObj(doc.components) && isObj(doc.components.securitySchemes) ? doc.components.securitySchemes : {}
  for (const [requirement, at] of securityRequirements(doc))
    for (const key of Object.keys(requirement))
      if (!Object.hasOwn(schemes, key))
        diagnostics.push({
          severity: 'warning',
          code: 'openapi',
          message: `OpenAPI: the security requirement names "${key}", which components.securitySchemes does not declare; it is shown by its name alone`,
          at: locate([...at, key]),
        })
  return { diagnostics, covered, pathKeys }
}

/**
 * Each entry of the lists named `field` in the document: its own, its path items' and webhooks'
 * (with `items`) and their operations', with its JSON path.
 */
function listed(doc: Obj, field: string, items: boolean): Array<[unknown, Segments]> {
  const out: Array<[unknown, Segments]> = []
  const list = (v: unknown, at: Segments) => {
    if (Array.isArray(v)) v.forEach((e, i) => out.push([e, [...at, i]]))
  }
  list(doc[field], [field])
  for (const root of ['paths', 'webhooks'] as const)
    for (const [key, item] of Object.entries(isObj(doc[root]) ? doc[root] : {})) {
      if (!isObj(item)) continue
      if (items) list(item[field], [root, key, field])
      for (const method of METHODS)
        if (isObj(item[method])) list((item[method] as Obj)[field], [root, key, method, field])
    }
  return out
}

const objects = (entries: Array<[unknown, Segments]>) =>
  entries.filter((e): e is [Obj, Segments] => isObj(e[0]))

/** Every security requirement of the document (its own and its operations'). */
const securityRequirements = (doc: Obj) => objects(listed(doc, 'security', false))

/** Every server object of the document (its own, its path items' and operations'). */
const servers = (doc: Obj) => objects(listed(doc, 'servers', true))

/** Every parameter of the document (of path items, operations, webhooks, components). */
function parameters(doc: Obj): Array<[unknown, Segments]> {
  const components =
    isObj(doc.components) && isObj(doc.components.parameters) ? doc.components.parameters : {}
  return [
    ...listed(doc, 'parameters', true),
    ...Object.entries(components).map(([key, p]): [unknown, Segments] => [
      p,
      ['components', 'parameters', key],
    ]),
  ]
}
