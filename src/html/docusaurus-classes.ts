import { createRequire } from 'node:module'
import type * as Htmlparser2Module from 'htmlparser2'
import type { Route } from '../types.js'
import { docusaurusClasses, pageClasses, type ClassedElement } from '../../shared/docusaurus-classes.js'

// In the Docusaurus layout, each element of a rendered page that is the same thing as one of
// Docusaurus's gets Docusaurus's class names beside docs-site's (the table is
// shared/docusaurus-classes.ts), so a site's custom CSS aimed at them applies. Done on the HTML,
// after React rendered it, so the theme's components and the markdown renderers stay the same for
// both layouts (the other layout's pages are not touched). htmlparser2 reads the tags into a tree
// (a rule may look at an element's parents and children), then the start tags that gain classes
// are written again; the rest of the HTML is kept as it is.

/**
 * The HTML with Docusaurus's classes added; with a route, its page's classes too (on `<html>`
 * and `#__root`). A fragment (a lazy sidebar's items) is read as it is, without its surroundings.
 */
export function withDocusaurusClasses(html: string, route?: PageKind): string {
  const nodes = readTags(html)
  const page = route ? routeClasses(route) : []
  const edits: Array<{ node: Node; add: string[] }> = []
  for (const node of nodes) {
    const wanted = docusaurusClasses(node)
    if (page.length && (node.tag === 'html' || node.attr('id') === '__root')) wanted.push(...page)
    if (!wanted.length) continue
    const add = [...new Set(wanted)].filter((c) => !node.classes.includes(c))
    if (add.length) edits.push({ node, add })
  }
  if (!edits.length) return html
  let out = ''
  let at = 0
  for (const { node, add } of edits) {
    out += html.slice(at, node.start) + startTag(html.slice(node.start, node.end), add)
    at = node.end
  }
  return out + html.slice(at)
}

/** What Docusaurus's page classes say of a route: its kind, version and source file. */
export interface PageKind {
  readonly kind: Route['data']['kind']
  readonly version: string | undefined
  readonly source: string | undefined
}

function routeClasses(route: PageKind): string[] {
  // A markdown or MDX page is an MDX page to Docusaurus; a React page is not.
  const mdx = route.kind === 'page' && !/\.[jt]sx?$/.test(route.source ?? '')
  return pageClasses(route.kind, route.version, mdx)
}

/** The start tag with `add` at the end of its class attribute (or a class attribute of its own). */
function startTag(tag: string, add: string[]): string {
  const m = /(\sclass\s*=\s*)("([^"]*)"|'([^']*)')/i.exec(tag)
  if (!m) return tag.replace(/\s*(\/?)>$/, (end) => ` class="${add.join(' ')}"${end.trimStart()}`)
  const value = (m[3] ?? m[4] ?? '').trim()
  const attrAt = tag.indexOf(m[0])
  const quote = m[2]![0]
  const replaced = `${m[1]}${quote}${value ? value + ' ' : ''}${add.join(' ')}${quote}`
  return tag.slice(0, attrAt) + replaced + tag.slice(attrAt + m[0].length)
}

/**
 * htmlparser2, required by the first Docusaurus-layout page (Node keeps it from then on): other
 * sites never pay its start-up.
 */
const requireHere = createRequire(import.meta.url)
const load = () => requireHere('htmlparser2') as typeof Htmlparser2Module

/** The document's elements in order, each knowing its parent and children. */
function readTags(html: string): Node[] {
  const nodes: Node[] = []
  const stack: Node[] = []
  const parser = new (load().Parser)(
    {
      onopentag(name, attribs) {
        const parent = stack.at(-1)
        const node = new Node(name, attribs, parser.startIndex, parser.endIndex + 1, parent)
        nodes.push(node)
        if (parent) (parent.children ??= []).push(node)
        stack.push(node)
      },
      onclosetag() {
        stack.pop()
      },
    },
    // React writes SVG's elements without children as `<path … />`.
    { decodeEntities: true, recognizeSelfClosing: true },
  )
  parser.end(html)
  return nodes
}

/** An element of the document: a class, not closures, since a page of code has tens of thousands. */
class Node implements ClassedElement {
  readonly classes: readonly string[]
  children: Node[] | undefined

  constructor(
    readonly tag: string,
    private readonly attribs: Readonly<Record<string, string>>,
    /** Where the start tag is in the HTML. */
    readonly start: number,
    readonly end: number,
    private readonly up: Node | undefined,
  ) {
    this.classes = attribs.class ? attribs.class.split(/\s+/).filter(Boolean) : []
  }

  has(cls: string): boolean {
    return this.classes.includes(cls)
  }

  list(): readonly string[] {
    return this.classes
  }

  attr(name: string): string | null {
    return this.attribs[name] ?? null
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
