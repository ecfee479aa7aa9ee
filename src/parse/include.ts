import fs from 'node:fs'
import path from 'node:path'
import type { default as MarkdownItClass } from 'markdown-it'
import type { Heading } from '../types.js'
import type { MarkdownEnv } from './markdown-env.js'
import { slugStateOf } from './heading-anchors.js'
import type { TwinTemplate } from '../content-types.js'
import { withinProject } from './assets.js'

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
      // Reported, and the directive dropped; the page's other includes are still read.
      const fail = (message: string) => {
        env.diagnostics.push({
          severity: 'error',
          code: 'markdown',
          message,
          at: { file: env.file, line, column },
        })
        token.content = ''
      }
      if (!env.absPath) {
        fail('include is not available here')
        continue
      }
      const target = path.resolve(path.dirname(env.absPath), m[1]!)
      const chain = [...(env.includeChain ?? [env.absPath])]
      const text = readPartial(target, m[1]!, chain, env)
      if (typeof text !== 'string') {
        fail(text.error)
        continue
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

/** The text of a partial, or why it cannot be included. */
function readPartial(
  target: string,
  written: string,
  chain: readonly string[],
  env: MarkdownEnv,
): string | { error: string } {
  if (chain.includes(target)) {
    const names = [...chain.slice(chain.indexOf(target)), target].map((p) => path.basename(p))
    return { error: `include cycle: ${names.join(' → ')}` }
  }
  let text: string
  try {
    // Only the project's own files: a page must not publish /etc/passwd or a sibling checkout.
    if (!insideProject(target, env))
      return { error: `included file ${written} is outside the project; only its own files can be included` }
    text = fs.readFileSync(target, 'utf8')
  } catch {
    return {
      error: `included file not found: ${written} (${path.posix.join(path.posix.dirname(env.file), written)})`,
    }
  }
  if (text.includes('\0'))
    return { error: `included file ${written} is not a text file (it holds NUL bytes)` }
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
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

/**
 * Whether `target` (symlinks followed) is inside the project: the folder `env.file`, the including
 * file's path relative to the project ('content/docs/a.md'), is relative to.
 */
function insideProject(target: string, env: MarkdownEnv): boolean {
  let root = env.absPath!
  for (let i = env.file.split('/').length; i > 0; i--) root = path.dirname(root)
  return withinProject(root, target)
}
