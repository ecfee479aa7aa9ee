import type { ApiMedia, ApiOperation, ApiParameter, ApiResponse, SchemaNode } from '../types.js'
import { cellText, codeSpan, fence } from '../parse/clean-markdown.js'

/** Where the twin's links lead: absolute URLs of this site. */
export interface ApiTwinContext {
  /** A root-relative path of this site (or a full URL) → absolute URL. */
  readonly absolute: (href: string) => string
  /** Absolute URL of a named schema's page. */
  readonly schemaUrl: (slug: string) => string
}

/**
 * An API operation as Markdown: method and path, description, servers, parameters, body and
 * responses as tables of fields, with their JSON examples. Made from the API model (the same
 * one the page renders), not from the page's HTML.
 */
export function operationMarkdown(op: ApiOperation, ctx: ApiTwinContext): string {
  const out: string[] = [
    `# ${op.summary || op.operationId}`,
    codeSpan(`${op.method.toUpperCase()} ${op.path}`),
  ]
  if (op.kind === 'webhook') out.push('Webhook: the API sends this request to a URL you register.')
  if (op.deprecated) out.push('**Deprecated.**')
  const description = htmlToMarkdown(op.descriptionHtml, ctx)
  if (description) out.push(description)
  if (op.servers.length) out.push(`Servers: ${op.servers.map((s) => s.url).join(', ')}`)
  if (op.security.length)
    out.push(
      `Authentication: ${op.security.map((alt) => alt.map((r) => r.key + (r.scopes.length ? ` (${r.scopes.join(', ')})` : '')).join(' + ') || 'none').join(' or ')}`,
    )
  if (op.parameters.length) out.push('## Parameters', parameterTable(op.parameters, ctx))
  if (op.requestBody) {
    out.push('## Request body')
    if (op.requestBody.required) out.push('Required.')
    const d = htmlToMarkdown(op.requestBody.descriptionHtml, ctx)
    if (d) out.push(d)
    for (const media of op.requestBody.content) out.push(...mediaBlocks(media, ctx))
  }
  if (op.responses.length) {
    out.push('## Responses')
    for (const r of op.responses) out.push(...responseBlocks(r, ctx))
  }
  return out.join('\n\n') + '\n'
}

function parameterTable(params: readonly ApiParameter[], ctx: ApiTwinContext): string {
  const rows = params.map((p) =>
    [
      codeSpan(p.name),
      p.in,
      typeOf(p.schema, ctx),
      p.required ? 'yes' : 'no',
      (
        htmlToMarkdown(p.descriptionHtml, ctx) +
        (p.deprecated ? ' (deprecated)' : '') +
        examplesText(p)
      ).trim(),
    ].map(cellText),
  )
  return markdownTable(['Name', 'In', 'Type', 'Required', 'Description'], rows)
}

/** A parameter's named examples, after its description: ' Examples: `NL` (Netherlands), `VN`.' */
const examplesText = (p: ApiParameter) =>
  p.examples
    ? ` Examples: ${p.examples
        .map(
          (e) =>
            codeSpan(typeof e.value === 'string' ? e.value : JSON.stringify(e.value)) +
            (e.summary ? ` (${e.summary})` : ''),
        )
        .join(', ')}.`
    : ''

function responseBlocks(r: ApiResponse, ctx: ApiTwinContext): string[] {
  const out = [`### ${r.status}`]
  const d = htmlToMarkdown(r.descriptionHtml, ctx)
  if (d) out.push(d)
  if (r.headers.length)
    out.push(
      markdownTable(
        ['Header', 'Type', 'Description'],
        r.headers.map((h) =>
          [codeSpan(h.name), typeOf(h.schema, ctx), htmlToMarkdown(h.descriptionHtml, ctx)].map(cellText),
        ),
      ),
    )
  if (r.links.length)
    out.push(
      markdownTable(
        ['Link', 'Operation', 'Values', 'Description'],
        r.links.map((l) =>
          [
            codeSpan(l.name),
            codeSpan(l.operationId ?? l.operationRef ?? ''),
            [
              ...l.parameters,
              ...(l.requestBody === undefined ? [] : [{ name: 'requestBody', value: l.requestBody }]),
            ]
              .map((p) => `${codeSpan(p.name)} = ${codeSpan(p.value)}`)
              .join(', '),
            htmlToMarkdown(l.descriptionHtml, ctx),
          ].map(cellText),
        ),
      ),
    )
  for (const media of r.content) out.push(...mediaBlocks(media, ctx))
  return out
}

function mediaBlocks(media: ApiMedia, ctx: ApiTwinContext): string[] {
  const out = [`Content type: ${codeSpan(media.mediaType)}`]
  const rows = fieldRows(media.schema, '', ctx, 0)
  if (rows.length) out.push(markdownTable(['Field', 'Type', 'Required', 'Description'], rows))
  else out.push(`Type: ${typeOf(media.schema, ctx)}`)
  for (const ex of media.examples) {
    if (ex.externalValue) out.push(`Example ${ex.name}: ${ctx.absolute(ex.externalValue)}`)
    else
      out.push(
        `Example${ex.summary ? `: ${ex.summary}` : ''}`,
        fence(ex.text, /json/.test(media.mediaType) ? 'json' : ''),
      )
  }
  return out
}

/** Deep enough for real request bodies; a deeper field is still named by its parent's type. */
const MAX_DEPTH = 6

/** One row per field, nested fields as `parent.child`, array items as `list[]`. */
function fieldRows(node: SchemaNode, prefix: string, ctx: ApiTwinContext, depth: number): string[][] {
  if (depth > MAX_DEPTH || node.ref) return []
  const target = node.items && !node.properties ? node.items : node
  const base = target === node ? prefix : `${prefix}[]`
  const rows: string[][] = []
  for (const { name, node: child } of target.properties ?? []) {
    const path = base ? `${base}.${name}` : name
    rows.push(
      [
        codeSpan(path),
        typeOf(child, ctx),
        target.required?.includes(name) ? 'yes' : 'no',
        describe(child, ctx),
      ].map(cellText),
    )
    rows.push(...fieldRows(child, path, ctx, depth + 1))
  }
  for (const alt of [...(target.oneOf ?? []), ...(target.anyOf ?? [])])
    rows.push(...fieldRows(alt.node, base, ctx, depth + 1))
  return rows
}

function typeOf(node: SchemaNode, ctx: ApiTwinContext): string {
  if (node.ref) return node.refSlug ? `[${node.ref}](${ctx.schemaUrl(node.refSlug)})` : node.ref
  if (node.items) return `array of ${typeOf(node.items, ctx)}`
  return [node.type, node.format && `(${node.format})`, node.nullable && 'or null'].filter(Boolean).join(' ')
}

function describe(node: SchemaNode, ctx: ApiTwinContext): string {
  const parts = [node.descriptionHtml ? htmlToMarkdown(node.descriptionHtml, ctx) : '']
  if (node.enum?.length)
    parts.push(`One of: ${node.enum.map((v) => codeSpan(JSON.stringify(v))).join(', ')}.`)
  if (node.constraints?.length) parts.push(`${node.constraints.join(', ')}.`)
  if (node.default !== undefined) parts.push(`Default: ${codeSpan(JSON.stringify(node.default))}.`)
  if (node.example !== undefined) parts.push(`Example: ${codeSpan(JSON.stringify(node.example))}.`)
  return parts.filter(Boolean).join(' ')
}

const markdownTable = (head: string[], rows: string[][]) =>
  [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n')

/**
 * A spec's description HTML (markdown-it output with raw HTML escaped) back to Markdown: the
 * few elements that output has, the rest reduced to text.
 */
export function htmlToMarkdown(html: string, ctx: Pick<ApiTwinContext, 'absolute'>): string {
  return decode(
    html
      .replace(
        /<pre><code[^>]*>([\s\S]*?)<\/code><\/pre>/g,
        (_m, code: string) => `\n\n${fence(decode(code, '<'), '')}\n\n`,
      )
      .replace(/<code>([\s\S]*?)<\/code>/g, (_m, code: string) => codeSpan(decode(code, '<')))
      // A description's headings, without their '#' permalinks.
      .replace(/ ?<a class="hash-link"[^>]*>[^<]*<\/a>/g, '')
      .replace(/<h([1-6])[^>]*>/g, (_m, level: string) => `\n\n${'#'.repeat(Number(level))} `)
      .replace(
        /<a [^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g,
        (_m, href: string, text: string) => `[${text}](${ctx.absolute(decode(href))})`,
      )
      .replace(/<\/?(strong|b)>/g, '**')
      .replace(/<\/?(em|i)>/g, '_')
      .replace(/<li>/g, '\n- ')
      .replace(/<\/(p|ul|ol|h\d|blockquote)>/g, '\n\n')
      .replace(/<br\s*\/?>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Entities decoded; `<` escaped as `\<` in text, where it would read as a tag. */
const decode = (s: string, lt = '\\<') =>
  s.replace(/&(lt|gt|amp|quot|#39|#x27);/g, (_m, e: string) =>
    e === 'lt' ? lt : e === 'gt' ? '>' : e === 'amp' ? '&' : e === 'quot' ? '"' : "'",
  )
