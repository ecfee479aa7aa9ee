import type { HeadAttributeValue, HeadTagConfig, UserConfig } from './types.js'
import { escapeHtml } from './text.js'

// `headTags`, `stylesheets` and `scripts`: tags a site adds to every page's <head> (analytics,
// fonts, verification metas), in Docusaurus's order and shapes. They are written as HTML once,
// when the config is read; every page then carries the same string at the end of its <head>.

/** Tags whose element has no content and no closing tag. */
const VOID = new Set(['base', 'link', 'meta', 'br', 'hr', 'img', 'input', 'source', 'track', 'wbr'])
const TAG_NAME = /^[a-z][a-z0-9-]*$/i
// What the HTML syntax allows in an attribute name, less what would end the tag or the attribute.
const ATTRIBUTE_NAME = /^[^\s"'>/=\p{Cc}]+$/u

/** One problem of the head options: the key path, the message. */
export interface HeadTagProblem {
  readonly path: string
  readonly message: string
}

/** Names that would break the tag (checked before any is written), and scripts without `src`. */
export function headTagProblems(user: Record<string, unknown>): HeadTagProblem[] {
  const out: HeadTagProblem[] = []
  const attributes = (attrs: unknown, at: string) => {
    if (!attrs || typeof attrs !== 'object') return
    for (const name of Object.keys(attrs))
      if (!ATTRIBUTE_NAME.test(name))
        out.push({ path: `${at}.${name}`, message: `is not a valid attribute name` })
  }
  list(user.headTags).forEach((tag, i) => {
    const { tagName, attributes: attrs } = (tag ?? {}) as Partial<HeadTagConfig>
    if (typeof tagName === 'string' && !TAG_NAME.test(tagName))
      out.push({ path: `headTags[${i}].tagName`, message: `"${tagName}" is not a valid tag name` })
    attributes(attrs, `headTags[${i}].attributes`)
  })
  for (const [key, url] of [
    ['scripts', 'src'],
    ['stylesheets', 'href'],
  ] as const)
    list(user[key]).forEach((item, i) => {
      if (typeof item !== 'object' || item === null) return
      if (typeof (item as Record<string, unknown>)[url] !== 'string')
        out.push({ path: `${key}[${i}].${url}`, message: 'is required (a string)' })
      attributes(item, `${key}[${i}]`)
    })
  return out
}

/** The HTML of the site's head tags, '' when it has none. */
export function headTagsHtml(user: UserConfig): string {
  const tags: HeadTagConfig[] = [
    ...(user.headTags ?? []),
    ...(user.stylesheets ?? []).map((s) => ({
      tagName: 'link',
      attributes: typeof s === 'string' ? { rel: 'stylesheet', href: s } : { rel: 'stylesheet', ...s },
    })),
    ...(user.scripts ?? []).map((s) => ({
      tagName: 'script',
      attributes: typeof s === 'string' ? { src: s } : { ...s },
    })),
  ]
  return tags.map(tagHtml).join('')
}

/** The config's value as a list (the schema reports one that is not). */
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

function tagHtml(tag: HeadTagConfig): string {
  const name = tag.tagName.toLowerCase()
  const attrs = Object.entries(tag.attributes ?? {})
    .map(([k, v]) => attribute(k, v))
    .join('')
  if (VOID.has(name)) return `<${name}${attrs}>`
  return `<${name}${attrs}>${tag.innerHTML ?? ''}</${name}>`
}

function attribute(name: string, value: HeadAttributeValue | undefined): string {
  if (value === false || value === undefined || value === null) return ''
  if (value === true) return ` ${name}`
  return ` ${name}="${escapeHtml(String(value))}"`
}
