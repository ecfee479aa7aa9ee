import type { Route } from '../types.js'
import { docusaurusClasses, pageClasses, type ClassedElement } from '../../shared/docusaurus-classes.js'

// In the Docusaurus layout, each element of a rendered page that is the same thing as one of
// Docusaurus's gets Docusaurus's class names beside docs-site's (the table is
// shared/docusaurus-classes.ts), so a site's custom CSS aimed at them applies. Done on the HTML,
// after React rendered it, so the theme's components and the markdown renderers stay the same for
// both layouts (the other layout's pages are not touched). The tags are read into a tree (start
// and end tags only: a rule may look at an element's parents and children), then the start tags
// that gain classes are written again.

const VOID = new Set('area base br col embed hr img input link meta source track wbr'.split(' '))

/** A comment, a script or style (skipped whole), an end tag, or a start tag with its attributes. */
const TAG =
  /<!--[\s\S]*?-->|<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g

/**
 * The HTML with Docusaurus's classes added; with a route, its page's classes too (on `<html>`
 * and `#__root`). A fragment (a lazy sidebar's items) is read as it is, without its surroundings.
 */
export function withDocusaurusClasses(html: string, route?: Route): string {
  const nodes = readTags(html)
  const page = route ? routeClasses(route) : []
  const edits: Array<{ node: Node; add: string[] }> = []
  for (const node of nodes) {
    const wanted = docusaurusClasses(node)
    if (
      page.length &&
      (node.tag === 'html' || (node.attrs.includes('__root') && node.attr('id') === '__root'))
    )
      wanted.push(...page)
    if (!wanted.length) continue
    const add = [...new Set(wanted)].filter((c) => !node.classes.includes(c))
    if (add.length) edits.push({ node, add })
  }
  if (!edits.length) return html
  let out = ''
  let at = 0
  for (const { node, add } of edits) {
    out += html.slice(at, node.start) + startTag(html.slice(node.start, node.end), node, add)
    at = node.end
  }
  return out + html.slice(at)
}

function routeClasses(route: Route): string[] {
  // A markdown or MDX page is an MDX page to Docusaurus; a React page is not.
  const mdx = route.data.kind === 'page' && !/\.[jt]sx?$/.test(route.source ?? '')
  return pageClasses(route.data.kind, route.version, mdx)
}

/** The start tag with `add` at the end of its class attribute (or a class attribute of its own). */
function startTag(tag: string, node: Node, add: string[]): string {
  const m = /(\sclass\s*=\s*)("([^"]*)"|'([^']*)')/i.exec(node.attrs)
  if (!m) return tag.replace(/\s*(\/?)>$/, (end) => ` class="${add.join(' ')}"${end.trimStart()}`)
  const value = (m[3] ?? m[4] ?? '').trim()
  const attrAt = tag.indexOf(m[0])
  const quote = m[2]![0]
  const replaced = `${m[1]}${quote}${value ? value + ' ' : ''}${add.join(' ')}${quote}`
  return tag.slice(0, attrAt) + replaced + tag.slice(attrAt + m[0].length)
}

/** The document's elements in order, each knowing its parent and children. */
function readTags(html: string): Node[] {
  const nodes: Node[] = []
  const stack: Node[] = []
  TAG.lastIndex = 0
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (m[2]) {
      const name = m[2].toLowerCase()
      // An end tag closes what is still open inside its element; a stray one closes nothing.
      let i = stack.length - 1
      while (i >= 0 && stack[i]!.tag !== name) i--
      if (i >= 0) stack.length = i
      continue
    }
    if (!m[3]) continue
    const tag = m[3].toLowerCase()
    const parent = stack.at(-1)
    const node = new Node(tag, m[4] ?? '', m.index, m.index + m[0].length, parent)
    nodes.push(node)
    if (parent) (parent.children ??= []).push(node)
    if (!m[5] && !VOID.has(tag)) stack.push(node)
  }
  return nodes
}

const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
const CLASS_ATTR = /(?:^|\s)class\s*=\s*(?:"([^"]*)"|'([^']*)')/i

/** An element of the document: a class, not closures, since a page of code has tens of thousands. */
class Node implements ClassedElement {
  readonly classes: readonly string[]
  children: Node[] | undefined
  #values: Map<string, string> | undefined

  constructor(
    readonly tag: string,
    readonly attrs: string,
    /** Where the start tag is in the HTML. */
    readonly start: number,
    readonly end: number,
    private readonly up: Node | undefined,
  ) {
    const m = attrs.includes('class') ? CLASS_ATTR.exec(attrs) : null
    this.classes = m ? (m[1] ?? m[2] ?? '').split(/\s+/).filter(Boolean) : []
  }

  has(cls: string): boolean {
    return this.classes.includes(cls)
  }

  list(): readonly string[] {
    return this.classes
  }

  attr(name: string): string | null {
    if (!this.#values) {
      this.#values = new Map()
      for (const m of this.attrs.matchAll(ATTR))
        this.#values.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '')
    }
    return this.#values.get(name) ?? null
  }

  parent(): Node | undefined {
    return this.up
  }

  contains(tag: string, cls: string, attr?: string): boolean {
    return (this.children ?? []).some(
      (c) =>
        ((!tag || c.tag === tag) && (!cls || c.has(cls)) && (attr === undefined || c.attr(attr) !== null)) ||
        c.contains(tag, cls, attr),
    )
  }
}
