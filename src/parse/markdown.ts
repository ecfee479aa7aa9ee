import MarkdownIt from 'markdown-it'
import type { Diagnostic, Heading, LinkRef, SourceLocation } from '../types.js'
import type { CodeHighlighter } from './highlight.js'
import type { MarkdownEnv, MarkdownLabels } from './markdown-env.js'

export type { MarkdownEnv, MarkdownLabels }
import { addHeadingAnchors } from './heading-anchors.js'
import { addAssetRule } from './assets.js'
import {
  addEmptyHeaderCellRule,
  admonitionOpen,
  addLinkRule,
  addHeadingIdRule,
  addUnclosedHtmlRule,
  addLostTextRule,
  parseFenceInfo,
  type FenceInfo,
} from './markdown-rules.js'
import { addGfm } from './markdown-gfm.js'
import { addMath } from './markdown-math.js'
import { addCodeGroupPanels, renderCodeGroup, wrapPanel } from './code-group.js'
import { addContainer } from './containers.js'
import { addSafeHtmlRule } from './safe-html.js'
import { addIncludes, type IncludedPartial } from './include.js'
import { mermaidAssetDir, mermaidDist, mermaidFigure, mermaidModule } from './mermaid.js'
import { escapeHtml, ownCopy } from '../text.js'
import { twinTemplate, type TwinTemplate } from './clean-markdown.js'
import { magicComments } from './magic-comments.js'

type Md = InstanceType<typeof MarkdownIt>

export interface RenderedMarkdown {
  readonly html: string
  /** Text of a leading `# heading`, removed from the body (the theme renders the title). */
  readonly contentTitle: string | undefined
  readonly headings: readonly Heading[]
  readonly links: readonly LinkRef[]
  readonly diagnostics: readonly Diagnostic[]
  /** Files included, for serve's cache. */
  readonly includes: readonly string[]
  /** Co-located files the page uses: output path → absolute path. */
  readonly assets: ReadonlyMap<string, string>
  /** The body's Markdown twin, made from this parse's tokens (guides' markdown only). */
  readonly twin?: TwinTemplate
}

export type MarkdownRenderer = (
  body: string,
  env: Omit<
    MarkdownEnv,
    | 'links'
    | 'headings'
    | 'diagnostics'
    | 'lines'
    | 'docId'
    | 'includes'
    | 'counters'
    | 'includeChain'
    | 'assets'
  >,
) => RenderedMarkdown

export const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger', 'caution'] as const

export interface MarkdownOptions {
  /**
   * Raw HTML passes through (trusted repository content). `'safe'` for OpenAPI descriptions: only
   * tags of text formatting are kept, with a few attributes (safe-html.ts), every other tag is
   * shown as text, and markdown-it's validateLink refuses javascript:, vbscript:, file: and
   * non-image data: URLs, which is the sanitising an untrusted spec needs.
   * @default true
   */
  html?: boolean | 'safe'
  /** Swap link hrefs for placeholders resolved against the route table. @default true */
  placeholders?: boolean
  /**
   * What authors of guides write beyond CommonMark (GFM footnotes, task lists and autolinks,
   * alerts, definition lists, math, diagrams, code groups, partials). Off for OpenAPI
   * descriptions, which render as they always have. @default true
   */
  extended?: boolean
  /** Called for each ```mermaid fence (build-time syntax check). */
  onDiagram?: (source: string, at: SourceLocation) => void
  /**
   * A leading `# heading` is the page's title, taken out of the body (a doc's). With `false`, a
   * text shown inside a page (an OpenAPI description) keeps its `#` headings, one level down:
   * the page has its own h1. @default true
   */
  titleHeading?: boolean
}

/** A markdown-it instance: CommonMark + tables, anchors, admonitions, shiki fences, and the extensions. */
export function createMarkdown(
  highlighter: CodeHighlighter,
  options: MarkdownOptions = {},
): MarkdownRenderer {
  const extended = options.extended ?? true
  const md = new MarkdownIt({ html: options.html !== false, linkify: false, typographer: false })
  if (options.html === 'safe') addSafeHtmlRule(md)
  addHeadingIdRule(md)
  addHeadingAnchors(md, {
    label: (text, env) => (env as MarkdownEnv).labels.directLink.replace('{heading}', text),
  })
  addHeadingCollection(md)
  addAssetRule(md)
  if (options.placeholders !== false) addLinkRule(md)
  addLostTextRule(md)
  addUnclosedHtmlRule(md)
  addEmptyHeaderCellRule(md)
  addAdmonitions(md)
  md.renderer.rules.fence = fenceRule(highlighter, extended, options.onDiagram)
  addTableAndImageRules(md)
  const render = (body: string, env: MarkdownEnv): IncludedPartial & { contentTitle?: string } => {
    const tokens = md.parse(body, env as unknown as Record<string, unknown>)
    const { twin } = env
    let contentTitle: string | undefined
    const first = tokens.findIndex((t) => t.type !== 'html_block')
    if (options.titleHeading === false) {
      for (const t of tokens)
        if ((t.type === 'heading_open' || t.type === 'heading_close') && t.tag === 'h1') t.tag = 'h2'
    } else if (!env.includeChain && tokens[first]?.type === 'heading_open' && tokens[first]!.tag === 'h1') {
      contentTitle = env.headings.find((h) => h.level === 1)?.text
      tokens.splice(first, 3)
    }
    const html = md.renderer.render(tokens, md.options, env as unknown as Record<string, unknown>)
    return { html, contentTitle, headings: env.headings, twin }
  }
  if (extended) {
    addTwinTemplate(md)
    addGfm(md)
    addMath(md)
    addContainer(md, 'code-group', { render: renderCodeGroup })
    addCodeGroupPanels(md)
    addIncludes(md, (body, env) => render(body, env))
  }
  return (body, partial) => {
    const env: MarkdownEnv = {
      ...partial,
      lines: body.split('\n'),
      links: [],
      headings: [],
      diagnostics: [],
      includes: [],
      counters: {},
      assets: new Map(),
      docId: docIdOf(partial.file),
    }
    const { html, contentTitle, twin } = render(body, env)
    return {
      twin,
      // Flat: the renderer concatenates thousands of pieces, and the young generation's collections
      // copied every piece of every body kept until its page renders (half their time in a build).
      html: ownCopy(html),
      contentTitle,
      headings: env.headings.filter((h) => h.level > 1),
      links: env.links,
      diagnostics: env.diagnostics,
      includes: env.includes,
      assets: env.assets,
    }
  }
}

/** Whether a container's info opens this kind: `tip`, `tip Title`, `tip[Title]`. */
const opensAdmonition = (kind: string) => {
  const opens = new RegExp(`^${kind}(?:[\\s[]|$)`)
  return (params: string) => opens.test(params.trim())
}

/**
 * `:::tip`, `:::tip Title` and `:::tip[Title]` (Docusaurus 3's form). The title's inline markdown
 * (emphasis, code) is rendered by a plain markdown-it, without HTML: a title is not the page.
 */
function addAdmonitions(md: Md): void {
  const titles = new MarkdownIt({ html: false, linkify: false })
  for (const kind of ADMONITIONS) {
    addContainer(md, kind, {
      validate: opensAdmonition(kind),
      render(tokens: Array<{ nesting: number; info: string }>, idx: number, _o: unknown, env: MarkdownEnv) {
        const token = tokens[idx]!
        if (token.nesting !== 1) return '</div></div>\n'
        const rest = token.info.trim().slice(kind.length).trim()
        const title = /^\[(.*)\]$/.exec(rest)?.[1] ?? rest
        return admonitionOpen(kind, title, env.labels, title && titles.renderInline(title))
      },
    })
  }
}

/**
 * The twin is written from the tokens as parsing leaves them, links as written and headings
 * without their '#' permalinks: just after `{#id}` suffixes are taken off the headings, before the
 * rules that add permalinks and swap links for placeholders. A partial's twin goes into its
 * include token (include.ts), where the page's template takes it.
 */
function addTwinTemplate(md: Md): void {
  md.core.ruler.after('heading_custom_id', 'twin_template', (state) => {
    const env = state.env as unknown as MarkdownEnv
    env.twin = twinTemplate(state.tokens, { top: !env.includeChain, rebase: env.rebase })
  })
}

/** The fence renderer: highlighted code (or a diagram, with the extensions on) in its panel. */
function fenceRule(
  highlighter: CodeHighlighter,
  extended: boolean,
  onDiagram: MarkdownOptions['onDiagram'],
): NonNullable<Md['renderer']['rules']['fence']> {
  const mermaidUrl = extended ? lazyMermaidUrl() : undefined
  return (tokens, idx, _options, rawEnv) => {
    const env = rawEnv as unknown as MarkdownEnv
    const token = tokens[idx]!
    const info = parseFenceInfo(token.info)
    const line = env.bodyLine + (token.map?.[0] ?? 0)
    if (mermaidUrl && info.lang === 'mermaid') {
      onDiagram?.(token.content, { file: env.file, line, column: 1 })
      return wrapPanel(token, mermaidFigure(token.content, env.baseUrl + mermaidUrl(), env.labels))
    }
    const panel = (token.meta as { panel?: { label: string } } | null)?.panel?.label
    return wrapPanel(token, renderFence(highlighter, token.content, info, env, line, panel))
  }
}

/** 'content/blog/2024-05-01-launch.md' → 'launch': short, and distinct between pages shown together. */
const docIdOf = (file: string) =>
  file
    .split('/')
    .pop()!
    .replace(/\.mdx?$/, '')
    .replace(/^(\d{4}-\d{2}-\d{2}-|\d+[-_.]\s*)/, '')
    .replace(/[^\w-]+/g, '-')
    .toLowerCase() || 'doc'

/** The URL of mermaid's browser module under the base URL, read from the package on first use. */
function lazyMermaidUrl(): () => string {
  let url: string | undefined
  return () => {
    if (url === undefined) {
      const dist = mermaidDist()
      url = `${mermaidAssetDir(dist.hash)}/${mermaidModule(dist.entry)}`
    }
    return url
  }
}

/** A fenced code block: highlighted, with its title and copy button (MDX pages use it too). */
export function renderFence(
  highlighter: CodeHighlighter,
  content: string,
  info: FenceInfo,
  env: Pick<MarkdownEnv, 'diagnostics' | 'file' | 'labels'>,
  line: number,
  /** The label of its tab when the fence is in a code group. */
  tabLabel: string | undefined,
): string {
  const code = content.replace(/\n$/, '')
  // Ranges in the info string win over magic comments, as in Docusaurus.
  const magic = info.highlightLines.size ? undefined : magicComments(code, info.lang)
  const { html: pre, known } = highlighter.highlight(magic?.code ?? code, {
    lang: info.lang,
    highlightLines: magic?.lines ?? info.highlightLines,
    lineNumbers: info.showLineNumbers,
  })
  if (!known) {
    env.diagnostics.push({
      severity: 'warning',
      code: 'markdown',
      message: `unknown code language "${info.lang}", rendered as plain text`,
      at: { file: env.file, line, column: 1 },
      // One warning per language, at its first block: a site's blocks in an unsupported
      // language would otherwise bury every other warning.
      once: `code-language:${info.lang.toLowerCase()}`,
    })
  }
  // In a code group the tab shows the title, or its first words ('Go' of 'Go (net/http)'): the
  // block then keeps its whole title above it.
  const title =
    info.title && info.title !== tabLabel ? `<div class="code-title">${escapeHtml(info.title)}</div>` : ''
  return `<div class="code-block" data-lang="${escapeHtml(info.lang || 'text')}">${title}<div class="code-wrap"${lineStart(info)}>${pre}<button type="button" class="copy-button" aria-label="${escapeHtml(env.labels.copy)}" title="${escapeHtml(env.labels.copy)}"></button></div></div>\n`
}

/** `showLineNumbers=42`: the numbers' CSS counter starts there. */
const lineStart = (info: FenceInfo) =>
  info.showLineNumbers && info.firstLine !== undefined ? ` style="--line-start:${info.firstLine - 1}"` : ''

/** Headings are collected after anchor ids exist; a partial's take their place in the page's order. */
function addHeadingCollection(md: Md): void {
  md.core.ruler.push('collect_headings', (state) => {
    const env = state.env as unknown as MarkdownEnv
    state.tokens.forEach((t, i) => {
      if (t.type === 'include') env.headings.push(...(t.meta as { headings: Heading[] }).headings)
      if (t.type !== 'heading_open') return
      const inline = state.tokens[i + 1]!
      const text = (inline.children ?? [])
        .filter((c) => c.type === 'text' || c.type === 'code_inline')
        .map((c) => c.content)
        .join('')
        .trim()
      // An empty heading (`##` alone) has nothing to list in the table of contents.
      if (text) env.headings.push({ level: Number(t.tag.slice(1)), text, id: String(t.attrGet('id') ?? '') })
    })
  })
}

function addTableAndImageRules(md: Md): void {
  const defaultTable = md.renderer.rules.table_open ?? ((t, i, o, _e, self) => self.renderToken(t, i, o))
  md.renderer.rules.table_open = (t, i, o, e, self) =>
    '<div class="table-wrap">' + defaultTable(t, i, o, e, self)
  md.renderer.rules.table_close = (t, i, o, _e, self) => self.renderToken(t, i, o) + '</div>'
  const defaultImage = md.renderer.rules.image!
  md.renderer.rules.image = (tokens, idx, options, rawEnv, self) => {
    const env = rawEnv as unknown as MarkdownEnv
    const token = tokens[idx]!
    let src = String(token.attrGet('src') ?? '')
    if (env.rebase) token.attrSet('src', (src = env.rebase(src)))
    if (src.startsWith('/') && !src.startsWith('//')) token.attrSet('src', env.baseUrl + src.slice(1))
    token.attrSet('loading', 'lazy')
    token.attrSet('decoding', 'async')
    return defaultImage(tokens, idx, options, rawEnv, self)
  }
}

/**
 * markdown-it set up to read the site's markdown (raw HTML, `{#id}` headings, admonitions)
 * without rendering it: the Markdown twins are written from its tokens.
 */
export function createSourceParser(): Md {
  const md = new MarkdownIt({ html: true, linkify: false, typographer: false })
  addHeadingIdRule(md)
  for (const kind of ADMONITIONS) addContainer(md, kind, { validate: opensAdmonition(kind) })
  return md
}

const plain = new MarkdownIt({ html: true })
const isH1 = (tokens: ReturnType<typeof plain.parse>) => {
  const first = tokens.find((t) => t.type !== 'html_block')
  return first?.type === 'heading_open' && first.tag === 'h1'
}
// `# Title {#custom-id}`: the id is not part of the title.
addHeadingIdRule(plain)
/** Lines read to find a leading `# Title` (front matter and a comment or two come before it). */
/** Lines of a body `leadingTitle` reads (serve decodes a doc's front matter and these only). */
export const TITLE_LINES = 60

/**
 * The text of the `# heading` a body starts with (after any HTML blocks), as the full render
 * finds it: text and inline code of the heading, other markup dropped. Reads only the first
 * lines, with CommonMark's block rules, so a `#` inside a code fence is not a title.
 */
export function leadingTitle(body: string): string | undefined {
  let end = 0
  for (let i = 0; i < TITLE_LINES && end !== -1; i++) end = body.indexOf('\n', end + (i ? 1 : 0))
  const head = end === -1 ? body : body.slice(0, end)
  // Blocks first (what `parse` does before its inline pass over every paragraph): most bodies do
  // not start with a title, and serve asks this of every doc as it starts.
  const blocks: ReturnType<typeof plain.parse> = []
  plain.block.parse(head.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD'), plain, {}, blocks)
  if (!isH1(blocks)) return undefined
  const tokens = plain.parse(head, {})
  const first = tokens.findIndex((t) => t.type !== 'html_block')
  if (!isH1(tokens)) return undefined
  return (tokens[first + 1]?.children ?? [])
    .filter((c) => c.type === 'text' || c.type === 'code_inline')
    .map((c) => c.content)
    .join('')
    .trim()
}
