import { compile } from '@mdx-js/mdx'
import remarkGfm from 'remark-gfm'
import remarkDirective from 'remark-directive'
import type { PluggableList } from 'unified'
import type { SiteConfig } from '../types.js'
import { preprocessMdx } from './preprocess.js'
import { docsSiteRemarkPlugins, type MdxPageEnv } from './remark.js'
import { splitRemarkMath } from './math-diagrams.js'

/** A plugin entry of the config (a plugin, or `[plugin, options]`), as unified takes it. */
const plugins = (list: readonly unknown[]) => list as PluggableList

/** Where MDX's own error puts the problem, for a `file:line:col` diagnostic. */
export interface MdxSyntaxError {
  readonly message: string
  readonly line: number | undefined
  readonly column: number | undefined
  readonly rule: string | undefined
}

/**
 * MDX source (the body, after the front matter) → an ES module whose default export is the page
 * component. Docusaurus's order: the config's `beforeDefaultRemarkPlugins`, then the defaults
 * (GFM, directives, math, heading ids, admonitions), then the config's `remarkPlugins`; formulas
 * are typeset, diagrams made, code blocks highlighted and links collected after all of them, so a
 * plugin that writes code blocks or links (npm2yarn) gets them highlighted and checked too.
 * `rehypePlugins` run last.
 */
/** The module id MDX modules import their default components from. */
export const MDX_PROVIDER = 'docs-site:mdx-components'

export async function compileMdx(
  body: string,
  absPath: string,
  env: MdxPageEnv,
  config: Pick<SiteConfig, 'markdown'>,
): Promise<string | MdxSyntaxError> {
  const [headings, directives, mathAndDiagrams, codeAndMarkers, links] = docsSiteRemarkPlugins(env)
  const { math, rest } = splitRemarkMath(config.markdown.remarkPlugins)
  try {
    const file = await compile(
      { value: preprocessMdx(body), path: absPath },
      {
        development: false,
        // The page decides (isMdxFile); a partial `.md` imported under 'detect' is CommonMark, as in
        // Docusaurus. MDX's own default would read every `.md` path as CommonMark.
        format: env.format,
        jsxImportSource: 'react',
        // Every MDX module, a partial it imports too, takes its default components (Admonition,
        // Tabs…, and a Docusaurus site's src/theme/MDXComponents) from here (src/mdx/bundle.ts).
        providerImportSource: MDX_PROVIDER,
        remarkPlugins: [
          ...plugins(config.markdown.beforeDefaultRemarkPlugins),
          remarkGfm,
          remarkDirective,
          ...math,
          headings!,
          directives!,
          ...rest,
          mathAndDiagrams!,
          codeAndMarkers!,
          links!,
        ],
        rehypePlugins: plugins(config.markdown.rehypePlugins),
        remarkRehypeOptions: {
          footnoteLabel: env.labels.footnotes,
          footnoteBackLabel: (i: number) => env.labels.footnoteBack.replace('{n}', String(i + 1)),
        },
      },
    )
    return String(file)
  } catch (err) {
    const e = err as Error & {
      line?: number
      column?: number
      reason?: string
      ruleId?: string
      source?: string
    }
    return {
      // A position inside the reason ("… for `<div>` (6:1-6:6)") counts from the body, not the
      // file: the diagnostic's own line and column, made from the front matter's length, say where.
      message: (e.reason ?? e.message).replace(/\s*\(\d+:\d+(?:-\d+:\d+)?\)/g, ''),
      line: e.line,
      column: e.column,
      rule: e.ruleId,
    }
  }
}
