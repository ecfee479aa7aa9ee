import type { ApiChange, ApiChanges, ApiOperation, ApiSpec, SchemaNode } from '../api-types.js'

/** Flattens a schema into 'field.path' → 'type (required)' for comparison. */
function fields(
  node: SchemaNode | undefined,
  prefix = '',
  required = false,
  out = new Map<string, string>(),
  depth = 0,
): Map<string, string> {
  if (!node || depth > 6) return out
  if (prefix)
    out.set(
      prefix,
      `${node.type}${node.format ? ` (${node.format})` : ''}${required ? ', required' : ''}${node.nullable ? ', nullable' : ''}`,
    )
  for (const p of node.properties ?? [])
    fields(
      p.node,
      prefix ? `${prefix}.${p.name}` : p.name,
      node.required?.includes(p.name) ?? false,
      out,
      depth + 1,
    )
  if (node.items) fields(node.items, `${prefix}[]`, false, out, depth + 1)
  for (const v of [...(node.oneOf ?? []), ...(node.anyOf ?? [])])
    fields(v.node, prefix, false, out, depth + 1)
  return out
}

/**
 * Where each field of `fields` has its anchor on the operation's page, as the API reference draws
 * its schema trees: a property under its parent's anchor plus `-name`, an array's items under the
 * array's own anchor, the n-th oneOf/anyOf variant under `-n`. A shared schema below the top (a
 * link to its own page) has no fields on the page, so none are listed.
 */
function anchors(
  node: SchemaNode | undefined,
  prefix: string,
  anchor: string,
  out = new Map<string, string>(),
  depth = 0,
): Map<string, string> {
  if (!node || depth > 6) return out
  if (prefix && !out.has(prefix)) out.set(prefix, anchor)
  // The top schema's own fields are drawn even when it is a shared one; deeper, a link.
  const top = depth === 0 || (depth === 1 && prefix === '[]')
  if (node.ref && !top) return out
  for (const p of node.properties ?? [])
    anchors(p.node, prefix ? `${prefix}.${p.name}` : p.name, `${anchor}-${p.name}`, out, depth + 1)
  if (node.items) anchors(node.items, `${prefix}[]`, anchor, out, depth + 1)
  const variants = node.oneOf ?? node.anyOf ?? []
  variants.forEach((v, i) => anchors(v.node, prefix, `${anchor}-${i}`, out, depth + 1))
  return out
}

type Side = { fields: Map<string, string>; anchors: Map<string, string> }

function compare(what: string, before: Side, after: Side): ApiChange[] {
  const out: ApiChange[] = []
  const at = (side: Side, k: string, on: 'before' | 'after') => {
    const anchor = side.anchors.get(k)
    return anchor ? { field: { anchor, on } } : {}
  }
  for (const [k, v] of after.fields)
    if (!before.fields.has(k)) out.push({ text: `${what} \`${k}\` added (${v})`, ...at(after, k, 'after') })
  for (const [k, v] of before.fields)
    if (!after.fields.has(k))
      out.push({ text: `${what} \`${k}\` removed (was ${v})`, ...at(before, k, 'before') })
  for (const [k, v] of after.fields)
    if (before.fields.has(k) && before.fields.get(k) !== v)
      out.push({
        text: `${what} \`${k}\` changed: ${before.fields.get(k)} → ${v}`,
        ...at(after, k, 'after'),
      })
  return out
}

const params = (op: ApiOperation): Side => ({
  fields: new Map(
    op.parameters.map((p) => [`${p.in} ${p.name}`, `${p.schema.type}${p.required ? ', required' : ''}`]),
  ),
  anchors: new Map(op.parameters.map((p) => [`${p.in} ${p.name}`, `parameter-${p.in}-${p.name}`])),
})
const side = (schema: SchemaNode | undefined, anchor: string): Side => ({
  fields: fields(schema),
  anchors: anchors(schema, '', anchor),
})
// The first media type of the request body and of the first 2xx response, as the page draws them.
const body = (op: ApiOperation) => side(op.requestBody?.content[0]?.schema, 'request-body')
const ok = (op: ApiOperation) => {
  const r = op.responses.find((x) => /^2/.test(x.status))
  return side(r?.content[0]?.schema, `response-${r?.status}`)
}

/** What changed from `older` to `newer`, operation by operation (matched by operationId). */
export function diffSpecs(older: ApiSpec, newer: ApiSpec, labels: { from: string; to: string }): ApiChanges {
  const before = new Map(older.operations.map((o) => [o.operationId, o]))
  const after = new Map(newer.operations.map((o) => [o.operationId, o]))
  const changed: Array<ApiChanges['changed'][number]> = []
  for (const [id, op] of after) {
    const old = before.get(id)
    if (!old) continue
    const changes = [
      ...(old.method !== op.method || old.path !== op.path
        ? [
            {
              text: `endpoint moved: ${old.method.toUpperCase()} ${old.path} → ${op.method.toUpperCase()} ${op.path}`,
            },
          ]
        : []),
      ...(old.deprecated !== op.deprecated
        ? [{ text: op.deprecated ? 'now deprecated' : 'no longer deprecated' }]
        : []),
      ...compare('parameter', params(old), params(op)),
      ...compare('request field', body(old), body(op)),
      ...compare('response field', ok(old), ok(op)),
    ]
    if (changes.length)
      changed.push({ operationId: id, slug: op.slug, method: op.method, path: op.path, changes })
  }
  return {
    from: labels.from,
    to: labels.to,
    added: newer.operations
      .filter((o) => !before.has(o.operationId))
      .map((o) => ({
        operationId: o.operationId,
        slug: o.slug,
        method: o.method,
        path: o.path,
        summary: o.summary,
      })),
    removed: older.operations
      .filter((o) => !after.has(o.operationId))
      .map((o) => ({ operationId: o.operationId, method: o.method, path: o.path, summary: o.summary })),
    changed,
  }
}
