import type { SiteConfig } from '../types.js'
import type { CodeHighlighter } from '../parse/highlight.js'
import type { MarkdownLabels, MarkdownRenderer } from '../parse/markdown.js'
import type { MdxBuild } from './index.js'
import { isMdxFile } from './format.js'

// The build's door to MDX: finds the MDX files among the sources and, only when there is one,
// loads the MDX pipeline (src/mdx/index.ts) and renders them. A site without MDX pays nothing.

export interface MdxUse {
  /** The markdown renderer, answering MDX files with their MDX result. */
  readonly markdown: MarkdownRenderer
  /** Client files of interactive components. */
  readonly files: ReadonlyMap<string, string>
}

export async function useMdx(
  sources: ReadonlyArray<{ absPath: string; file: string; locale: string }>,
  markdown: MarkdownRenderer,
  ctx: { config: SiteConfig; highlighter: CodeHighlighter; labels: (locale: string) => MarkdownLabels },
): Promise<MdxUse> {
  const mdx = sources.filter((s) => isMdxFile(s.file, ctx.config))
  if (mdx.length === 0) return { markdown, files: new Map() }
  const { renderMdxPages } = await import('./index.js')
  const built = await renderMdxPages(mdx, ctx)
  return { markdown: withMdx(markdown, built), files: built.files }
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
