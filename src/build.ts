import type { BuildOptions, BuildResult, Diagnostic, SiteConfig } from './types.js'
import type { Strings } from '../theme/i18n/format.js'
import { Diagnostics } from './errors.js'
import { step } from './log.js'
import { discoverSources } from './docs/discover.js'
import { discoverBlog } from './blog/discover.js'
import { parseBlog } from './blog/parse.js'
import { markdownLabels, parseSources, type ParseCache } from './parse/index.js'
import { loadApis, type ApiCache } from './openapi/index.js'
import type { CodeHighlighter } from './parse/highlight.js'
import { createParallelHighlighter, fillPlaceholders } from './parse/highlight-parallel.js'
import { openHighlightCache } from './parse/highlight-cache.js'
import { openDocHeadCache, type DocHeadCache } from './parse/head-cache.js'
import { createMarkdown } from './parse/markdown.js'
import { loadSiteLabels, loadThemeStrings } from './i18n.js'
import { createSite } from './create-site.js'
import { bundleClient } from './bundle.js'
import { renderSidebarItems } from './sidebar-items.js'
import { codeFeatures, contentAssets, noteFeatures, type ContentFeatures } from './content-assets.js'
import { createMermaidChecker } from './parse/mermaid.js'
import { postProcess } from './postprocess.js'
import { checkHtmlLinks } from './links/check.js'
import { hasTwin, twinFile } from './twins/index.js'
import { renderInBatches, versionFilter, writeTwins } from './build-steps.js'
import { llmsFiles } from './machine/llms.js'
import { acquireLock, createStaging, stagingDir, type Staging } from './write.js'
import { scanStatic } from './static-files.js'
import { readColocated } from './parse/assets.js'
import { discoverPages } from './pages/discover.js'
import { LazyDoc } from './parse/lazy-doc.js'
import { editInPlace } from './edit-in-place.js'
import { parsePages } from './pages/parse.js'
import { useMdx } from './mdx/use.js'
import { createSocialCards, type SocialCards } from './social/index.js'

/** Expensive things a caller may keep between builds (tests, serve). */
export interface BuildCache {
  highlighter?: CodeHighlighter
  /** Parsed docs by file; whoever changes the config must clear it. */
  parsed?: ParseCache
  apis?: ApiCache
  /** serve: docs' front matter kept between starts (undefined without node_modules). */
  heads?: DocHeadCache
  /** The CLI's one build: the highlighter's worker ends once every block is highlighted. */
  oneBuild?: boolean
}

import type { PreparedSite } from './prepared-site.js'

export type { PreparedSite }

export async function prepare(
  config: SiteConfig,
  options: Pick<BuildOptions, 'locales' | 'versions' | 'log'> & {
    cache?: BuildCache
    /** serve: read docs' front matter now and render a body when its page is asked for. */
    lazy?: boolean
    /** serve's first answer: the blog is left out (a full prepare follows at once). */
    skipBlog?: boolean
  } = {},
): Promise<PreparedSite> {
  const log = options.log
  const diags = new Diagnostics()
  const push = (list: readonly Diagnostic[]) => list.forEach((d) => diags.add(d))
  push(config.configDiagnostics)
  const locales = options.locales ?? config.locales
  const stringCache = new Map<string, Strings>()
  const strings = (locale: string) =>
    stringCache.get(locale) ?? stringCache.set(locale, loadThemeStrings(locale, config)).get(locale)!
  const cache = options.cache ?? {}
  const highlighter = (cache.highlighter ??= createParallelHighlighter(openHighlightCache(config.root)))
  // A locale's missing pages fall back to the default locale's: its sources are read even when
  // only other locales are built.
  const sourceLocales = [...new Set([config.defaultLocale, ...locales])]
  const [sources, assets] = await Promise.all([
    step('discover', log, () => discoverSources(config, sourceLocales)),
    step('bundle', log, () => bundleClient(config.baseUrl)),
  ])
  const diagrams = createMermaidChecker()
  const blogSources = options.skipBlog ? undefined : discoverBlog(config, sourceLocales)
  const pageSources = await discoverPages(config, sourceLocales)
  // MDX pages render first (asynchronously); the parsers below take their results.
  const mdx = await useMdx(
    [...sources.filter((s) => s.kind === 'doc'), ...(blogSources?.posts ?? []), ...pageSources],
    createMarkdown(highlighter, { onDiagram: diagrams.add }),
    { config, highlighter, labels: (locale) => markdownLabels(strings(locale)) },
  )
  const markdown = mdx.markdown
  const heads = options.lazy ? (cache.heads ??= openDocHeadCache(config.root)) : undefined
  const versions = options.versions
  const skipBody = versions && ((s: { version: string }) => !versions.includes(s.version))
  const parseCtx = { config, markdown, strings, cache: cache.parsed, lazy: options.lazy, heads, skipBody }
  const parsed = await step('parse', log, () => parseSources(sources, parseCtx))
  // Every doc was just looked at: the entries of files deleted since the last start go.
  heads?.prune(new Set(sources.map((s) => s.absPath)))
  heads?.save()
  push(parsed.diagnostics)
  const blog =
    blogSources && (await step('blog', log, () => parseBlog(blogSources, { config, markdown, strings })))
  if (blog) push(blog.diagnostics)
  const standalone = await step('pages', log, () => parsePages(pageSources, { config, markdown, strings }))
  push(standalone.diagnostics)
  const api = await step('openapi', log, () =>
    loadApis(config, highlighter, markdownLabels(strings(config.defaultLocale)), cache.apis),
  )
  push(api.diagnostics)
  // Pages with math or diagrams get KaTeX's CSS or mermaid's script; a site without gets neither.
  // Lazily rendered docs are not known yet: serve offers both (a page links them only if it uses them).
  const features: ContentFeatures = { math: !!options.lazy, mermaid: !!options.lazy }
  // Code blocks were highlighted on a worker thread meanwhile; their HTML replaces the placeholders.
  // serve does not wait for it (the worker may still be loading its grammars): the first page
  // rendered does.
  let fillCode: (html: string) => string = (html) => html
  const fillEager = async () => {
    const fill = await highlighter.settle()
    // A build leaves the placeholders in docs' bodies until each page renders (render.ts): filled
    // at once, the bodies of every doc would be held at several times their size until the end.
    // Their features are noted as if filled: on the text and on each block a placeholder stands for.
    const docs = options.lazy ? [] : parsed.parsed.filter((p) => p.kind === 'doc')
    const noteCode = codeFeatures(features, fill)
    fillPlaceholders(docs, (html) => {
      noteCode(html)
      return html
    })
    const rest = options.lazy ? parsed.parsed : parsed.parsed.filter((p) => p.kind !== 'doc')
    fillPlaceholders([rest, blog?.blog, standalone.pages], (html) => {
      noteFeatures(features, html)
      return fill(html)
    })
    fillPlaceholders(api.apis, fill)
    if (!options.lazy) fillCode = fill
  }
  const eagerFilled = options.lazy ? fillEager() : step('settle', log, fillEager)
  // Awaited by the first page; until then a highlighter failure must not count as unhandled.
  eagerFilled.catch(() => undefined)
  if (!options.lazy) await eagerFilled
  const content = contentAssets(config.baseUrl, features)
  // Every block of a build is highlighted by now: keep them for the next build.
  if (!options.lazy) highlighter.persist?.()
  if (!options.lazy && cache.oneBuild) highlighter.stop?.()
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
  // Diagrams' syntax was checked on a worker thread meanwhile.
  push(await diagrams.settle())
  diags.throwIfErrors()
  const sidebarItems = renderSidebarItems(site, strings)
  return {
    site,
    assets: { ...assets, mathCss: content.mathCss },
    files: new Map([
      ...assets.files,
      ...content.files,
      ...sidebarItems.files,
      ...api.files,
      ...mdx.files,
      // Images and files written beside the markdown, under content-hashed names.
      ...readColocated([
        ...parsed.parsed.map((p) => (p.kind === 'doc' && !(p instanceof LazyDoc) ? p.assets : undefined)),
        ...(blog?.blog.posts.map((p) => p.assets) ?? []),
        ...standalone.pages.map((p) => p.assets),
      ]),
    ]),
    sidebarItems: sidebarItems.urls,
    staticFiles,
    locales,
    strings,
    locateSpecText: api.locateText,
    diagnostics: diags.list(),
    ...lazyBodies(highlighter, eagerFilled),
    persistCaches: () => highlighter.persist?.(),
    fillCode: (html) => fillCode(html),
    // The highlighter holds every distinct block's HTML: once a build's pages are rendered, let it
    // go (the CLI passes a cache only to start the worker early; serve's lazy pages still need it).
    releaseCode: () => {
      if (!options.lazy) highlighter.forget?.()
    },
    editBodies: async (files) =>
      options.lazy && cache.parsed
        ? editInPlace({ site, cache: cache.parsed, ctx: parseCtx, files })
        : undefined,
  }
}

/** How serve finishes the docs it parsed lazily, a page's worth at a time. */
function lazyBodies(
  highlighter: CodeHighlighter,
  eagerFilled: Promise<void>,
): Pick<PreparedSite, 'settleBodies' | 'lazyAsset'> {
  const assets = new Map<string, string>()
  return {
    async settleBodies(routes) {
      await eagerFilled
      const docs = routes.flatMap((r) =>
        r.data.kind === 'doc' && r.data.doc instanceof LazyDoc ? [r.data.doc] : [],
      )
      if (docs.length === 0) return []
      for (const doc of docs) doc.force()
      const fill = await highlighter.settle()
      for (const doc of docs) {
        doc.fill(fill)
        for (const [rel, abs] of doc.assets ?? []) assets.set(rel, abs)
      }
      return docs.flatMap((d) => d.bodyDiagnostics)
    },
    lazyAsset: (rel) => assets.get(rel),
  }
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
  const release = options.write === false ? undefined : acquireLock(config)
  let staging: Staging | undefined
  let cards: SocialCards | undefined
  try {
    const prepared = await prepare(config, options)
    push(prepared.diagnostics)
    const { site } = prepared
    const renderDiags: Diagnostic[] = []
    // Pages go to the staging folder as they render; it is swapped in only if the build succeeds.
    staging = options.write === false ? undefined : createStaging(config)
    // Cards are drawn on a worker thread while pages render, and written as each is done.
    const cardFiles = new Map<string, Uint8Array>()
    const toStaging = staging
    cards = config.socialCards
      ? createSocialCards(
          config,
          (file, png) => (toStaging ? toStaging.write(file, png) : cardFiles.set(file, png)),
          toStaging && ((file) => toStaging.keep(file)),
        )
      : undefined
    const only = versionFilter(config, options.versions)
    const routes = site.routes.filter(only.builds)
    const pages = await step('render', log, () =>
      renderInBatches(prepared, routes, renderDiags, staging, cards),
    )
    prepared.releaseCode()
    push(renderDiags)
    if (cards) push(await step('cards', log, () => cards!.settle()))
    // Every route, with a version filter too: each job's sitemap and feeds are the whole site's.
    const extra = postProcess(site, site.routes)
    const llmsOn = !!config.llms && !!config.url && only.latest
    const twins = await step('twins', log, () => writeTwins(prepared, routes, staging, llmsOn))
    const llms = only.latest ? llmsFiles(site, twins.kept) : new Map<string, string>()
    const output = new Map<string, string | Uint8Array>([
      ...prepared.files,
      ...extra,
      ...(staging ? [] : twins.kept),
      ...llms,
      ...cardFiles,
      ...(staging ? [] : pages.map((p) => [p.route.outFile, p.html] as const)),
    ])
    const files = new Set([
      ...output.keys(),
      ...twins.files,
      ...pages.map((p) => p.route.outFile),
      ...prepared.staticFiles,
      // The pages (and twins) of the versions another job builds, for links to them.
      ...site.routes
        .filter((r) => !only.builds(r))
        .flatMap((r) => (hasTwin(r) ? [r.outFile, twinFile(r)] : [r.outFile])),
    ])
    push(
      await step('links', log, () =>
        checkHtmlLinks({
          config,
          pages,
          files,
          locales: prepared.locales,
          locateSpecText: prepared.locateSpecText,
        }),
      ),
    )
    diags.throwIfErrors()
    // A job of a split build cannot index the whole site: `docs-site index` does, after the merge.
    if (config.search && !options.versions) {
      const files = await step('search', log, async () => {
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
      })
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
    await cards?.stop()
    staging?.abort()
    release?.()
  }
}
