import path from 'node:path'
import type { Diagnostic, SiteConfig } from '../types.js'
import type { Strings } from '../../theme/i18n/format.js'
import type { MarkdownRenderer } from '../parse/markdown.js'
import { markdownLabels, renderBody } from '../parse/index.js'
import { readPageFile } from '../parse/frontmatter.js'
import { renderComponentPage } from './component.js'
import type { PageSourceFile, ParsedPage } from './types.js'

export interface PageParseContext {
  readonly config: SiteConfig
  readonly markdown: MarkdownRenderer
  readonly strings: (locale: string) => Strings
}

/** 'support/index.md' → 'support'; 'about.tsx' → 'about'. */
export const pagePath = (relPath: string) =>
  relPath.replace(/\.(mdx?|[jt]sx?)$/, '').replace(/(^|\/)index$/, '')

/** Every standalone page; a broken one becomes diagnostics, the others still build. */
export async function parsePages(
  sources: readonly PageSourceFile[],
  ctx: PageParseContext,
): Promise<{ pages: ParsedPage[]; diagnostics: Diagnostic[] }> {
  const pages: ParsedPage[] = []
  const diagnostics: Diagnostic[] = []
  for (const source of sources) {
    // A Docusaurus project's React pages go through the MDX pipeline, as markdown pages do.
    const page =
      source.relPath.endsWith('.tsx') && ctx.config.layout !== 'docusaurus'
        ? await parseComponentPage(source, ctx, diagnostics)
        : parseMarkdownPage(source, ctx, diagnostics)
    if (page) pages.push(page)
  }
  return { pages, diagnostics }
}

function parseMarkdownPage(
  source: PageSourceFile,
  ctx: PageParseContext,
  diagnostics: Diagnostic[],
): ParsedPage | undefined {
  const fm = readPageFile(source, diagnostics)?.fm
  if (!fm || fm.data.draft === true) return undefined
  const rendered = renderBody(
    ctx.markdown,
    source,
    fm,
    markdownLabels(ctx.strings(source.locale)),
    ctx.config,
    diagnostics,
  )
  if (!rendered) return undefined
  const { contentTitle } = rendered
  return page(source, fm.data.title ?? contentTitle, {
    // As Docusaurus shows a markdown page: its own heading, the title in the tab only.
    ...(contentTitle !== undefined && fm.data.title !== undefined && contentTitle !== fm.data.title
      ? { heading: contentTitle }
      : {}),
    description: fm.data.description,
    html: rendered.html,
    links: rendered.links,
    headings: rendered.headings,
    frontMatter: fm.data,
    assets: rendered.assets,
  })
}

async function parseComponentPage(
  source: PageSourceFile,
  ctx: PageParseContext,
  diagnostics: Diagnostic[],
): Promise<ParsedPage | undefined> {
  const rendered = await renderComponentPage(
    source,
    { locale: source.locale, baseUrl: ctx.config.baseUrl },
    diagnostics,
  )
  if (!rendered) return undefined
  return page(source, rendered.title, {
    description: rendered.description,
    html: rendered.html,
    links: [],
    headings: [],
    frontMatter: {},
  })
}

/** A standalone page at its path, titled by its own title or else by its file's name. */
const page = (
  source: PageSourceFile,
  title: string | undefined,
  parts: Omit<ParsedPage, 'kind' | 'source' | 'path' | 'title'>,
): ParsedPage => ({
  kind: 'page',
  source,
  path: pagePath(source.relPath),
  title: title ?? titleFromPath(source.relPath),
  ...parts,
})

const titleFromPath = (relPath: string) => {
  const base = path.posix.basename(pagePath(relPath)) || 'Home'
  return base.charAt(0).toUpperCase() + base.slice(1).replace(/[-_]/g, ' ')
}
