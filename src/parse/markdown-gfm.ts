import type { default as MarkdownItClass } from 'markdown-it'
import footnote from 'markdown-it-footnote'
import taskLists from 'markdown-it-task-lists'
import alerts from 'markdown-it-github-alerts'
import deflist from 'markdown-it-deflist'
import { escapeHtml } from '../text.js'
import type { MarkdownEnv } from './markdown-env.js'
import { admonitionOpen } from './markdown-rules.js'

type MarkdownIt = InstanceType<typeof MarkdownItClass>
type Rule = NonNullable<MarkdownIt['renderer']['rules'][string]>

/** GitHub's alert markers and the admonition each one renders as. */
export const ALERT_KINDS: Readonly<Record<string, string>> = {
  note: 'note',
  tip: 'tip',
  important: 'info',
  warning: 'warning',
  caution: 'danger',
}

/** What every autolink holds: a scheme's name or `www.` (any case), or an e-mail address's `@`. */
const MAY_LINK = /(?:https?|ftp|mailto):|www\.|@/i

/** Stands for "no title written after the marker": the locale's admonition label is used then. */
const DEFAULT_TITLE = '\u0000'

/**
 * What GitHub-Flavored Markdown adds to CommonMark and tables, through the markdown-it plugins
 * GitHub-like renderers share: footnotes, task lists, autolinks (linkify-it, as GitHub: `www.`
 * and `https://` URLs and e-mail addresses, not bare domain names), alerts and definition lists.
 * Strikethrough is part of markdown-it's default preset already.
 */
export function addGfm(md: MarkdownIt): void {
  md.set({ linkify: true })
  // Bare domain names (`config.md`, `example.com`) stay text, as on GitHub; so do `//host` paths.
  md.linkify.set({ fuzzyLink: false }).add('//', null)
  // linkify-it recognises `www.` only in fuzzy mode; GitHub links it, so it is added back here.
  md.linkify.add('www.', {
    validate: (text, pos) =>
      /^[\w-]+(\.[\w-]+)+(\/[^\s<]*[^\s<.,:;"')\]])?/.exec(text.slice(pos))?.[0].length ?? 0,
    normalize: (match) => {
      match.url = 'https://' + match.url
    },
  })
  // markdown-it asks linkify-it about every paragraph, whose test runs a regex with every Unicode
  // space and punctuation mark as a boundary over the whole text. A link of the schemes above
  // (http:, https:, ftp:, mailto:, www.) or an e-mail address needs one of these first.
  const test = md.linkify.test.bind(md.linkify)
  md.linkify.test = (text) => MAY_LINK.test(text) && test(text)
  md.use(footnote)
  keepFirstFootnotes(md)
  addFootnoteLabels(md)
  // Disabled checkboxes wrapped in a <label> with the item's text: the checkbox's accessible name.
  md.use(taskLists, { enabled: false, label: true })
  md.use(alerts, { titles: Object.fromEntries(Object.keys(ALERT_KINDS).map((k) => [k, DEFAULT_TITLE])) })
  md.renderer.rules.alert_open = (tokens, idx, _o, env) => {
    const { kind, title } = alertOf(tokens[idx]!.meta)
    return admonitionOpen(kind, title, (env as unknown as MarkdownEnv).labels)
  }
  md.renderer.rules.alert_close = () => '</div></div>\n'
  md.use(deflist)
}

/** An alert's admonition kind, and its title when one is written after the marker. */
export function alertOf(meta: unknown): { kind: string; title: string | undefined } {
  const { title, type } = meta as { title: string; type: string }
  return { kind: ALERT_KINDS[type] ?? 'note', title: title === DEFAULT_TITLE ? undefined : title }
}

/**
 * Footnote ids carry the page's name (`fn-intro-1`), so two pages shown on one (blog excerpts, a
 * partial) never share an id; the list gets a heading for screen readers and the back-links a
 * label, in the page's language.
 */
function addFootnoteLabels(md: MarkdownIt): void {
  const rules = md.renderer.rules
  const anchor = rules.footnote_anchor as Rule
  // "1", not "[1]" nor "1:1" for a second reference to it, as on GitHub.
  rules.footnote_caption = (tokens, idx) => String((tokens[idx]!.meta as { id: number }).id + 1)
  rules.footnote_block_open = (_t, _i, _o, rawEnv) => {
    const env = rawEnv as unknown as MarkdownEnv
    const heading = escapeHtml(env.labels.footnotes)
    return `<section class="footnotes" data-footnotes>\n<h2 class="sr-only">${heading}</h2>\n<ol class="footnotes-list">\n`
  }
  rules.footnote_anchor = (tokens, idx, options, rawEnv, self) => {
    const env = rawEnv as unknown as MarkdownEnv
    const html = anchor(tokens, idx, options, rawEnv, self)
    const n = Number((tokens[idx]!.meta as { id: number }).id) + 1
    const label = escapeHtml(env.labels.footnoteBack.replace('{n}', String(n)))
    return html.replace('class="footnote-backref"', `class="footnote-backref" aria-label="${label}"`)
  }
}

/**
 * A footnote defined twice keeps its first definition, as GitHub does (markdown-it-footnote keeps
 * the last); the second is dropped with a warning at its line.
 */
function keepFirstFootnotes(md: MarkdownIt): void {
  md.core.ruler.before('footnote_tail', 'footnote_first_definition', (state) => {
    // markdown-it-footnote notes its definitions here: most pages have none, and pay nothing.
    if (!(state.env as { footnotes?: unknown }).footnotes) return
    const env = state.env as unknown as MarkdownEnv
    const seen = new Set<string>()
    const kept: typeof state.tokens = []
    let dropping = false
    state.tokens.forEach((t, i) => {
      if (t.type === 'footnote_reference_open') {
        const label = String((t.meta as { label: string }).label)
        dropping = seen.has(label)
        seen.add(label)
        if (dropping)
          env.diagnostics.push({
            severity: 'warning',
            code: 'markdown',
            message: `footnote [^${label}] is defined again: the first definition is kept, this one is dropped`,
            at: { file: env.file, line: env.bodyLine + (state.tokens[i + 1]?.map?.[0] ?? 0), column: 1 },
          })
      }
      if (!dropping) kept.push(t)
      if (t.type === 'footnote_reference_close') dropping = false
    })
    state.tokens = kept
  })
}
