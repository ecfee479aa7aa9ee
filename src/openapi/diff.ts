import type { ApiChanges, ApiOperation, ApiSpec, SchemaNode } from '../api-types.js'

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

function compare(what: string, before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = []
  for (const [k, v] of after) if (!before.has(k)) out.push(`${what} \`${k}\` added (${v})`)
  for (const [k, v] of before) if (!after.has(k)) out.push(`${what} \`${k}\` removed (was ${v})`)
  for (const [k, v] of after)
    if (before.has(k) && before.get(k) !== v) out.push(`${what} \`${k}\` changed: ${before.get(k)} → ${v}`)
  return out
}

const params = (op: ApiOperation) =>
  new Map(
    op.parameters.map((p) => [`${p.in} ${p.name}`, `${p.schema.type}${p.required ? ', required' : ''}`]),
  )
const body = (op: ApiOperation) => fields(op.requestBody?.content[0]?.schema)
const ok = (op: ApiOperation) => fields(op.responses.find((r) => /^2/.test(r.status))?.content[0]?.schema)

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
        ? [`endpoint moved: ${old.method.toUpperCase()} ${old.path} → ${op.method.toUpperCase()} ${op.path}`]
        : []),
      ...(old.deprecated !== op.deprecated
        ? [op.deprecated ? 'now deprecated' : 'no longer deprecated']
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
