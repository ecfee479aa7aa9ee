import type { SchemaNode } from '../api-types.js'

type Raw = Record<string, unknown>
export interface SchemaContext {
  /** Sanitised markdown → HTML. */
  readonly markdown: (text: string) => string
  /** Component schema objects (after dereferencing) → their names, for labels and cycle markers. */
  readonly names: ReadonlyMap<object, string>
}

export const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Merges allOf members into one schema (properties, required, the first description). */
function mergeAllOf(schema: Raw): Raw {
  const parts = (schema.allOf as unknown[] | undefined)?.filter(isObj)
  if (!parts?.length) return schema
  const out: Raw = { ...schema }
  delete out.allOf
  const props: Raw = {}
  const required = new Set<string>((schema.required as string[] | undefined) ?? [])
  for (const part of parts.map(mergeAllOf)) {
    Object.assign(props, part.properties ?? {})
    for (const r of (part.required as string[] | undefined) ?? []) required.add(r)
    for (const [k, v] of Object.entries(part)) if (!['properties', 'required'].includes(k) && out[k] === undefined) out[k] = v
  }
  Object.assign(props, schema.properties ?? {})
  if (Object.keys(props).length) out.properties = props
  if (required.size) out.required = [...required]
  if (!out.type && out.properties) out.type = 'object'
  return out
}

function constraints(s: Raw): string[] {
  const c: string[] = []
  const add = (cond: unknown, text: string) => cond !== undefined && c.push(text)
  add(s.minimum, `≥ ${s.minimum}`)
  add(s.exclusiveMinimum, typeof s.exclusiveMinimum === 'number' ? `> ${s.exclusiveMinimum}` : '')
  add(s.maximum, `≤ ${s.maximum}`)
  add(s.exclusiveMaximum, typeof s.exclusiveMaximum === 'number' ? `< ${s.exclusiveMaximum}` : '')
  add(s.multipleOf, `multiple of ${s.multipleOf}`)
  add(s.minLength, `min length ${s.minLength}`)
  add(s.maxLength, `max length ${s.maxLength}`)
  add(s.pattern, `pattern ${s.pattern}`)
  add(s.minItems, `min items ${s.minItems}`)
  add(s.maxItems, `max items ${s.maxItems}`)
  if (s.uniqueItems) c.push('unique items')
  return c.filter(Boolean)
}

/** Converts a dereferenced schema into a render-ready tree, cutting cycles. */
export function toSchemaNode(input: unknown, ctx: SchemaContext, stack: ReadonlySet<object> = new Set()): SchemaNode {
  if (!isObj(input)) return { type: 'any' }
  // A $ref with sibling keywords (3.1) dereferences to a shallow copy, so identity is tracked on
  // the shared `properties` object too.
  const identity = isObj(input.properties) ? input.properties : input
  const name = ctx.names.get(input) ?? ctx.names.get(identity)
  if (stack.has(identity)) return { type: name ?? 'object', circular: name ?? 'schema' }
  const inner = new Set(stack).add(identity)
  const s = mergeAllOf(input)
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [String(s.type)] : []
  const nullable = s.nullable === true || types.includes('null')
  const main = types.filter((t) => t !== 'null')
  const variants = (key: 'oneOf' | 'anyOf') =>
    (s[key] as unknown[] | undefined)?.filter(isObj).map((v, i) => ({ label: String(v.title ?? ctx.names.get(v) ?? `Option ${i + 1}`), node: toSchemaNode(v, ctx, inner) }))
  const properties = isObj(s.properties) ? Object.entries(s.properties).map(([name, v]) => ({ name, node: toSchemaNode(v, ctx, inner) })) : undefined
  const items = s.items !== undefined ? toSchemaNode(s.items, ctx, inner) : undefined
  let type = main.join(' | ') || (properties ? 'object' : s.oneOf ? 'one of' : s.anyOf ? 'any of' : 'any')
  if (type === 'array' && items) type = `${items.type}[]`
  const node: SchemaNode = {
    type,
    ...(s.format ? { format: String(s.format) } : {}),
    ...(name ? { title: name } : s.title ? { title: String(s.title) } : {}),
    ...(typeof s.description === 'string' ? { descriptionHtml: ctx.markdown(s.description) } : {}),
    ...(Array.isArray(s.required) ? { required: s.required as string[] } : {}),
    ...(Array.isArray(s.enum) ? { enum: (s.enum as unknown[]).filter((e) => e !== null) } : s.const !== undefined ? { enum: [s.const] } : {}),
    ...(s.default !== undefined ? { default: s.default } : {}),
    ...(s.example !== undefined ? { example: s.example } : Array.isArray(s.examples) && s.examples.length ? { example: s.examples[0] } : {}),
    ...(nullable ? { nullable } : {}),
    ...(s.readOnly ? { readOnly: true } : {}),
    ...(s.writeOnly ? { writeOnly: true } : {}),
    ...(s.deprecated ? { deprecated: true } : {}),
    ...(constraints(s).length ? { constraints: constraints(s) } : {}),
    ...(properties ? { properties } : {}),
    ...(isObj(s.additionalProperties) ? { additionalProperties: toSchemaNode(s.additionalProperties, ctx, inner) } : {}),
    ...(items ? { items } : {}),
    ...(variants('oneOf') ? { oneOf: variants('oneOf') } : {}),
    ...(variants('anyOf') ? { anyOf: variants('anyOf') } : {}),
    ...(isObj(s.discriminator) ? { discriminator: String(s.discriminator.propertyName) } : {}),
  }
  return node
}

/** An example value for a schema: its own example, default or enum, else one made from the types. */
export function exampleFor(node: SchemaNode, mode: 'request' | 'response', depth = 0): unknown {
  if (node.example !== undefined) return node.example
  if (node.default !== undefined) return node.default
  if (node.enum?.length) return node.enum[0]
  if (node.circular || depth > 8) return {}
  if (node.oneOf?.length) return exampleFor(node.oneOf[0]!.node, mode, depth + 1)
  if (node.anyOf?.length) return exampleFor(node.anyOf[0]!.node, mode, depth + 1)
  if (node.properties) {
    // A request never carries read-only fields; a response never carries write-only ones.
    const shown = node.properties.filter((p) => (mode === 'request' ? !p.node.readOnly : !p.node.writeOnly))
    return Object.fromEntries(shown.map((p) => [p.name, exampleFor(p.node, mode, depth + 1)]))
  }
  if (node.items) return [exampleFor(node.items, mode, depth + 1)]
  const t = node.type.split(' ')[0]
  if (t === 'integer' || t === 'number') return 0
  if (t === 'boolean') return true
  if (t === 'string') {
    const byFormat: Record<string, string> = { 'date-time': '2024-01-01T00:00:00Z', date: '2024-01-01', uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6', email: 'user@example.com', uri: 'https://example.com' }
    return byFormat[node.format ?? ''] ?? 'string'
  }
  return {}
}
