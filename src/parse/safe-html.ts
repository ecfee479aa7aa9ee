import type { default as MarkdownItClass } from 'markdown-it'
import { escapeHtml } from '../text.js'

type MarkdownIt = InstanceType<typeof MarkdownItClass>

// Raw HTML in text that is not the site's own (an OpenAPI document's descriptions, often written
// by Javadoc or a CMS with <p>, <b>, <code>, <table>, <br>): the tags of text formatting are kept,
// each rebuilt from its name and the few attributes allowed for it, every other tag (script,
// style, iframe, form, an event handler, a style attribute) shown as text, as markdown-it shows
// all raw HTML when it is off. A link's or image's URL passes markdown-it's own check, which
// refuses javascript:, vbscript:, file: and data: URLs other than images.

const FORMATTING = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'dd', 'del', 'details', 'div',
  'dl', 'dt', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'ins', 'kbd', 'li',
  'mark', 'ol', 'p', 'pre', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'summary', 'sup',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'tt', 'u', 'ul', 'var',
] // prettier-ignore

/** The attributes kept, by tag; a URL attribute is checked as a link. */
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  abbr: ['title'],
  ol: ['start', 'type'],
  td: ['align', 'colspan', 'rowspan'],
  th: ['align', 'colspan', 'rowspan', 'scope'],
}
const URLS = new Set(['href'])
const KEPT = new Set(FORMATTING)

const TAG =
  /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

/** Text of raw HTML: its entities (`&amp;`) kept as written, nothing that could open a tag. */
const escapeText = (s: string) => s.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Raw HTML with only its formatting tags and their allowed attributes left as tags. */
export function safeHtml(html: string, md: Pick<MarkdownIt, 'validateLink' | 'utils'>): string {
  let out = ''
  let from = 0
  for (const m of html.matchAll(TAG)) {
    out += escapeText(html.slice(from, m.index))
    from = m.index + m[0].length
    const name = m[2]?.toLowerCase()
    // A comment is the author's note, not text.
    if (name === undefined) continue
    if (!KEPT.has(name)) {
      out += escapeText(m[0])
      continue
    }
    if (m[1]) {
      out += `</${name}>`
      continue
    }
    let attributes = ''
    const allowed = ATTRIBUTES[name] ?? []
    for (const a of (m[3] ?? '').matchAll(ATTRIBUTE)) {
      const key = a[1]!.toLowerCase()
      if (!allowed.includes(key)) continue
      // The value as the browser reads it (entities decoded; a URL without the tabs and newlines
      // it drops anywhere, which hid `jav&#x09;ascript:`), then escaped again.
      let value = md.utils.unescapeAll(a[2] ?? a[3] ?? a[4] ?? '')
      if (URLS.has(key)) {
        // eslint-disable-next-line no-control-regex -- the characters a browser's URL parser drops
        value = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$|[\t\n\r]/g, '')
        if (!md.validateLink(value)) continue
      }
      attributes += ` ${key}="${escapeHtml(value)}"`
    }
    out += `<${name}${attributes}${m[4] ? ' /' : ''}>`
  }
  return out + escapeText(html.slice(from))
}

/** Keeps the formatting tags of the raw HTML that markdown-it (with `html: true`) let through. */
export function addSafeHtmlRule(md: MarkdownIt): void {
  md.core.ruler.push('safe_html', (state) => {
    for (const t of state.tokens) {
      if (t.type === 'html_block') t.content = safeHtml(t.content, md)
      else if (t.type === 'inline')
        for (const c of t.children ?? []) if (c.type === 'html_inline') c.content = safeHtml(c.content, md)
    }
  })
}
