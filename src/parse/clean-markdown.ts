import type MarkdownIt from 'markdown-it'
import type { TwinTemplate } from '../content-types.js'
import { alertOf } from './markdown-gfm.js'
import { ownCopy } from '../text.js'

export type { TwinTemplate }

// Clean Markdown (the pages' Markdown twins, llms-full.txt) written from markdown-it's tokens: no
// HTML (raw HTML keeps only its text), admonitions and alerts as blockquotes with a bold title,
// fences with their language only, footnotes, task lists, definition lists and math in their
// Markdown syntax, a partial's text where it is included.

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

/** How the template marks what each page fills in. */
interface Marks extends TwinContext {
  /** A partial's target, already read from the page (see `twinTemplate`'s `rebase`). */
  readonly placed: (href: string) => string
}

const MARKER = /\0(h|a)([^\0]*)\0/g

/**
 * The template of a body from its tokens, as parsing leaves them before links are swapped for
 * placeholders. `top`: the body of a page, whose leading `# title` the twin writes itself (a
 * partial keeps its own); `rebase`: how a link written in a partial reads from the page.
 */
export function twinTemplate(
  tokens: readonly Token[],
  options: { top: boolean; rebase?: (href: string) => string },
): TwinTemplate {
  const hrefs: string[] = []
  const rebase = options.rebase ?? ((href: string) => href)
  const mark = (href: string) => `\0h${hrefs.push(href) - 1}\0`
  const text = toCleanMarkdown(tokens, options.top, {
    href: (raw) => mark(rebase(raw)),
    placed: mark,
    admonition: (kind) => `\0a${kind}\0`,
  })
  // Its own flat copy: built by concatenation from slices of the source, the text would keep every
  // page's markdown and thousands of pieces alive until the twins are written (+200 MB at 10,000
  // pages).
  return { text: ownCopy(text), hrefs }
}

/** The template's text with its markers filled for one page. */
export const fillTwin = ({ text, hrefs }: TwinTemplate, ctx: TwinContext): string =>
  text.replace(MARKER, (_, kind: string, value: string) =>
    kind === 'h' ? ctx.href(hrefs[Number(value)]!) : ctx.admonition(value),
  )

function toCleanMarkdown(tokens: readonly Token[], top: boolean, ctx: Marks): string {
  const root = tree(tokens)
  const first = root.find((n) => n.token.type !== 'html_block')
  const body =
    top && first?.token.type === 'heading_open' && first.token.tag === 'h1'
      ? root.filter((n) => n !== first)
      : root
  return blocks(body, ctx)
}

function tree(tokens: readonly Token[]): Node[] {
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

const blocks = (nodes: Node[], ctx: Marks): string =>
  nodes
    .map((n) => block(n, ctx))
    .filter((s) => NOT_BLANK.test(s))
    .join('\n\n')

/** What `s.trim() !== ''` tells, without copying `s` (the same whitespace as trim's). */
const NOT_BLANK = /\S/

function prefixLines(text: string, first: string, rest: string): string {
  const lines = text.split('\n')
  let out = (first + lines[0]!).trimEnd()
  for (let i = 1; i < lines.length; i++) out += '\n' + (rest + lines[i]!).trimEnd()
  return out
}

function block(node: Node, ctx: Marks): string {
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
    case 'alert_open': {
      // A GitHub alert: its title as written, else its kind's label, as the page shows it.
      const { kind, title } = alertOf(t.meta)
      return titled(title ? escapeText(title) : ctx.admonition(kind), node, ctx)
    }
    case 'dl_open':
      // Term, then its definitions on the lines below; a blank line before the next term.
      return node.children
        .map((n, i) =>
          n.token.type === 'dt_open'
            ? (i ? '\n\n' : '') + inlineOf(n, ctx)
            : '\n' + prefixLines(blocks(n.children, ctx), ': ', '  '),
        )
        .join('')
    case 'footnote_block_open':
      return node.children
        .map((n) => prefixLines(blocks(n.children, ctx), `[^${footnoteNumber(n.token)}]: `, '    '))
        .join('\n')
    case 'math_block':
      return `$$\n${t.content.replace(/\n$/, '')}\n$$`
    case 'include': {
      // A partial's own template, filled with this body's markers: its links (already read from
      // the page) and its admonitions' titles, which stay markers.
      const partial = (t.meta as { twin?: TwinTemplate }).twin
      return partial ? fillTwin(partial, { href: ctx.placed, admonition: ctx.admonition }) : ''
    }
    default: {
      const kind = /^container_(\w+)_open$/.exec(t.type)?.[1]
      if (kind) {
        const title = t.info.trim().slice(kind.length).trim() || ctx.admonition(kind)
        return titled(title, node, ctx)
      }
      return blocks(node.children, ctx)
    }
  }
}

/** An admonition or alert: a blockquote, its title in bold (an empty one is its title alone). */
const titled = (title: string, node: Node, ctx: Marks) =>
  prefixLines([`**${title}**`, blocks(node.children, ctx)].filter(Boolean).join('\n\n'), '> ', '> ')

/** A footnote's label as written; an inline one (`^[…]`) has its number, as the page shows it. */
const footnoteNumber = (t: Token) => {
  const { id, label } = t.meta as { id: number; label?: string }
  return label ?? String(id + 1)
}

/** A fence long enough not to be closed by backticks inside the code. */
export function fence(code: string, lang: string): string {
  const longest = Math.max(2, longestBackticks(code))
  const ticks = '`'.repeat(longest + 1)
  return `${ticks}${lang}\n${code.replace(/\n$/, '')}\n${ticks}`
}

function table(node: Node, ctx: Marks): string {
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

const inlineOf = (node: Node, ctx: Marks) =>
  node.children
    .filter((c) => c.token.type === 'inline')
    .map((c) => inline(c.token.children ?? [], ctx))
    .join('')

function inline(tokens: Token[], ctx: Marks): string {
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
        // A bare URL linked by GFM's autolinks reads as it is written.
        hrefs.push(t.markup === 'linkify' ? '' : ctx.href(String(t.attrGet('href') ?? '')))
        if (t.markup !== 'linkify') out += '['
        break
      case 'link_close': {
        const href = hrefs.pop()
        if (href) out += `](${href})`
        break
      }
      case 'footnote_ref':
        out += `[^${footnoteNumber(t)}]`
        break
      case 'math_inline':
        out += `$${t.content}$`
        break
      case 'math_block':
      case 'math_inline_bare_block':
        out += `$$${t.content}$$`
        break
      case 'image':
        out += `![${escapeText(t.content)}](${ctx.href(String(t.attrGet('src') ?? ''))})`
        break
      case 'html_inline':
        if (/^<br\b/i.test(t.content)) out += ' '
        // A task list's checkbox (markdown-gfm.ts).
        else if (t.content.startsWith('<input class="task-list-item-checkbox"'))
          // The item's text goes on with the space after the box.
          out += t.content.includes(' checked=""') ? '[x]' : '[ ]'
        break
      default:
        out += t.content
    }
  }
  return out
}

// Tested first: most text has none, and a replace that finds nothing still costs 3× the test.
const SYNTAX = /[\\<*[\]`]/
const SYNTAX_ALL = /[\\<*[\]`]/g
/** Text as markdown: a literal `<` would read as a tag, `*` `_` `[` as syntax. */
export const escapeText = (s: string) => (SYNTAX.test(s) ? s.replace(SYNTAX_ALL, '\\$&') : s)

/** The longest run of backticks in `text` (0 if none). */
function longestBackticks(text: string): number {
  if (!text.includes('`')) return 0
  let longest = 0
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length)
  return longest
}

export function codeSpan(code: string): string {
  const longest = longestBackticks(code)
  const ticks = '`'.repeat(longest + 1)
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : ''
  return `${ticks}${pad}${code}${pad}${ticks}`
}

/**
 * Raw HTML's text: tags and comments dropped (a script's or stylesheet's content too: it is not
 * text a reader sees), a table's cells apart, entities decoded, blank runs collapsed.
 */
export function htmlText(html: string): string {
  return escapeText(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<\/(td|th)>/gi, ' ')
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
