import type MarkdownIt from 'markdown-it'
import { createSourceParser } from '../parse/markdown.js'

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number]
interface Node {
  readonly token: Token
  readonly children: Node[]
}

/** What a serialisation needs from the page: final absolute URLs, admonition titles. */
export interface TwinContext {
  /** A link or image target as written → the absolute URL it leads to. */
  readonly href: (raw: string) => string
  /** Default title of an admonition kind in the page's locale ('note' → 'Note'). */
  readonly admonition: (kind: string) => string
}

/**
 * Parses markdown the way the site does (raw HTML allowed, admonitions, `{#id}` headings) without
 * rendering it, so the twin can be written from the tokens: one instance per build.
 */
export function createTwinParser(): (body: string) => Token[] {
  const md = createSourceParser()
  return (body) => md.parse(body, {})
}

/**
 * Clean Markdown from markdown source: no HTML (raw HTML keeps only its text), admonitions as
 * blockquotes with a bold title, fences with their language only, every link absolute. A leading
 * `# title` is dropped: the twin writes its own.
 */
export function toCleanMarkdown(tokens: Token[], ctx: TwinContext): string {
  const root = tree(tokens)
  const first = root.find((n) => n.token.type !== 'html_block')
  const body =
    first?.token.type === 'heading_open' && first.token.tag === 'h1' ? root.filter((n) => n !== first) : root
  return blocks(body, ctx)
}

function tree(tokens: Token[]): Node[] {
  const root: Node[] = []
  const stack: Node[][] = [root]
  for (const token of tokens) {
    const node: Node = { token, children: [] }
    if (token.nesting === -1) {
      stack.pop()
      continue
    }
    stack[stack.length - 1]!.push(node)
    if (token.nesting === 1) stack.push(node.children)
  }
  return root
}

const blocks = (nodes: Node[], ctx: TwinContext): string =>
  nodes
    .map((n) => block(n, ctx))
    .filter((s) => s.trim() !== '')
    .join('\n\n')

const prefixLines = (text: string, first: string, rest: string) =>
  text
    .split('\n')
    .map((l, i) => (i === 0 ? first : rest) + l)
    .map((l) => l.trimEnd())
    .join('\n')

function block(node: Node, ctx: TwinContext): string {
  const t = node.token
  switch (t.type) {
    case 'paragraph_open':
      return inlineOf(node, ctx)
    case 'heading_open':
      return `${'#'.repeat(Number(t.tag.slice(1)))} ${inlineOf(node, ctx)}`
    case 'blockquote_open':
      return prefixLines(blocks(node.children, ctx), '> ', '> ')
    case 'bullet_list_open':
      return node.children.map((item) => prefixLines(blocks(item.children, ctx), '- ', '  ')).join('\n')
    case 'ordered_list_open': {
      const start = Number(t.attrGet('start') ?? 1)
      return node.children
        .map((item, i) => {
          const marker = `${start + i}. `
          return prefixLines(blocks(item.children, ctx), marker, ' '.repeat(marker.length))
        })
        .join('\n')
    }
    case 'fence':
    case 'code_block':
      return fence(t.content, t.type === 'fence' ? (/^\S*/.exec(t.info.trim())?.[0] ?? '') : '')
    case 'hr':
      return '---'
    case 'html_block':
      return htmlText(t.content)
    case 'table_open':
      return table(node, ctx)
    default: {
      const kind = /^container_(\w+)_open$/.exec(t.type)?.[1]
      if (kind) {
        const title = t.info.trim().slice(kind.length).trim() || ctx.admonition(kind)
        return prefixLines(`**${title}**\n\n${blocks(node.children, ctx)}`, '> ', '> ')
      }
      return blocks(node.children, ctx)
    }
  }
}

/** A fence long enough not to be closed by backticks inside the code. */
export function fence(code: string, lang: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length))
  const ticks = '`'.repeat(longest + 1)
  return `${ticks}${lang}\n${code.replace(/\n$/, '')}\n${ticks}`
}

function table(node: Node, ctx: TwinContext): string {
  const rows: string[][] = []
  const walk = (n: Node) => {
    if (n.token.type === 'tr_open') rows.push(n.children.map((cell) => cellText(inlineOf(cell, ctx))))
    else n.children.forEach(walk)
  }
  walk(node)
  if (rows.length === 0) return ''
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(rows[0]!), line(rows[0]!.map(() => '---')), ...rows.slice(1).map(line)].join('\n')
}

/** A table cell: one line, pipes escaped. */
export const cellText = (s: string) => s.replace(/\n/g, ' ').replace(/\|/g, '\\|')

const inlineOf = (node: Node, ctx: TwinContext) =>
  node.children
    .filter((c) => c.token.type === 'inline')
    .map((c) => inline(c.token.children ?? [], ctx))
    .join('')

function inline(tokens: Token[], ctx: TwinContext): string {
  let out = ''
  const hrefs: string[] = []
  for (const t of tokens) {
    switch (t.type) {
      case 'text':
        out += escapeText(t.content)
        break
      case 'code_inline':
        out += codeSpan(t.content)
        break
      case 'strong_open':
      case 'strong_close':
        out += '**'
        break
      case 'em_open':
      case 'em_close':
        out += '_'
        break
      case 's_open':
      case 's_close':
        out += '~~'
        break
      case 'softbreak':
        out += '\n'
        break
      case 'hardbreak':
        out += '\\\n'
        break
      case 'link_open':
        hrefs.push(ctx.href(String(t.attrGet('href') ?? '')))
        out += '['
        break
      case 'link_close':
        out += `](${hrefs.pop()})`
        break
      case 'image':
        out += `![${escapeText(t.content)}](${ctx.href(String(t.attrGet('src') ?? ''))})`
        break
      case 'html_inline':
        if (/^<br\b/i.test(t.content)) out += ' '
        break
      default:
        out += t.content
    }
  }
  return out
}

/** Text as markdown: a literal `<` would read as a tag, `*` `_` `[` as syntax. */
export const escapeText = (s: string) => s.replace(/[\\<*[\]`]/g, (c) => `\\${c}`)

export function codeSpan(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length))
  const ticks = '`'.repeat(longest + 1)
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : ''
  return `${ticks}${pad}${code}${pad}${ticks}`
}

/** Raw HTML's text: tags and comments dropped, entities decoded, blank runs collapsed. */
export function htmlText(html: string): string {
  return escapeText(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<\/(p|div|li|summary|details|h\d|tr)>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(
        /&(lt|gt|amp|quot|#39|nbsp);/g,
        (_m, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'", nbsp: ' ' })[e]!,
      ),
  )
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n\n')
}
