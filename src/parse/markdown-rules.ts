import type { default as MarkdownItClass } from 'markdown-it'
import { NO_LINK_CHECK, pathnameHref } from '../urls.js'

type MarkdownIt = InstanceType<typeof MarkdownItClass>
import type { MarkdownEnv, MarkdownLabels } from './markdown-env.js'
import { escapeHtml } from '../text.js'

/**
 * The opening HTML of an admonition (`:::tip` or a GitHub alert): its title is the one written,
 * else the kind's label in the page's language. `caution` looks like `warning` and keeps its own
 * class (a Docusaurus site's CSS may style `.theme-admonition-caution`).
 */
export function admonitionOpen(
  kind: string,
  title: string | undefined,
  labels: MarkdownLabels,
  /** The title as HTML, when it was written in markdown (`:::tip Use *this*`). */
  titleHtml?: string,
): string {
  const heading = titleHtml || escapeHtml(title || labels.admonitions[kind] || kind)
  const cls = kind === 'caution' ? 'warning admonition-caution' : kind
  return `<div class="admonition admonition-${cls}"><div class="admonition-heading">${heading}</div><div class="admonition-content">\n`
}

/** Prefix of the placeholder href a markdown link gets until the route table can resolve it. */
export const LINK_PLACEHOLDER = 'docs-site-link:'

export interface FenceInfo {
  lang: string
  title: string | undefined
  highlightLines: Set<number>
  showLineNumbers: boolean
  /** The first line's number (`showLineNumbers=42`), when not 1. */
  firstLine?: number
}

/** Parses "json title="Request" {1,3-5} showLineNumbers". */
export function parseFenceInfo(info: string): FenceInfo {
  const lang = /^\S*/.exec(info.trim())?.[0] ?? ''
  const rest = info.trim().slice(lang.length)
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(rest)
  const ranges = /\{([\d,\s-]+)\}/.exec(rest.replace(/title=(?:"[^"]*"|'[^']*'|\S+)/, ''))
  const highlightLines = new Set<number>()
  for (const part of ranges?.[1]?.split(',') ?? []) {
    const [a, b] = part.trim().split('-').map(Number)
    if (a === undefined || Number.isNaN(a)) continue
    for (let n = a; n <= (b && !Number.isNaN(b) ? b : a); n++) highlightLines.add(n)
  }
  const first = Number(/\bshowLineNumbers=(\d+)/.exec(rest)?.[1] ?? 1)
  return {
    lang: lang.startsWith('{') ? '' : lang,
    title: title ? (title[1] ?? title[2] ?? title[3]) : undefined,
    highlightLines,
    showLineNumbers: /\bshowLineNumbers\b/.test(rest),
    ...(first !== 1 ? { firstLine: first } : {}),
  }
}

/** `## Heading {#custom-id}` sets the id (Docusaurus syntax) and drops the suffix from the text. */
export function addHeadingIdRule(md: MarkdownIt): void {
  md.core.ruler.push('heading_custom_id', (state) => {
    state.tokens.forEach((t, i) => {
      if (t.type !== 'heading_open') return
      const inline = state.tokens[i + 1]!
      // Any id but spaces and braces (`{#cài-đặt}`), unless the brace is escaped (`\{#x}`).
      const m = /\s*(?<!\\)\{#([^\s{}]+)\}\s*$/u.exec(inline.content)
      if (!m) return
      t.attrSet('id', m[1]!)
      inline.content = inline.content.slice(0, m.index)
      const last = inline.children?.[inline.children.length - 1]
      if (last?.type === 'text') last.content = last.content.replace(/\s*\{#[^\s{}]+\}\s*$/u, '')
    })
  })
}

/** Collects every markdown link with its source line and swaps its href for a placeholder. */
export function addLinkRule(md: MarkdownIt): void {
  md.core.ruler.push('collect_links', (state) => {
    const env = state.env as unknown as MarkdownEnv
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue
      for (const t of block.children) {
        if (t.type !== 'link_open' || t.attrGet('class') === 'hash-link') continue
        let href = String(t.attrGet('href') ?? '')
        // A link written in a partial is relative to the partial's folder.
        if (env.rebase) t.attrSet('href', (href = env.rebase(href)))
        const pathname = pathnameHref(href, env.baseUrl)
        if (pathname !== undefined) {
          t.attrSet('href', pathname)
          t.attrSet(NO_LINK_CHECK, '')
          continue
        }
        if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(href)) {
          if (/^https?:|^\/\//i.test(href)) {
            t.attrSet('target', '_blank')
            t.attrSet('rel', 'noopener noreferrer')
          }
          continue
        }
        const [line, column] = locate(env, block.map, href)
        t.attrSet('href', LINK_PLACEHOLDER + env.links.length)
        env.links.push({ href, at: { file: env.file, line, column } })
      }
    }
  })
}

function locate(env: MarkdownEnv, map: [number, number] | null, href: string): [number, number] {
  const [from, to] = map ?? [0, env.lines.length]
  let decoded = href
  try {
    decoded = decodeURI(href)
  } catch {
    // Malformed escapes: search for the href as written only.
  }
  for (const needle of [`(${href}`, `"${href}"`, `(${decoded}`, `(<${decoded}`, href, decoded]) {
    for (let i = from; i < Math.max(to, from + 1); i++) {
      const col = env.lines[i]?.indexOf(needle) ?? -1
      if (col >= 0)
        return [
          env.bodyLine + i,
          col + 1 + (needle.startsWith('(<') ? 2 : needle.startsWith('(') || needle.startsWith('"') ? 1 : 0),
        ]
    }
  }
  return [env.bodyLine + from, 1]
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'path',
  'circle',
  'rect',
  'line',
])

/**
 * Warns about raw HTML elements that are opened and never closed (they swallow the rest of the
 * page). An HTML comment never closed is closed where its HTML ends: left open, it would hide the
 * rest of the page in the browser, the table of contents and pager after it included.
 */
export function addUnclosedHtmlRule(md: MarkdownIt): void {
  md.core.ruler.push('unclosed_html', (state) => {
    const env = state.env as unknown as MarkdownEnv
    const closeComment = (t: { content: string }, line: number) => {
      const open = t.content.lastIndexOf('<!--')
      if (open < 0 || t.content.includes('-->', open + 4)) return
      t.content += '-->'
      env.diagnostics.push({
        severity: 'warning',
        code: 'unclosed-html',
        message:
          'this HTML comment is never closed (no -->): the rest of the file is inside it and not shown',
        at: { file: env.file, line: line + (t.content.slice(0, open).match(/\n/g)?.length ?? 0), column: 1 },
      })
    }
    const stack: Array<{ tag: string; line: number }> = []
    // A closing tag with nothing of its page to close would close the page's own layout (its
    // content column, the table of contents after it): it is left out, with a warning.
    const scan = (t: { content: string }, line: number) => {
      let kept = ''
      let from = 0
      for (const m of t.content.matchAll(/<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)\b[^>]*?(\/?)>/g)) {
        if (!m[2]) continue
        const tag = m[2].toLowerCase()
        if (VOID.has(tag) || m[3]) continue
        if (!m[1]) stack.push({ tag, line })
        else {
          const at = stack.map((s) => s.tag).lastIndexOf(tag)
          if (at >= 0) stack.splice(at)
          else {
            kept += t.content.slice(from, m.index)
            from = m.index + m[0].length
            env.diagnostics.push({
              severity: 'warning',
              code: 'unclosed-html',
              message: `</${tag}> closes nothing opened on this page: it is left out (it would close the page's layout)`,
              at: {
                file: env.file,
                line: line + (t.content.slice(0, m.index).match(/\n/g)?.length ?? 0),
                column: 1,
              },
            })
          }
        }
      }
      if (from > 0) t.content = kept + t.content.slice(from)
    }
    for (const t of state.tokens) {
      const line = env.bodyLine + (t.map?.[0] ?? 0)
      if (t.type === 'html_block') {
        closeComment(t, line)
        scan(t, line)
      } else if (t.type === 'inline')
        for (const c of t.children ?? [])
          if (c.type === 'html_inline') {
            closeComment(c, line)
            scan(c, line)
          }
    }
    for (const open of stack) {
      env.diagnostics.push({
        severity: 'warning',
        code: 'unclosed-html',
        message: `<${open.tag}> is never closed`,
        at: { file: env.file, line: open.line, column: 1 },
      })
    }
  })
}

/**
 * An empty header cell (the corner of a table whose first column holds row names) becomes a data
 * cell: a header that names nothing is noise to a screen reader, and axe reports it.
 */
export function addEmptyHeaderCellRule(md: MarkdownIt): void {
  md.core.ruler.push('empty_header_cell', (state) => {
    const tokens = state.tokens
    for (let i = 0; i + 2 < tokens.length; i++) {
      if (tokens[i]!.type !== 'th_open' || tokens[i + 1]!.content.trim() !== '') continue
      if (tokens[i + 2]!.type !== 'th_close') continue
      tokens[i]!.tag = 'td'
      tokens[i + 2]!.tag = 'td'
    }
  })
}

/**
 * Text markdown-it would drop or swallow without a word: past its nesting limit (a list or quote
 * nested ~100 deep), everything after is left out; a `:::` block never closed takes in the rest
 * of the page. Each is a warning at its line.
 */
export function addLostTextRule(md: MarkdownIt): void {
  md.core.ruler.push('lost_text', (state) => {
    const env = state.env as unknown as MarkdownEnv
    const at = (line0: number) => ({ file: env.file, line: env.bodyLine + line0, column: 1 })
    const deepest = state.tokens.find((t) => t.level >= md.options.maxNesting - 1)
    if (deepest)
      env.diagnostics.push({
        severity: 'warning',
        code: 'markdown',
        message: `lists, quotes or blocks nested too deep (markdown-it stops at ${md.options.maxNesting} levels of blocks, about ${md.options.maxNesting / 2} of nested lists): what follows is not shown`,
        at: at(deepest.map?.[0] ?? 0),
      })
    const total = env.lines.length - (env.lines.at(-1) === '' ? 1 : 0)
    for (const t of state.tokens) {
      if (!t.map || !/^container_.+_open$/.test(t.type) || t.map[1] < total) continue
      if (/^\s*:{3,}\s*$/.test(env.lines[t.map[1] - 1] ?? '')) continue
      env.diagnostics.push({
        severity: 'warning',
        code: 'markdown',
        message: `this ${t.info.trim().split(/\s/)[0] ? `:::${t.info.trim().split(/\s/)[0]}` : ':::'} block is never closed (no ::: line): the rest of the page is inside it`,
        at: at(t.map[0]),
      })
    }
  })
}
