import type { SchemaNode } from '../api-types.js'

type Raw = Record<string, unknown>
export interface SchemaContext {
  /** Sanitised markdown → HTML; `at` is where the text is in the document (for its links). */
  readonly markdown: (text: string, at: ReadonlyArray<string | number>) => string
  /** Component schema objects (after dereferencing) → their names, for labels and shared renderings. */
  readonly names: ReadonlyMap<object, string>
  /** Component schemas by name (after dereferencing): where a discriminator's subtypes are found. */
  readonly schemas: ReadonlyMap<string, Record<string, unknown>>
  /** The slug of a named schema's own page. */
  readonly slugOf: (name: string) => string
  /**
   * Nodes this page may still inline, shared by every tree of one page. Past it, a named schema
   * becomes a link to its own rendering and an unnamed one is cut, so no page grows without bound.
   */
  readonly budget: { left: number }
  /** Named schemas a tree links to instead of inlining: each gets its own rendering. */
  readonly refs: Set<string>
  /**
   * Each named schema converted once for the whole spec and shared by every tree that inlines it
   * (memory and time grow with the spec, not with operations × schema size). undefined while it
   * is being converted: a schema met again meanwhile is a cycle.
   */
  readonly shared: Map<string, { node: SchemaNode; size: number; description: unknown } | undefined>
}

/** How many schema nodes one page inlines before it links instead (≈ 0.5 KB of HTML each). */
export const PAGE_BUDGET = 400
/** How many nodes a named schema's own tree inlines before its nested named schemas become links. */
const SCHEMA_BUDGET = 150

export const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A description (markdown) followed by its object's `externalDocs` as a paragraph of its own: a
 * link named by its description, else by its URL, as Redoc shows it. Rendered with the
 * description, its link is rewritten and checked as the description's are, and is in the twin.
 */
export function withExternalDocs(description: unknown, externalDocs: unknown): string | undefined {
  const text = typeof description === 'string' ? description : ''
  const url = isObj(externalDocs) && typeof externalDocs.url === 'string' ? externalDocs.url.trim() : ''
  if (!url) return text || undefined
  const named =
    isObj(externalDocs) && typeof externalDocs.description === 'string' ? externalDocs.description : ''
  const label = (named.trim() || url).replace(/\s+/g, ' ').replace(/[[\]\\]/g, '\\$&')
  const link = `[${label}](<${url.replace(/[<>\s]/g, encodeURIComponent)}>)`
  return text ? `${text}\n\n${link}` : link
}

/** Merges allOf members into one schema (properties, required, the first description). */
function mergeAllOf(schema: Raw, depth = 0): Raw {
  const parts = (schema.allOf as unknown[] | undefined)?.filter(isObj)
  if (!parts?.length || depth > 16) return schema
  const out: Raw = { ...schema }
  delete out.allOf
  const props: Raw = {}
  const required = new Set<string>((schema.required as string[] | undefined) ?? [])
  for (const part of parts.map((p) => mergeAllOf(p, depth + 1))) {
    Object.assign(props, part.properties ?? {})
    for (const r of (part.required as string[] | undefined) ?? []) required.add(r)
    for (const [k, v] of Object.entries(part))
      if (!['properties', 'required'].includes(k) && out[k] === undefined) out[k] = v
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
  add(
    s.exclusiveMinimum,
    typeof s.exclusiveMinimum === 'number'
      ? `> ${s.exclusiveMinimum}`
      : s.exclusiveMinimum === true && s.minimum !== undefined
        ? `≠ ${s.minimum}`
        : '',
  )
  add(s.maximum, `≤ ${s.maximum}`)
  add(
    s.exclusiveMaximum,
    typeof s.exclusiveMaximum === 'number'
      ? `< ${s.exclusiveMaximum}`
      : s.exclusiveMaximum === true && s.maximum !== undefined
        ? `≠ ${s.maximum}`
        : '',
  )
  add(s.multipleOf, `multiple of ${s.multipleOf}`)
  add(s.minLength, `min length ${s.minLength}`)
  add(s.maxLength, `max length ${s.maxLength}`)
  add(s.pattern, `pattern ${s.pattern}`)
  add(s.minItems, `min items ${s.minItems}`)
  add(s.maxItems, `max items ${s.maxItems}`)
  add(s.minProperties, `min properties ${s.minProperties}`)
  add(s.maxProperties, `max properties ${s.maxProperties}`)
  if (s.uniqueItems) c.push('unique items')
  return c.filter(Boolean)
}

const typeName = (t: string, format: unknown) =>
  t === 'string' && (format === 'binary' || format === 'base64') ? 'file' : t

/**
 * Converts a dereferenced schema into a render-ready tree. A named schema met again on its own
 * path (a cycle), or once the page's budget is spent, becomes a link to its shared rendering.
 */
export function toSchemaNode(
  input: unknown,
  ctx: SchemaContext,
  at: ReadonlyArray<string | number>,
  stack: ReadonlySet<object> = new Set(),
  root = true,
): SchemaNode {
  if (input === true || input === undefined) return { type: 'any' }
  if (!isObj(input)) return { type: input === false ? 'never' : 'any' }
  // A $ref with sibling keywords (3.1) dereferences to a shallow copy, so identity is tracked on
  // the shared `properties` object too.
  const identity = isObj(input.properties) ? input.properties : input
  const name = ctx.names.get(input) ?? ctx.names.get(identity)
  if (name) {
    const cycle = stack.has(identity) || (ctx.shared.has(name) && ctx.shared.get(name) === undefined)
    let shared = cycle ? undefined : ctx.shared.get(name)
    if (!cycle && !shared) {
      ctx.shared.set(name, undefined)
      const budget = { left: SCHEMA_BUDGET }
      const node = convert(
        input,
        { ...ctx, budget },
        ['components', 'schemas', name],
        new Set([identity]),
        true,
        name,
      )
      shared = { node, size: SCHEMA_BUDGET - budget.left, description: input.description }
      ctx.shared.set(name, shared)
    }
    // A sibling description (3.1 `$ref` with `description`) belongs to this use, not to the schema.
    if (shared && (root || shared.size <= ctx.budget.left)) {
      ctx.budget.left -= shared.size
      return input !== identity &&
        typeof input.description === 'string' &&
        input.description !== shared.description
        ? { ...shared.node, descriptionHtml: ctx.markdown(input.description, [...at, 'description']) }
        : shared.node
    }
    ctx.refs.add(name)
    return {
      type: name,
      title: name,
      ref: name,
      refSlug: ctx.slugOf(name),
      ...(cycle ? { circular: name } : {}),
      ...(typeof input.description === 'string'
        ? { descriptionHtml: ctx.markdown(input.description, [...at, 'description']) }
        : {}),
    }
  }
  return convert(input, ctx, at, stack, root, undefined)
}

/** The tree of one schema object (its named children shared or linked, see toSchemaNode). */
function convert(
  input: Record<string, unknown>,
  ctx: SchemaContext,
  at: ReadonlyArray<string | number>,
  stack: ReadonlySet<object>,
  root: boolean,
  name: string | undefined,
): SchemaNode {
  const identity = isObj(input.properties) ? input.properties : input
  if (stack.has(identity) && !name) return { type: 'object', circular: 'schema' }
  ctx.budget.left--
  const inner = new Set(stack).add(identity)
  const child = (v: unknown, ...where: Array<string | number>) =>
    toSchemaNode(v, ctx, [...at, ...where], inner, false)
  const s = mergeAllOf(input)
  const types = Array.isArray(s.type) ? (s.type as unknown[]).map(String) : s.type ? [String(s.type)] : []
  // A null among the values says so too: "Possible values" lists the others beside "nullable".
  const nullable =
    s.nullable === true || types.includes('null') || (Array.isArray(s.enum) && s.enum.includes(null))
  const main = types.filter((t) => t !== 'null').map((t) => typeName(t, s.format))
  const spent = ctx.budget.left <= 0 && !root
  const variants = (key: 'oneOf' | 'anyOf') =>
    (s[key] as unknown[] | undefined)
      ?.map((v, i) => [v, i] as const)
      .filter(([v]) => isObj(v) || typeof v === 'boolean')
      .map(([v, i]) => {
        const vo = isObj(v) ? v : {}
        const label = String(
          vo.title ??
            ctx.names.get(vo) ??
            (isObj(vo.properties) ? ctx.names.get(vo.properties) : undefined) ??
            variantLabel(vo) ??
            `Option ${i + 1}`,
        )
        return { label, node: child(v, key, i) }
      })
  const properties =
    !spent && isObj(s.properties)
      ? Object.entries(s.properties).map(([n, v]) => ({ name: n, node: child(v, 'properties', n) }))
      : undefined
  const patternProperties =
    !spent && isObj(s.patternProperties)
      ? Object.entries(s.patternProperties).map(([n, v]) => ({
          name: n,
          node: child(v, 'patternProperties', n),
        }))
      : undefined
  // `items: false` closes a tuple: no items node.
  const items =
    s.items !== undefined && s.items !== false && !Array.isArray(s.items)
      ? child(s.items, 'items')
      : undefined
  const prefixItems = Array.isArray(s.prefixItems)
    ? s.prefixItems.map((v, i) => child(v, 'prefixItems', i))
    : Array.isArray(s.items)
      ? s.items.map((v, i) => child(v, 'items', i))
      : undefined
  // A base schema with a discriminator and subtypes that extend it with `allOf` (3.0's way of
  // writing inheritance): its variants are the subtypes, as Redoc shows them.
  const inherited =
    !spent && !s.oneOf && !s.anyOf && isObj(input.discriminator)
      ? subtypesOf(input, ctx).map(([label, sub]) => ({ label, node: child(sub, 'discriminator', label) }))
      : undefined
  const oneOf = variants('oneOf') ?? (inherited?.length ? inherited : undefined)
  const anyOf = variants('anyOf')
  const type = typeLabel(s, main, items, prefixItems)
  return {
    type,
    ...annotations(s, name, nullable, (text) => ctx.markdown(text, [...at, 'description'])),
    ...(properties ? { properties } : {}),
    ...(patternProperties?.length ? { patternProperties } : {}),
    ...(isObj(s.additionalProperties) && !spent
      ? { additionalProperties: child(s.additionalProperties, 'additionalProperties') }
      : {}),
    ...(s.additionalProperties === false ? { closed: true } : {}),
    ...(items ? { items } : {}),
    ...(prefixItems ? { prefixItems } : {}),
    ...(oneOf ? { oneOf } : {}),
    ...(anyOf ? { anyOf } : {}),
    ...(isObj(s.discriminator) ? { discriminator: String(s.discriminator.propertyName) } : {}),
    ...(spent && (isObj(s.properties) || isObj(s.patternProperties)) ? { truncated: true } : {}),
  }
}

/** The type shown for a schema: its types, else what its keywords imply; arrays by their items. */
function typeLabel(
  s: Raw,
  main: readonly string[],
  items: SchemaNode | undefined,
  prefixItems: readonly SchemaNode[] | undefined,
): string {
  const type =
    main.join(' | ') ||
    (isObj(s.properties)
      ? 'object'
      : s.oneOf
        ? 'one of'
        : s.anyOf
          ? 'any of'
          : s.const !== undefined
            ? typeof s.const
            : Array.isArray(s.enum) && s.enum.length
              ? typeof s.enum.find((e) => e !== null)
              : 'any')
  if (type === 'array' && items) return `${items.ref ?? items.type}[]`
  if (type === 'array' && prefixItems) return `[${prefixItems.map((p) => p.ref ?? p.type).join(', ')}]`
  return type
}

/** What a schema node says of itself: format, title, description, values, flags, constraints. */
function annotations(
  s: Raw,
  name: string | undefined,
  nullable: boolean,
  markdown: (text: string) => string,
): Partial<SchemaNode> {
  const c = constraints(s)
  const described = withExternalDocs(s.description, s.externalDocs)
  return {
    ...(s.format ? { format: String(s.format) } : {}),
    ...(name ? { title: name } : s.title ? { title: String(s.title) } : {}),
    ...(described !== undefined ? { descriptionHtml: markdown(described) } : {}),
    ...(Array.isArray(s.required) ? { required: s.required.map(String) } : {}),
    ...(Array.isArray(s.enum)
      ? { enum: (s.enum as unknown[]).filter((e) => e !== null) }
      : s.const !== undefined
        ? { enum: [s.const], isConst: true }
        : {}),
    ...(s.default !== undefined ? { default: s.default } : {}),
    ...(s.example !== undefined
      ? { example: s.example }
      : Array.isArray(s.examples) && s.examples.length
        ? { example: s.examples[0] }
        : {}),
    ...(nullable ? { nullable } : {}),
    ...(s.readOnly ? { readOnly: true } : {}),
    ...(s.writeOnly ? { writeOnly: true } : {}),
    ...(s.deprecated ? { deprecated: true } : {}),
    ...(c.length ? { constraints: c } : {}),
  }
}

/** 'string', 'integer[]', 'object': a label for an untitled variant of a oneOf or anyOf. */
function variantLabel(v: Raw): string | undefined {
  const t = Array.isArray(v.type) ? v.type.filter((x) => x !== 'null').join(' | ') : v.type
  if (typeof t !== 'string') return v.const !== undefined ? JSON.stringify(v.const) : undefined
  if (t === 'array' && isObj(v.items) && typeof v.items.type === 'string') return `${v.items.type}[]`
  return t
}

/**
 * The subtypes of a base schema with a discriminator, labelled by their discriminator value: its
 * `mapping` (refs or names of component schemas), else every component schema that names the base
 * in its `allOf`, by its name (the discriminator's implicit value).
 */
function subtypesOf(
  base: Record<string, unknown>,
  ctx: SchemaContext,
): Array<[string, Record<string, unknown>]> {
  const d = base.discriminator as Record<string, unknown>
  const mapping = isObj(d.mapping) ? Object.entries(d.mapping) : []
  if (mapping.length)
    return mapping.flatMap(([key, ref]) => {
      const sub = ctx.schemas.get(String(ref).split('/').pop()!)
      return sub && sub !== base ? [[key, sub] as [string, Record<string, unknown>]] : []
    })
  return [...ctx.schemas].filter(([, sub]) => Array.isArray(sub.allOf) && sub.allOf.includes(base))
}
