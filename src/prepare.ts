// Prepare: everything a site needs before its pages render (sources read and parsed, the API
// reference loaded, code highlighted, the route table), shared by a build and by serve.
import type { BuildOptions, Diagnostic, Site, SiteConfig } from './types.js'
import type { Strings } from '../theme/i18n/format.js'
import { Diagnostics } from './errors.js'
import { step } from './log.js'
import { discoverSources } from './docs/discover.js'
import { discoverBlog } from './blog/discover.js'
import { parseBlog } from './blog/parse.js'
import { markdownLabels, parseSources, type ParseCache } from './parse/index.js'
import { loadApis, type ApiCache } from './openapi/index.js'
import type { CodeHighlighter } from './parse/highlight.js'
import { createParallelHighlighter } from './parse/highlight-parallel.js'
import { openHighlightCache } from './parse/highlight-cache.js'
import { openDocHeadCache, type DocHeadCache } from './parse/head-cache.js'
import { createMarkdown } from './parse/markdown.js'
import { loadSiteLabels, loadThemeStrings } from './i18n.js'
import { createSite } from './create-site.js'
import { bundleClient, bundleDocusaurusScript } from './bundle.js'
import { bundleSiteCss } from './site-css.js'
import { renderSidebarItems } from './sidebar-items.js'
import { contentAssets, type ContentFeatures } from './content-assets.js'
import { createMermaidChecker } from './parse/mermaid.js'
import { scanStatic } from './static-files.js'
import { readColocated } from './parse/assets.js'
import { discoverPages } from './pages/discover.js'
import { LazyDoc } from './parse/lazy-doc.js'
import { editInPlace } from './edit-in-place.js'
import { parsePages } from './pages/parse.js'
import { useMdx } from './mdx/use.js'
import { apiPageFiller, noApiFilling, settleCode, type FillCode, type ParsedContent } from './html/index.js'
import { homeRedirects, redirectPages } from './redirects.js'
import { docPathFor } from './urls.js'

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

type PrepareOptions = Pick<BuildOptions, 'locales' | 'versions' | 'log'> & {
  cache?: BuildCache
  /** serve: read docs' front matter now and render a body when its page is asked for. */
  lazy?: boolean
  /**
   * serve's first answer, the page at the site's root (a full prepare follows at once): only the
   * docs of these versions are read and routed, and the blog is left out.
   */
  first?: { readonly versions: readonly string[] }
}

export async function prepare(config: SiteConfig, options: PrepareOptions = {}): Promise<PreparedSite> {
  const log = options.log
  const diags = new Diagnostics()
  const push = (list: readonly Diagnostic[]) => list.forEach((d) => diags.add(d))
  push(config.configDiagnostics)
  const locales = options.locales ?? config.locales
  const scope = { locales, versions: options.first?.versions }
  const strings = themeStrings(config)
  const cache = options.cache ?? {}
  const highlighter = (cache.highlighter ??= createParallelHighlighter(openHighlightCache(config.root)))
  const read = await readContent(config, { ...options, cache, strings, highlighter, push })
  // Pages with math or diagrams get KaTeX's CSS or mermaid's script; a site without gets neither.
  // Lazily rendered docs are not known yet: serve offers both (a page links them only if it uses them).
  const features: ContentFeatures = { math: !!options.lazy, mermaid: !!options.lazy }
  const allCode = options.lazy ? undefined : highlightingLeft(highlighter, !!cache.oneBuild)
  const code = await step('settle', log, () => settleCode(highlighter, read.content, features, !options.lazy))
  const inputs = siteInputs(config, push)
  const content = contentAssets(config.baseUrl, features, { later: options.lazy })
  const site = await routeTable(config, code.content, inputs, { ...scope, log, push })
  const { staticFiles } = inputs
  // Diagrams' syntax was checked on a worker thread meanwhile.
  push(await read.diagrams.settle())
  const redirects = redirectPages(site, { locales, strings, taken: (f) => staticFiles.has(f) })
  push(redirects.diagnostics)
  const homes = homeRedirects(site, {
    locales,
    strings,
    taken: (f) => staticFiles.has(f) || redirects.files.has(f),
  })
  diags.throwIfErrors()
  const sidebarItems = renderSidebarItems(site, strings, { later: options.lazy })
  const { parsed, blog, pages } = code.content
  return {
    site,
    assets: { ...read.assets, mathCss: content.mathCss },
    files: new Map([
      ...read.assets.files,
      ...content.files,
      ...sidebarItems.files,
      ...read.apiFiles,
      ...read.mdxFiles,
      ...read.siteCssFiles,
      ...redirects.files,
      ...homes,
      // Images and files written beside the markdown, under content-hashed names.
      ...readColocated([
        ...parsed.map((p) => (p.kind === 'doc' && !(p instanceof LazyDoc) ? p.assets : undefined)),
        ...(blog?.posts.map((p) => p.assets) ?? []),
        ...pages.map((p) => p.assets),
      ]),
    ]),
    later: new Map([...sidebarItems.later, ...content.later]),
    sidebarItems: sidebarItems.urls,
    staticFiles,
    locales,
    strings,
    locateSpecText: read.locateSpecText,
    diagnostics: diags.list(),
    ...lazyBodies(highlighter, code.fillDocs, allCode),
    apiPages: options.lazy
      ? noApiFilling
      : apiPageFiller(site.routes, code.fillDocs, (p) => highlighter.release?.(p)),
    persistCaches: () => highlighter.persist?.(),
    // The highlighter holds every distinct block's HTML: once a build's pages are rendered, let it
    // go (the CLI passes a cache only to start the worker early; serve's lazy pages still need it).
    releaseCode: async () => {
      if (!allCode) return
      await allCode
      highlighter.forget?.()
    },
    editBodies: async (files) =>
      options.lazy && cache.parsed
        ? editInPlace({ site, cache: cache.parsed, ctx: read.parseCtx, files })
        : undefined,
  }
}

/** The theme's strings of a locale, read once. */
function themeStrings(config: SiteConfig): (locale: string) => Strings {
  const loaded = new Map<string, Strings>()
  return (locale) => loaded.get(locale) ?? loaded.set(locale, loadThemeStrings(locale, config)).get(locale)!
}

/**
 * Discover and parse: every content kind's sources read and parsed (code blocks still
 * placeholders), the client bundled meanwhile, the API specs loaded.
 */
async function readContent(
  config: SiteConfig,
  options: PrepareOptions & {
    cache: BuildCache
    strings: (locale: string) => Strings
    highlighter: CodeHighlighter
    push: (list: readonly Diagnostic[]) => void
  },
) {
  const { log, cache, strings, highlighter, push } = options
  // A locale's missing pages fall back to the default locale's: its sources are read even when
  // only other locales are built.
  const sourceLocales = [...new Set([config.defaultLocale, ...(options.locales ?? config.locales)])]
  // esbuild bundles the client and the site's own stylesheet in its own process while the content
  // is read and parsed.
  const bundled = step('bundle', log, () =>
    Promise.all([
      bundleClient(config.baseUrl),
      bundleSiteCss(config),
      config.layout === 'docusaurus' ? bundleDocusaurusScript(config.baseUrl) : undefined,
    ]),
  )
  bundled.catch(() => undefined)
  const sources = await step('discover', log, () =>
    discoverSources(config, sourceLocales, options.first?.versions),
  )
  const diagrams = createMermaidChecker()
  const blogSources = options.first ? undefined : discoverBlog(config, sourceLocales)
  const pageSources = discoverPages(config, sourceLocales)
  // MDX pages render first (asynchronously); the parsers below take their results.
  const mdx = await useMdx(
    [...sources.filter((s) => s.kind === 'doc'), ...(blogSources?.posts ?? []), ...pageSources],
    createMarkdown(highlighter, { onDiagram: diagrams.add }),
    { config, highlighter, labels: (locale) => markdownLabels(strings(locale)) },
  )
  const markdown = mdx.markdown
  const versions = options.versions
  const skipBody = versions && ((s: { version: string }) => !versions.includes(s.version))
  const lazy: Partial<ReturnType<typeof lazyReading>> = options.lazy
    ? lazyReading(config, cache, highlighter)
    : {}
  const parseCtx = { config, markdown, mdxPages: mdx.pages, strings, cache: cache.parsed, skipBody, ...lazy }
  // The blog and the standalone pages before the docs: their code blocks go to the highlighter
  // first, so a build waits only for those (its docs wait for theirs page by page as they render,
  // see `settleCode`), and they are done long before the docs are parsed.
  const blog =
    blogSources && (await step('blog', log, () => parseBlog(blogSources, { config, markdown, strings })))
  const standalone = await step('pages', log, () => parsePages(pageSources, { config, markdown, strings }))
  const parsed = await step('parse', log, () => parseSources(sources, parseCtx))
  // Every doc was just looked at: the entries of files deleted since the last start go.
  if (!options.first && !options.locales) lazy.heads?.prune(new Set(sources.map((s) => s.absPath)))
  lazy.heads?.save()
  push(parsed.diagnostics)
  if (blog) push(blog.diagnostics)
  push(standalone.diagnostics)
  const api = await step('openapi', log, () =>
    loadApis(config, highlighter, markdownLabels(strings(config.defaultLocale)), cache.apis),
  )
  push(api.diagnostics)
  const [bundledClient, siteCss, layoutScript] = await bundled
  push(siteCss.diagnostics)
  const client = layoutScript
    ? {
        ...bundledClient,
        files: new Map([...bundledClient.files, ...layoutScript.files]),
        scripts: [layoutScript.url],
      }
    : bundledClient
  // The site's stylesheet comes after the theme's, so its rules win ties.
  const assets = siteCss.url ? { ...client, css: [...client.css, siteCss.url] } : client
  const content: ParsedContent = {
    parsed: parsed.parsed,
    blog: blog?.blog,
    pages: standalone.pages,
    apis: api.apis,
  }
  return {
    content,
    assets,
    diagrams,
    parseCtx,
    apiFiles: api.files,
    mdxFiles: mdx.files,
    siteCssFiles: siteCss.files,
    locateSpecText: api.locateText,
  }
}

/**
 * A build's docs and API pages are highlighted while its first pages render (see `settleCode`):
 * this resolves once every block is. They are then kept for the next build, and a one-off build's
 * worker (shiki, its memo of lines) ends: it highlights nothing more. Awaited where it is needed
 * (the pages that wait for it, the end of the render), where a worker's failure is thrown.
 */
function highlightingLeft(highlighter: CodeHighlighter, oneBuild: boolean): Promise<void> {
  const left = highlighter.settle().then(() => {
    highlighter.persist?.(oneBuild)
    if (oneBuild) highlighter.stop?.()
  })
  left.catch(() => undefined)
  return left
}

/**
 * What the route table needs besides the content: the site's labels and the files of static/,
 * read once for both of a build's route tables.
 */
function siteInputs(config: SiteConfig, push: (list: readonly Diagnostic[]) => void) {
  const labelDiags: Diagnostic[] = []
  const siteLabels = loadSiteLabels(config, labelDiags)
  push(labelDiags)
  const statics = scanStatic(config)
  push(statics.diagnostics)
  return { siteLabels, staticFiles: new Set(statics.files.keys()) as ReadonlySet<string> }
}

/** Routes and sidebars: the route table of every content kind (`src/create-site.ts`). */
async function routeTable(
  config: SiteConfig,
  content: ParsedContent,
  inputs: ReturnType<typeof siteInputs>,
  options: {
    locales: readonly string[]
    versions?: readonly string[]
    log?: BuildOptions['log']
    push: (list: readonly Diagnostic[]) => void
  },
): Promise<Site> {
  const siteDiags: Diagnostic[] = []
  const { locales, versions } = options
  const site = await step('routes', options.log, () =>
    createSite(config, { ...content, ...inputs, locales, versions }, siteDiags),
  )
  options.push(siteDiags)
  return site
}

/**
 * How the docs' code gets to their pages. serve parsed its docs lazily and finishes them a page's
 * worth at a time: a page's bodies are rendered and their code highlighted before it renders, and
 * its html stage fills them with the latest fill (the highlighter's blocks only grow while serve
 * runs). A build's docs are parsed, and their blocks on their way (`allCode`): a batch of pages
 * waits for its docs' blocks, or for every block when it holds an API page (its many samples).
 */
function lazyBodies(
  highlighter: CodeHighlighter,
  settled: FillCode,
  allCode: Promise<void> | undefined,
): Pick<PreparedSite, 'settleBodies' | 'lazyAsset' | 'fillCode'> {
  const assets = new Map<string, string>()
  let fill = settled
  return {
    async settleBodies(routes) {
      if (allCode) {
        if (routes.some((r) => r.data.kind.startsWith('api-'))) await allCode
        else await highlighter.settle(routes.flatMap((r) => (r.data.kind === 'doc' ? [r.data.doc.html] : [])))
        return []
      }
      const docs = routes.flatMap((r) =>
        r.data.kind === 'doc' && r.data.doc instanceof LazyDoc ? [r.data.doc] : [],
      )
      if (docs.length === 0) return []
      for (const doc of docs) doc.force()
      fill = await highlighter.settle(docs.map((d) => d.html))
      for (const doc of docs) for (const [rel, abs] of doc.assets ?? []) assets.set(rel, abs)
      return docs.flatMap((d) => d.bodyDiagnostics)
    },
    lazyAsset: (rel) => assets.get(rel),
    fillCode: (html) => fill(html),
  }
}

/** serve's reading of docs: front matter now (kept between starts), bodies when first shown. */
const lazyReading = (config: SiteConfig, cache: BuildCache, highlighter: CodeHighlighter) => ({
  lazy: true,
  heads: (cache.heads ??= openDocHeadCache(config.root)),
  onLazyDoc: homeFirst(config, highlighter),
})

/**
 * A fenced code block with a language, as it mostly is written: its language and its code. Only
 * for highlighting ahead: a block this misses is highlighted when the page renders, as any is.
 */
const FENCED_CODE = /^[ \t]*(`{3,}|~{3,})[ \t]*([\w+#.-]+)[^\n]*\n([\s\S]*?)\n[ \t]*\1[ \t]*$/gm

/**
 * serve: as soon as the front matter of the doc at the site's root is read (the page the terminal
 * links, which the browser asks for first), the highlight worker gets its code blocks to highlight
 * ahead. serve's first page had waited ~0.3 s, after the front matter of every doc was read, for
 * the worker to load their grammars and compile their rules, while it had sat idle meanwhile.
 */
function homeFirst(config: SiteConfig, highlighter: CodeHighlighter): (doc: LazyDoc) => void {
  const rootVersions = new Set(config.versions.filter((v) => v.path === '').map((v) => v.name))
  return (doc) => {
    const { locale, version, relPath } = doc.source
    if (locale !== config.defaultLocale || !rootVersions.has(version)) return
    if (docPathFor(relPath, doc.id, doc.frontMatter) !== '') return
    highlighter.warm?.([...doc.body.matchAll(FENCED_CODE)].map((m) => [m[2]!, m[3]!] as const))
  }
}
