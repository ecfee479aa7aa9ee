import type { BuildOptions, BuildResult, Diagnostic, SiteConfig } from './types.js'
import type { Strings } from '../theme/i18n/format.js'
import { Diagnostics } from './errors.js'
import { step } from './log.js'
import { discoverSources } from './discover.js'
import { discoverBlog } from './blog/discover.js'
import { parseBlog } from './blog/parse.js'
import { markdownLabels, parseSources, type ParseCache } from './parse/index.js'
import { loadApis, type ApiCache } from './openapi/index.js'
import type { CodeHighlighter } from './parse/highlight.js'
import { createParallelHighlighter, fillPlaceholders } from './parse/highlight-parallel.js'
import { createMarkdown } from './parse/markdown.js'
import { readColocated } from './parse/assets.js'
import { discoverPages } from './pages/discover.js'
import { parsePages } from './pages/parse.js'
import { loadSiteLabels, loadThemeStrings } from './i18n.js'
import { createSite } from './site/index.js'
import { bundleClient } from './bundle.js'
import { renderSite } from './render.js'
import { postProcess } from './postprocess.js'
import { checkHtmlLinks } from './links.js'
import { acquireLock, createStaging, stagingDir, type Staging } from './write.js'
import { scanStatic } from './static-files.js'

/** Expensive things a caller may keep between builds (tests, serve). */
export interface BuildCache {
  highlighter?: CodeHighlighter
  /** Parsed docs by file; whoever changes the config must clear it. */
  parsed?: ParseCache
  apis?: ApiCache
  /**
   * serve: the search index of the first build, reused by rebuilds (indexing takes seconds; a
   * preview's search may lag behind its edits until a restart).
   */
  search?: Map<string, Uint8Array>
}

/** The whole pipeline. Throws DocsSiteError on any error diagnostic; writes nothing then. */
export async function build(
  config: SiteConfig,
  options: BuildOptions & { cache?: BuildCache } = {},
): Promise<BuildResult> {
  const t0 = performance.now()
  const log = options.log
  const diags = new Diagnostics()
  const push = (list: readonly Diagnostic[]) => list.forEach((d) => diags.add(d))
  const locales = options.locales ?? config.locales
  // A locale's missing pages fall back to the default locale's: its sources are read even when
  // only other locales are built.
  const sourceLocales = [...new Set([config.defaultLocale, ...locales])]
  const stringCache = new Map<string, Strings>()
  const strings = (locale: string) =>
    stringCache.get(locale) ?? stringCache.set(locale, loadThemeStrings(locale)).get(locale)!
  const cache = options.cache ?? {}
  const highlighter = (cache.highlighter ??= createParallelHighlighter())

  const release = options.write === false ? undefined : acquireLock(config)
  let staging: Staging | undefined
  try {
    const [sources, assets] = await Promise.all([
      step('discover', log, () => discoverSources(config, sourceLocales)),
      step('bundle', log, () => bundleClient(config.baseUrl)),
    ])
    const markdown = createMarkdown(highlighter)
    const parsed = await step('parse', log, () =>
      parseSources(sources, { config, markdown, strings, cache: cache.parsed }),
    )
    push(parsed.diagnostics)
    const blogSources = discoverBlog(config, sourceLocales)
    const blog =
      blogSources && (await step('blog', log, () => parseBlog(blogSources, { config, markdown, strings })))
    if (blog) push(blog.diagnostics)
    const pageSources = await discoverPages(config, sourceLocales)
    const standalone = await step('pages', log, () => parsePages(pageSources, { config, markdown, strings }))
    push(standalone.diagnostics)
    const api = await step('openapi', log, () =>
      loadApis(config, highlighter, markdownLabels(strings(config.defaultLocale)), cache.apis),
    )
    push(api.diagnostics)
    // Code blocks were highlighted on a worker thread meanwhile; their HTML replaces the placeholders.
    const fill = await step('settle', log, () => highlighter.settle())
    fillPlaceholders([parsed.parsed, blog?.blog, api.apis, standalone.pages], fill)
    // A one-off build's highlighter holds a second copy of every block's HTML: let it go.
    if (!options.cache) highlighter.forget?.()
    const labelDiags: Diagnostic[] = []
    const siteLabels = loadSiteLabels(config, labelDiags)
    push(labelDiags)
    const statics = scanStatic(config)
    push(statics.diagnostics)
    const staticFiles = new Set(statics.files.keys())
    const siteDiags: Diagnostic[] = []
    const site = await step('routes', log, () =>
      createSite(
        config,
        {
          parsed: parsed.parsed,
          siteLabels,
          staticFiles,
          locales,
          apis: api.apis,
          blog: blog?.blog,
          pages: standalone.pages,
        },
        siteDiags,
      ),
    )
    push(siteDiags)
    const renderDiags: Diagnostic[] = []
    // Pages go to the staging folder as they render; it is swapped in only if the build succeeds.
    staging = options.write === false ? undefined : createStaging(config)
    const pages = await step('render', log, () =>
      renderSite(site, assets, strings, renderDiags, staging?.write),
    )
    push(renderDiags)
    const extra = postProcess(site, pages)
    const colocated = readColocated([
      ...parsed.parsed.map((p) => (p.kind === 'doc' ? p.assets : undefined)),
      ...(blog?.blog.posts.map((p) => p.assets) ?? []),
      ...standalone.pages.map((p) => p.assets),
    ])
    const output = new Map<string, string | Uint8Array>([
      ...assets.files,
      ...colocated,
      ...api.files,
      ...extra,
      ...(staging ? [] : pages.map((p) => [p.route.outFile, p.html] as const)),
    ])
    const files = new Set([...output.keys(), ...pages.map((p) => p.route.outFile), ...staticFiles])
    push(
      await step('links', log, () =>
        checkHtmlLinks({ config, pages, files, locales, locateSpecText: api.locateText }),
      ),
    )
    diags.throwIfErrors()
    if (config.search) {
      // Only a serve session (it keeps a parse cache) reuses the first build's index.
      const reuse = cache.parsed !== undefined && !staging
      const files =
        (reuse ? cache.search : undefined) ??
        (await step('search', log, async () => {
          await staging?.flush()
          const { indexSearch } = await import('./search.js')
          const search = await indexSearch(
            staging
              ? { dir: stagingDir(config) }
              : { pages: pages.map((p) => ({ file: p.route.outFile, html: p.html })) },
          )
          push(search.diagnostics)
          diags.throwIfErrors()
          return search.files
        }))
      if (reuse) cache.search = files
      for (const [file, contents] of files) output.set(file, contents)
    }
    if (staging) await step('write', log, () => staging!.commit(output))
    staging = undefined
    const byLocaleVersion: Record<string, number> = {}
    for (const p of pages) {
      const group = p.route.version ?? (p.route.data.kind.startsWith('blog-') ? 'blog' : undefined)
      if (group)
        byLocaleVersion[`${p.route.locale}/${group}`] =
          (byLocaleVersion[`${p.route.locale}/${group}`] ?? 0) + 1
    }
    return {
      site,
      output,
      diagnostics: diags.list(),
      stats: { pages: pages.length, byLocaleVersion, ms: performance.now() - t0 },
    }
  } finally {
    staging?.abort()
    release?.()
  }
}
