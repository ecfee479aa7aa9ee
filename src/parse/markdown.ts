import MarkdownIt from 'markdown-it'
import anchor from 'markdown-it-anchor'
import container from 'markdown-it-container'
import { slug as githubSlug } from 'github-slugger'
import type { Diagnostic, Heading, LinkRef } from '../types.js'
import type { CodeHighlighter } from './highlight.js'
import { addLinkRule, addHeadingIdRule, addUnclosedHtmlRule, parseFenceInfo } from './markdown-rules.js'
import { escapeHtml } from '../text.js'
import { addAssetRule } from './assets.js'

/** UI strings the markdown output needs, in the page's locale. */
export interface MarkdownLabels {
  /** '{heading}' is replaced by the heading text. */
  readonly directLink: string
  readonly copy: string
  readonly admonitions: Readonly<Record<string, string>>
}

export interface MarkdownEnv {
  readonly file: string
  /** Source line of the body's first line (front matter offset). */
  readonly bodyLine: number
  readonly lines: readonly string[]
  readonly labels: MarkdownLabels
  readonly baseUrl: string
  /** Absolute project root: relative image and file links are then co-located assets (assets.ts). */
  readonly root?: string
  /** Co-located files the page uses: output path → absolute path. */
  readonly assets: Map<string, string>
  readonly links: LinkRef[]
  readonly headings: Heading[]
  readonly diagnostics: Diagnostic[]
}

export interface RenderedMarkdown {
  readonly html: string
  /** Text of a leading `# heading`, removed from the body (the theme renders the title). */
  readonly contentTitle: string | undefined
  readonly headings: readonly Heading[]
  readonly links: readonly LinkRef[]
  readonly diagnostics: readonly Diagnostic[]
  /** Co-located files the page uses: output path → absolute path. */
  readonly assets: ReadonlyMap<string, string>
}

export type MarkdownRenderer = (
  body: string,
  env: Omit<MarkdownEnv, 'links' | 'headings' | 'diagnostics' | 'lines' | 'assets'>,
) => RenderedMarkdown

export const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger', 'caution'] as const

export interface MarkdownOptions {
  /**
   * Raw HTML passes through (trusted repository content). Off for OpenAPI descriptions: markdown-it
   * then escapes every tag and its validateLink refuses javascript:, vbscript:, file: and non-image
   * data: URLs, which is the sanitising an untrusted spec needs.
   * @default true
   */
  html?: boolean
  /** Swap link hrefs for placeholders resolved against the route table. @default true */
  placeholders?: boolean
}

/** A markdown-it instance: CommonMark + tables, anchors, admonitions, shiki fences. */
export function createMarkdown(
  highlighter: CodeHighlighter,
  options: MarkdownOptions = {},
): MarkdownRenderer {
  const md = new MarkdownIt({ html: options.html ?? true, linkify: false, typographer: false })
  addHeadingIdRule(md)
  md.use(anchor, {
    level: [1, 2, 3, 4, 5, 6],
    slugify: (s: string) => githubSlug(s),
    failOnNonUnique: false,
    tabIndex: false,
    permalink: anchor.permalink.linkInsideHeader({
      symbol: '#',
      placement: 'after',
      class: 'hash-link',
      renderAttrs: (
        slug: string,
        state: {
          env: MarkdownEnv
          tokens: Array<{
            attrGet(n: string): string | null
            type: string
            content: string
            children: unknown[] | null
          }>
        },
      ) => {
        const idx = state.tokens.findIndex((t) => t.type === 'heading_open' && t.attrGet('id') === slug)
        const text = idx >= 0 ? String(state.tokens[idx + 1]!.content) : slug
        const label = state.env.labels.directLink.replace('{heading}', text)
        return { 'aria-label': label, title: label }
      },
    }),
  })
  // Headings are collected after anchor ids exist.
  md.core.ruler.push('collect_headings', (state) => {
    const env = state.env as unknown as MarkdownEnv
    state.tokens.forEach((t, i) => {
      if (t.type !== 'heading_open') return
      const inline = state.tokens[i + 1]!
      const text = (inline.children ?? [])
        .filter((c) => c.type === 'text' || c.type === 'code_inline')
        .map((c) => c.content)
        .join('')
        .trim()
      env.headings.push({ level: Number(t.tag.slice(1)), text, id: String(t.attrGet('id') ?? '') })
    })
  })
  addAssetRule(md)
  if (options.placeholders !== false) addLinkRule(md)
  addUnclosedHtmlRule(md)
  for (const kind of ADMONITIONS) {
    md.use(container, kind, {
      render(tokens: Array<{ nesting: number; info: string }>, idx: number, _o: unknown, env: MarkdownEnv) {
        const token = tokens[idx]!
        if (token.nesting !== 1) return '</div></div>\n'
        const title = token.info.trim().slice(kind.length).trim() || env.labels.admonitions[kind] || kind
        const cls = kind === 'caution' ? 'warning' : kind
        return `<div class="admonition admonition-${cls}"><div class="admonition-heading">${escapeHtml(title)}</div><div class="admonition-content">\n`
      },
    })
  }
  md.renderer.rules.fence = (tokens, idx, _options, rawEnv) => {
    const env = rawEnv as unknown as MarkdownEnv
    const token = tokens[idx]!
    const info = parseFenceInfo(token.info)
    const { html: pre, known } = highlighter.highlight(token.content.replace(/\n$/, ''), {
      lang: info.lang,
      highlightLines: info.highlightLines,
      lineNumbers: info.showLineNumbers,
    })
    if (!known) {
      const line = env.bodyLine + (token.map?.[0] ?? 0)
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
    const title = info.title ? `<div class="code-title">${escapeHtml(info.title)}</div>` : ''
    return `<div class="code-block" data-lang="${escapeHtml(info.lang || 'text')}">${title}<div class="code-wrap">${pre}<button type="button" class="copy-button" aria-label="${escapeHtml(env.labels.copy)}" title="${escapeHtml(env.labels.copy)}"></button></div></div>\n`
  }
  const defaultTable = md.renderer.rules.table_open ?? ((t, i, o, _e, self) => self.renderToken(t, i, o))
  md.renderer.rules.table_open = (t, i, o, e, self) =>
    '<div class="table-wrap">' + defaultTable(t, i, o, e, self)
  md.renderer.rules.table_close = (t, i, o, _e, self) => self.renderToken(t, i, o) + '</div>'
  const defaultImage = md.renderer.rules.image!
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!
    const src = String(token.attrGet('src') ?? '')
    if (src.startsWith('/') && !src.startsWith('//'))
      token.attrSet('src', (env as unknown as MarkdownEnv).baseUrl + src.slice(1))
    token.attrSet('loading', 'lazy')
    token.attrSet('decoding', 'async')
    return defaultImage(tokens, idx, options, env, self)
  }

  return (body, partial) => {
    const env: MarkdownEnv = {
      ...partial,
      lines: body.split('\n'),
      links: [],
      headings: [],
      diagnostics: [],
      assets: new Map(),
    }
    const tokens = md.parse(body, env as unknown as Record<string, unknown>)
    let contentTitle: string | undefined
    const first = tokens.findIndex((t) => t.type !== 'html_block')
    if (tokens[first]?.type === 'heading_open' && tokens[first]!.tag === 'h1') {
      contentTitle = env.headings.find((h) => h.level === 1)?.text
      tokens.splice(first, 3)
    }
    const html = md.renderer.render(tokens, md.options, env as unknown as Record<string, unknown>)
    return {
      html,
      contentTitle,
      headings: env.headings.filter((h) => h.level > 1),
      links: env.links,
      diagnostics: env.diagnostics,
      assets: env.assets,
    }
  }
}
