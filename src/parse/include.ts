import fs from 'node:fs'
import path from 'node:path'
import type { default as MarkdownItClass } from 'markdown-it'
import type { Heading } from '../types.js'
import type { MarkdownEnv } from './markdown-env.js'
import { slugStateOf } from './heading-anchors.js'
import type { TwinTemplate } from '../content-types.js'

type MarkdownIt = InstanceType<typeof MarkdownItClass>

const DIRECTIVE = /^<!--\s*include:\s*(\S+?)\s*-->\s*$/

/** What rendering a partial gives back: its HTML and its headings, for the page's table of contents. */
export interface IncludedPartial {
  readonly html: string
  readonly headings: readonly Heading[]
  /** Its Markdown twin, for the page's (clean-markdown.ts). */
  readonly twin?: TwinTemplate
}

/** Renders a partial's text as markdown in the given environment (the page's renderer). */
export type RenderPartial = (body: string, env: MarkdownEnv) => IncludedPartial

/**
 * `<!-- include: ./_snippet.md -->` on a line of its own puts another markdown file there. Its path
 * is relative to the including file; its own relative links and images are resolved from where it
 * is; it may include others, but not itself through any chain (a cycle is an error, as is a
 * missing file). Files whose name starts with `_` are not pages, so partials live beside pages.
 */
export function addIncludes(md: MarkdownIt, renderPartial: RenderPartial): void {
  md.core.ruler.after('block', 'include_partials', (state) => {
    const env = state.env as unknown as MarkdownEnv
    for (const token of state.tokens) {
      if (token.type !== 'html_block') continue
      const m = DIRECTIVE.exec(token.content.trim())
      if (!m) continue
      const line = env.bodyLine + (token.map?.[0] ?? 0)
      const column = (env.lines[token.map?.[0] ?? 0]?.indexOf(m[1]!) ?? 0) + 1
      const fail = (message: string) => {
        env.diagnostics.push({
          severity: 'error',
          code: 'markdown',
          message,
          at: { file: env.file, line, column },
        })
        token.content = ''
      }
      if (!env.absPath) return fail('include is not available here')
      const target = path.resolve(path.dirname(env.absPath), m[1]!)
      const chain = [...(env.includeChain ?? [env.absPath])]
      if (chain.includes(target)) {
        const names = [...chain.slice(chain.indexOf(target)), target].map((p) => path.basename(p))
        return fail(`include cycle: ${names.join(' → ')}`)
      }
      let text: string
      try {
        text = fs
          .readFileSync(target, 'utf8')
          .replace(/^\uFEFF/, '')
          .replace(/\r\n?/g, '\n')
      } catch {
        return fail(
          `included file not found: ${m[1]} (${path.posix.join(path.posix.dirname(env.file), m[1]!)})`,
        )
      }
      env.includes.push(target)
      const front = /^---\n[\s\S]*?\n---\n/.exec(text)?.[0] ?? ''
      const body = text.slice(front.length)
      const file = path.posix.join(path.posix.dirname(env.file), m[1]!)
      slugStateOf(env)
      const partial = renderPartial(body, {
        ...env,
        file,
        absPath: target,
        bodyLine: front.split('\n').length,
        lines: body.split('\n'),
        headings: [],
        docId: `${env.docId}-${path.basename(target, '.md').replace(/^_/, '')}`,
        includeChain: [...chain, target],
        rebase: rebaseFrom(env, path.dirname(target)),
        counters: {},
      })
      token.type = 'include'
      token.content = partial.html
      token.meta = { headings: partial.headings, twin: partial.twin }
    }
  })
  md.renderer.rules.include = (tokens, idx) => tokens[idx]!.content
}

/**
 * A relative link or image written in a partial points from the partial's folder; the page's
 * links resolve from the page's folder, so the path is rewritten relative to the page.
 */
function rebaseFrom(page: MarkdownEnv, partialDir: string): (href: string) => string {
  const pageDir = path.dirname(page.includeChain?.[0] ?? page.absPath!)
  return (href) => {
    if (/^([a-z][a-z\d+.-]*:|\/|#)/i.test(href) || href === '') return href
    const rel = path.relative(pageDir, path.resolve(partialDir, href)).split(path.sep).join('/')
    return rel.startsWith('.') ? rel : './' + rel
  }
}
