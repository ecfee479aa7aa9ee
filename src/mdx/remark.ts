import { slug as githubSlug } from 'github-slugger'
import { NO_LINK_CHECK, pathnameHref } from '../urls.js'
import { visit, SKIP } from 'unist-util-visit'
import { toString } from 'mdast-util-to-string'
import type { Root, Heading as MdHeading, Nodes, Parents } from 'mdast'
import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx'
import type { Diagnostic, Heading, LinkRef } from '../types.js'
import type { MarkdownLabels } from '../parse/markdown.js'
import { ADMONITIONS } from '../parse/markdown.js'
import { LINK_PLACEHOLDER, parseFenceInfo, type FenceInfo } from '../parse/markdown-rules.js'
import { colocate, relativeFile } from '../parse/assets.js'
import { uniqueSlug, type SlugState } from '../parse/heading-anchors.js'
import { mathAndDiagrams, type MdxDiagrams } from './math-diagrams.js'

// docs-site's own remark plugins for MDX pages: they give an MDX page what the markdown-it
// pipeline gives a markdown page (heading ids and '#' links, admonitions, highlighted code,
// links resolved later against the route table, co-located images), writing into one page env.

/** What one MDX page collects while it compiles. */
export interface MdxPageEnv {
  readonly file: string
  readonly root: string
  readonly baseUrl: string
  /** Source line of the body's first line (front matter offset). */
  readonly bodyLine: number
  readonly lines: readonly string[]
  readonly labels: MarkdownLabels
  readonly links: LinkRef[]
  readonly headings: Heading[]
  readonly diagnostics: Diagnostic[]
  readonly assets: Map<string, string>
  /** HTML made outside React (highlighted code): `<docs-site-raw i="N">` marks where each goes. */
  readonly raw: string[]
  /** How the file is read: MDX, or CommonMark (a `.md` partial under format 'detect'). */
  readonly format: 'mdx' | 'md'
  /** A partial imported by the page: its leading `# heading` stays. */
  readonly partial?: boolean
  /** Text of a leading `# heading`, removed from the body (the theme renders the title). */
  contentTitle?: string
  readonly highlight: (code: string, info: FenceInfo, line: number) => string
  /** Mermaid diagrams of the build's MDX pages (module URL, syntax check). */
  readonly diagrams: MdxDiagrams
}

/** The element the rendered HTML's raw fragment N replaces (see render.ts). */
export const RAW_TAG = 'docs-site-raw'

const attr = (name: string, value: string | null): MdxJsxAttribute => ({
  type: 'mdxJsxAttribute',
  name,
  value,
})

const rawNode = (env: MdxPageEnv, html: string, inline = false): Nodes => {
  env.raw.push(html)
  return {
    type: inline ? 'mdxJsxTextElement' : 'mdxJsxFlowElement',
    name: RAW_TAG,
    attributes: [attr('i', String(env.raw.length - 1))],
    children: [],
  }
}

/** The plugins, in order; `env` is the page being compiled. */
export function docsSiteRemarkPlugins(env: MdxPageEnv) {
  return [
    () => (tree: Root) => headings(tree, env),
    () => (tree: Root) => directives(tree, env),
    () => mathAndDiagrams({ ...env, rawNode: (html, inline) => rawNode(env, html, inline) }),
    () => (tree: Root) => codeAndMarkers(tree, env),
    () => (tree: Root) => linksAndImages(tree, env),
  ]
}

const CUSTOM_ID = /\s*\{#([^\s{}]+)\}\s*$/u

function headings(tree: Root, env: MdxPageEnv): void {
  const slugs: SlugState = { taken: new Set(), next: new Map() }
  const first = tree.children.find((n) => n.type !== 'mdxjsEsm' && n.type !== 'mdxFlowExpression')
  if (!env.partial && first?.type === 'heading' && first.depth === 1) {
    env.contentTitle = toString(first).replace(CUSTOM_ID, '')
    tree.children.splice(tree.children.indexOf(first), 1)
  }
  visit(tree, 'heading', (node: MdHeading) => {
    let custom: string | undefined
    const last = node.children[node.children.length - 1]
    if (last?.type === 'text') {
      const m = CUSTOM_ID.exec(last.value)
      if (m) {
        custom = m[1]
        last.value = last.value.slice(0, m.index)
      }
    }
    const text = toString(node).trim()
    const id = uniqueSlug(custom ?? githubSlug(text), slugs)
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } }
    const label = env.labels.directLink.replace('{heading}', text)
    node.children.push({ type: 'text', value: ' ' }, {
      type: 'mdxJsxTextElement',
      name: 'a',
      attributes: [
        attr('className', 'hash-link'),
        attr('href', `#${id}`),
        attr('aria-label', label),
        attr('title', label),
        // The '#' is not words of the page: search excerpts leave it out.
        attr('data-pagefind-ignore', ''),
      ],
      children: [{ type: 'text', value: '#' }],
    } as never)
    env.headings.push({ level: node.depth, text, id })
    return SKIP
  })
}

/**
 * `:::note[Title]` → `<Admonition type="note" title="Title">`. Any other directive was not meant
 * as one (`Note:this`, a time `at 10:30`): it goes back to the text it was written as.
 */
function directives(tree: Root, _env: MdxPageEnv): void {
  visit(tree, (node, index, parent: Parents | undefined) => {
    if (node.type === 'containerDirective' && (ADMONITIONS as readonly string[]).includes(node.name)) {
      const label = node.children[0]
      let title: string | undefined
      if (label?.type === 'paragraph' && label.data?.directiveLabel) {
        title = toString(label)
        node.children.shift()
      }
      const element = {
        type: 'mdxJsxFlowElement',
        name: 'Admonition',
        attributes: [attr('type', node.name), ...(title ? [attr('title', title)] : [])],
        children: node.children,
      }
      parent!.children.splice(index!, 1, element as never)
      return
    }
    if (
      node.type === 'textDirective' ||
      node.type === 'leafDirective' ||
      node.type === 'containerDirective'
    ) {
      const colons = node.type === 'textDirective' ? ':' : node.type === 'leafDirective' ? '::' : ':::'
      const inner = toString(node)
      const text = { type: 'text', value: `${colons}${node.name}${inner ? `[${inner}]` : ''}` }
      parent!.children.splice(
        index!,
        1,
        (node.type === 'textDirective' ? text : { type: 'paragraph', children: [text] }) as never,
      )
    }
  })
}

/** Fenced code → shiki's HTML; `{/* truncate *\/}` → the blog's excerpt marker. */
function codeAndMarkers(tree: Root, env: MdxPageEnv): void {
  visit(tree, (node, index, parent: Parents | undefined) => {
    if (!parent || index === undefined) return
    if (node.type === 'code') {
      const info = parseFenceInfo(`${node.lang ?? ''} ${node.meta ?? ''}`)
      const line = env.bodyLine + (node.position?.start.line ?? 1) - 1
      parent.children.splice(index, 1, rawNode(env, env.highlight(node.value, info, line)) as never)
      return SKIP
    }
    if (node.type === 'mdxFlowExpression' && /^\s*\/\*\s*truncate\s*\*\/\s*$/.test(node.value)) {
      parent.children.splice(index, 1, rawNode(env, '\n<!-- truncate -->\n') as never)
      return SKIP
    }
  })
}

function linksAndImages(tree: Root, env: MdxPageEnv): void {
  visit(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'image') return
    const pathname = pathnameHref(node.url, env.baseUrl)
    if (pathname !== undefined) {
      node.url = pathname
      node.data = { ...node.data, hProperties: { [NO_LINK_CHECK]: '' } }
      return
    }
    const line0 = (node.position?.start.line ?? 1) - 1
    const map: [number, number] = [line0, (node.position?.end.line ?? line0 + 1) - 1 + 1]
    const file = relativeFile(node.url, node.type === 'image')
    if (file !== undefined) {
      const out = colocate({ ...env, root: env.root }, file, node.url, map)
      node.url = out ? env.baseUrl + out : ''
      return
    }
    if (node.type === 'image') {
      if (node.url.startsWith('/') && !node.url.startsWith('//')) node.url = env.baseUrl + node.url.slice(1)
      return
    }
    if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(node.url)) {
      if (/^https?:|^\/\//i.test(node.url))
        node.data = { ...node.data, hProperties: { target: '_blank', rel: ['noopener', 'noreferrer'] } }
      return
    }
    const href = node.url
    const lineText = env.lines[line0] ?? ''
    const col = lineText.indexOf(`(${href}`)
    node.url = LINK_PLACEHOLDER + env.links.length
    env.links.push({
      href,
      at: {
        file: env.file,
        line: env.bodyLine + line0,
        column: col >= 0 ? col + 2 : (node.position?.start.column ?? 1),
      },
    })
  })
}
