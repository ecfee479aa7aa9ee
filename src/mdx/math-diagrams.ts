import remarkMath from 'remark-math'
import { visit, SKIP } from 'unist-util-visit'
import type { Root, Parents, Nodes } from 'mdast'
import type { PluggableList } from 'unified'
import type { VFile } from 'vfile'
import type { Diagnostic, SourceLocation } from '../types.js'
import { typesetFormula } from '../parse/markdown-math.js'
import {
  createMermaidChecker,
  mermaidAssetDir,
  mermaidDist,
  mermaidFigure,
  mermaidModule,
  type MermaidChecker,
} from '../parse/mermaid.js'

// Math and Mermaid on MDX pages, made exactly as on markdown pages (src/parse/markdown-math.ts
// and mermaid.ts): the same KaTeX HTML at build time, the same figure the client turns into a
// diagram. Docusaurus sites turn math on with remark-math and rehype-katex in their config; here
// it is always on, like on markdown pages. The config's remark-math is taken out of its list
// (its options, `singleDollarTextMath: false`, are kept), because docs-site parses math itself;
// its rehype-katex, if listed, finds no formula left to typeset, so nothing is typeset twice.

/** What a page's math and diagrams write into: HTML made outside React, its warnings, its file. */
export interface MathEnv {
  readonly file: string
  readonly bodyLine: number
  readonly baseUrl: string
  readonly labels: { diagram: string; diagramError: string }
  readonly diagnostics: Diagnostic[]
  /** A node standing for `html` (see RAW_TAG in remark.ts): flow or inline. */
  readonly rawNode: (html: string, inline: boolean) => Nodes
  readonly diagrams: MdxDiagrams
}

const isRemarkMath = (p: unknown) => p === remarkMath || (typeof p === 'function' && p.name === 'remarkMath')

/**
 * The config's remark plugins without remark-math, and remark-math with the options the config
 * gave it (none: remark-math's defaults).
 */
export function splitRemarkMath(list: readonly unknown[]): { math: PluggableList; rest: PluggableList } {
  let options: unknown
  const rest = list.filter((entry) => {
    const [plugin, opts] = Array.isArray(entry) ? entry : [entry]
    if (!isRemarkMath(plugin)) return true
    options = opts
    return false
  })
  const math = (options ? [[remarkMath, options]] : [remarkMath]) as PluggableList
  return { math, rest: rest as PluggableList }
}

/** `$…$`, `$$…$$` and ```mermaid fences → the HTML markdown pages give them. */
export function mathAndDiagrams(env: MathEnv): (tree: Root, file: VFile) => void {
  return (tree, file) => {
    const source = String(file.value)
    visit(tree, (node, index, parent: Parents | undefined) => {
      if (!parent || index === undefined) return
      const line = env.bodyLine + (node.position?.start.line ?? 1) - 1
      if (node.type === 'code' && node.lang === 'mermaid') {
        env.diagrams.check(node.value, { file: env.file, line, column: 1 }, env.diagnostics)
        const figure = mermaidFigure(node.value, env.baseUrl + env.diagrams.moduleUrl(), env.labels)
        parent.children.splice(index, 1, env.rawNode(figure, false) as never)
        return SKIP
      }
      if (node.type !== 'math' && node.type !== 'inlineMath') return
      const start = node.position?.start.offset ?? 0
      const end = node.position?.end.offset ?? start
      if (node.type === 'inlineMath' && !isFormula(source, start, end)) {
        parent.children.splice(index, 1, { type: 'text', value: source.slice(start, end) } as never)
        return SKIP
      }
      // `$$x$$` inside a line is a display formula, as on markdown pages.
      const block = node.type === 'math' || source.startsWith('$$', start)
      const { html, error } = typesetFormula(node.value, block)
      // As on markdown pages: where the formula's text starts (the line after an opening `$$`).
      const column = (node.position?.start.column ?? 1) + (source.startsWith('$$', start) ? 2 : 1)
      if (error)
        env.diagnostics.push({
          severity: 'warning',
          code: 'markdown',
          message: `math: ${error}`,
          at:
            node.type === 'math'
              ? { file: env.file, line: line + 1, column: 1 }
              : { file: env.file, line, column },
        })
      parent.children.splice(index, 1, env.rawNode(html, node.type === 'inlineMath') as never)
      return SKIP
    })
  }
}

/**
 * Markdown pages' rule for an inline `$…$` (@vscode/markdown-it-katex): the opening `$` is not
 * followed by a space, the closing one is not preceded by one nor followed by a digit. So
 * `$5 and $10` and `$HOME` stay text, where remark-math alone would read a formula.
 */
function isFormula(source: string, start: number, end: number): boolean {
  const open = /^\$+/.exec(source.slice(start, end))?.[0].length ?? 1
  const inner = source.slice(start + open, end - open)
  if (inner.length === 0 || /^\s|\s$/.test(inner)) return false
  return !/\d/.test(source[end] ?? '')
}

/** The diagrams of one build's MDX pages: the module they load and their syntax check. */
export interface MdxDiagrams {
  /** mermaid's browser module under the base URL (the file markdown pages load). */
  moduleUrl(): string
  /** Queues a diagram's syntax check; its warning will go to `diagnostics`, its page's. */
  check(source: string, at: SourceLocation, diagnostics: Diagnostic[]): void
  /** Waits for the checks, started at the first diagram, and files their warnings. */
  settle(): Promise<void>
}

export function mdxDiagrams(): MdxDiagrams {
  let url: string | undefined
  let checker: MermaidChecker | undefined
  const pages = new Map<string, Diagnostic[]>()
  return {
    moduleUrl() {
      if (url === undefined) {
        const dist = mermaidDist()
        url = `${mermaidAssetDir(dist.hash)}/${mermaidModule(dist.entry)}`
      }
      return url
    },
    check(source, at, diagnostics) {
      checker ??= createMermaidChecker()
      pages.set(at.file, diagnostics)
      checker.add(source, at)
    },
    async settle() {
      if (!checker) return
      for (const d of await checker.settle()) if (d.at) pages.get(d.at.file)?.push(d)
    },
  }
}
