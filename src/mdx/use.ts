import type { SiteConfig } from '../types.js'
import type { CodeHighlighter } from '../parse/highlight.js'
import type { MarkdownLabels, MarkdownRenderer } from '../parse/markdown.js'
import type { MdxBuild } from './index.js'
import fs from 'node:fs'
import { isMdxFile, looksLikeMdx } from './format.js'

// The build's door to MDX: finds the MDX files among the sources and, only when there is one,
// loads the MDX pipeline (src/mdx/index.ts) and renders them. A site without MDX pays nothing.

export interface MdxUse {
  /** The markdown renderer, answering MDX files with their MDX result. */
  readonly markdown: MarkdownRenderer
  /** The pages compiled as MDX, by absolute path (their titles come from the compiled page). */
  readonly pages: ReadonlySet<string>
  /** Client files of interactive components. */
  readonly files: ReadonlyMap<string, string>
}

export async function useMdx(
  sources: ReadonlyArray<{ absPath: string; file: string; locale: string }>,
  markdown: MarkdownRenderer,
  ctx: { config: SiteConfig; highlighter: CodeHighlighter; labels: (locale: string) => MarkdownLabels },
): Promise<MdxUse> {
  const { mdxFallback } = ctx.config.markdown
  const mdx = sources.filter(
    (s) =>
      isMdxFile(s.file, ctx.config) &&
      // Under mdxFallback a `.md` file is MDX only when it uses MDX (see looksLikeMdx).
      (!mdxFallback || !/\.md$/i.test(s.file) || looksLikeMdx(readOrEmpty(s.absPath))),
  )
  if (mdx.length === 0) return { markdown, pages: new Set(), files: new Map() }
  const { renderMdxPages } = await import('./index.js')
  const built = await renderMdxPages(mdx, ctx)
  return { markdown: withMdx(markdown, built), pages: new Set(built.rendered.keys()), files: built.files }
}

function withMdx(markdown: MarkdownRenderer, built: MdxBuild): MarkdownRenderer {
  return (body, env) => {
    const page = env.absPath === undefined ? undefined : built.rendered.get(env.absPath)
    if (page) return page
    const fallback = env.absPath === undefined ? undefined : built.fallbacks.get(env.absPath)
    const common = markdown(body, env)
    return fallback ? { ...common, diagnostics: [...common.diagnostics, fallback] } : common
  }
}

/** A source's text for the MDX check; one that cannot be read is reported where it is parsed. */
function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
