import path from 'node:path'
import { createElement, type ComponentType } from 'react'
import * as jsxRuntime from 'react/jsx-runtime'
import * as ReactDom from 'react-dom'
import { renderToString } from 'react-dom/server'
import type { Diagnostic, Heading, SiteConfig } from '../types.js'
import type { CodeHighlighter } from '../parse/highlight.js'
import { renderFence, type MarkdownLabels, type RenderedMarkdown } from '../parse/markdown.js'
import { parseFenceInfo, LINK_PLACEHOLDER } from '../parse/markdown-rules.js'
import { readText } from '../parse/index.js'
import { readFrontMatter } from '../parse/frontmatter.js'
import { MdxContext, type MdxPageContext } from '../../theme/mdx/context.js'
import { docusaurusModules, mdxComponents } from '../../theme/mdx/components.js'
import { compileMdx, MDX_PROVIDER } from './compile.js'
import { isMdxFile, isReactPage } from './format.js'
import { bundleMdx, runBundle, type BundleFailure, type BundleHooks } from './bundle.js'
import { RAW_TAG, type MdxPageEnv } from './remark.js'
import { islandWrapper, ISLANDS_SRC, serverReact, type IslandsOfBuild } from './islands.js'
import { bundleIslands } from './islands-bundle.js'
import { InteractiveScanner } from './interactive.js'
import { importedAsset, locateIn, siblingDocs } from './page-files.js'
import { mdxDiagrams, type MdxDiagrams } from './math-diagrams.js'
import { PageCss } from './page-css.js'
import { problemPlace, styleDiagnostic } from '../css/preprocess.js'

// MDX pages (docs, blog posts, standalone pages) are compiled, bundled and rendered before the
// markdown pass, all at once because each step is asynchronous; the markdown parsers then take
// each MDX page's result in place of markdown-it's (see `withMdx`). Loaded only when a site has
// an MDX file, so a markdown-only site never loads MDX, unified or the plugins.

export interface MdxSource {
  readonly absPath: string
  /** Relative to the project root, POSIX. */
  readonly file: string
  readonly locale: string
}

export interface MdxBuild {
  /** Each page's result, by absolute path. */
  readonly rendered: ReadonlyMap<string, RenderedMarkdown>
  /**
   * `.md` pages read as CommonMark after all (`markdown.mdxFallback`): the warning that says why,
   * by absolute path.
   */
  readonly fallbacks: ReadonlyMap<string, Diagnostic>
  /** Client files of the site's interactive components (none when no page has one). */
  readonly files: ReadonlyMap<string, string>
}

export interface MdxBuildContext {
  readonly config: SiteConfig
  readonly highlighter: CodeHighlighter
  readonly labels: (locale: string) => MarkdownLabels
}

export async function renderMdxPages(sources: readonly MdxSource[], ctx: MdxBuildContext): Promise<MdxBuild> {
  const rendered = new Map<string, RenderedMarkdown>()
  const diagrams = mdxDiagrams()
  const css = new PageCss(ctx.config.baseUrl)
  const islands = islandsOfBuild(ctx.config)
  // Interactive code hydrates without 'use client' in the Docusaurus layout (islands.ts).
  const scanner =
    ctx.config.layout === 'docusaurus'
      ? new InteractiveScanner(ctx.config.root, (id) => provided(id, () => undefined) !== undefined)
      : undefined
  const fallbacks = new Map<string, Diagnostic>()
  for (const source of sources) {
    const page = await renderMdxPage(source, { ...ctx, diagrams, css, scanner }, islands)
    const fallback = page && ctx.config.markdown.mdxFallback && notMdx(source, page)
    if (fallback) fallbacks.set(source.absPath, fallback)
    else if (page) rendered.set(source.absPath, page)
  }
  await diagrams.settle()
  if (islands.files.size === 0) return { rendered, fallbacks, files: css.files }
  const client = await bundleIslands([...islands.files], ctx.config)
  for (const [key, page] of rendered)
    if (page.html.includes(ISLANDS_SRC))
      rendered.set(key, { ...page, html: page.html.replaceAll(ISLANDS_SRC, client.url) })
  return { rendered, fallbacks, files: new Map([...client.files, ...css.files]) }
}

/**
 * A `.md` page that failed as MDX (`markdown.mdxFallback`): the warning that it is read as
 * CommonMark, at its first error; undefined when it is MDX, or an `.mdx` file (whose errors stay).
 */
function notMdx(source: MdxSource, page: RenderedMarkdown): Diagnostic | undefined {
  const error = /\.md$/i.test(source.file) && page.diagnostics.find((d) => d.severity === 'error')
  if (!error) return undefined
  return {
    ...error,
    severity: 'warning',
    message: `not valid MDX, so read as CommonMark (its JSX and imports show as text): ${error.message}`,
    hint: 'make it valid MDX (escape < and { as \\< and \\{), or rename it .mdx to see the error as one',
  }
}

type PageBuildContext = MdxBuildContext & {
  readonly diagrams: MdxDiagrams
  readonly css: PageCss
  readonly scanner: InteractiveScanner | undefined
}

/** The build's islands; an interactive component left static is warned about once, on the page it is on. */
function islandsOfBuild(config: SiteConfig): IslandsOfBuild & { warnings: Diagnostic[] } {
  const warned = new Set<string>()
  const warnings: Diagnostic[] = []
  return {
    root: config.root,
    files: new Set(),
    warnings,
    warnStatic: (absPath, reason) => {
      if (warned.has(absPath)) return
      warned.add(absPath)
      const file = path.relative(config.root, absPath).split(path.sep).join('/')
      warnings.push({
        severity: 'warning',
        code: 'mdx',
        message: `this component keeps state or handles events, but renders only at build time, with no JavaScript in the browser: ${reason}. An island is given only JSON data: pass data instead, or move the state into a component given only data`,
        at: { file },
      })
    },
  }
}

async function renderMdxPage(
  source: MdxSource,
  ctx: PageBuildContext,
  islands: IslandsOfBuild & { warnings: Diagnostic[] },
): Promise<RenderedMarkdown | undefined> {
  const diagnostics: Diagnostic[] = []
  const text = readText(source, diagnostics)
  if (text === undefined) return undefined
  // Front matter problems are reported by the page's own parser, which reads it again.
  const fm = readFrontMatter(text, source.file)
  if (fm.diagnostics.some((d) => d.severity === 'error')) return undefined
  const env = pageEnv(source, fm, ctx, diagnostics)
  const fail = (message: string, line?: number, column?: number) => {
    diagnostics.push({
      severity: 'error',
      code: 'mdx',
      message,
      at: { file: source.file, line, column },
      source: text,
    })
    return result(env, '', [])
  }
  // A React page is an MDX page whose body renders the page's default export.
  const body = isReactPage(source.file)
    ? `import Page from './${path.basename(source.absPath)}'\n\n<Page />\n`
    : fm.body
  const code = await compileMdx(body, source.absPath, env, ctx.config)
  if (typeof code !== 'string')
    return fail(code.message, code.line && fm.bodyLine + code.line - 1, code.column)
  const includes: string[] = []
  const hooks = bundleHooks(source, env, ctx, includes)
  // A page may export its own table of contents (Docusaurus 3.2+): it replaces the headings'.
  const ownToc = /^export\s+(const|let|var)\s+toc\b/m.test(body)
  const bundled = await bundleMdx(
    ownToc ? code : `${code}\nexport const toc = ${JSON.stringify(env.headings)}\n`,
    // A React page's MDX body is not the page's file, which it imports.
    isReactPage(source.file) ? `${source.absPath}.mdx` : source.absPath,
    hooks,
    includes,
  )
  if ('message' in bundled) {
    diagnostics.push(failedImport(bundled, text, source.file, ctx.config.root))
    return result(env, '', [])
  }
  for (const w of bundled.warnings)
    diagnostics.push({
      severity: 'warning',
      code: 'mdx',
      message: w.message,
      ...problemPlace(w, ctx.config.root),
    })
  let html: string
  try {
    const mod = runBundle(bundled.code, source.absPath, (id) => provided(id, () => islandWrapper(islands)))
    const Content = mod.default as ComponentType<{ components: object }>
    if (ownToc) env.headings.splice(0, Infinity, ...tocEntries(mod.toc))
    const value = pageContext(source, env, ctx)
    html = renderToString(
      createElement(MdxContext.Provider, { value }, createElement(Content, { components: mdxComponents })),
    )
  } catch (err) {
    const message = (err as Error).message
    const missing = /Expected component `([^`]+)` to be defined/.exec(message)?.[1]
    const at = missing ? locateIn(text, `<${missing}`) : undefined
    return fail(
      missing
        ? `<${missing}> is not defined: import it (import ${missing} from '@site/src/components/${missing}') or check its name`
        : `the page failed to render: ${message}`,
      at?.line,
      at?.column,
    )
  } finally {
    // The warnings of the components on this page (islands.ts), reported with it.
    diagnostics.push(...islands.warnings.splice(0))
  }
  html = html.replace(
    new RegExp(`<${RAW_TAG} i="(\\d+)"></${RAW_TAG}>`, 'g'),
    (_, i: string) => env.raw[Number(i)] ?? '',
  )
  // The page's CSS is linked from its document's head (src/render.ts reads the marker).
  if (bundled.css.trim()) html = (await ctx.css.add(bundled.css)) + html
  return result(env, html, includes)
}

/**
 * An import that failed, at its line in the page; a Sass or Less file that did not compile at its
 * own line (at the page's import of it when the project has no compiler).
 */
function failedImport(failure: BundleFailure, text: string, file: string, root: string): Diagnostic {
  // The page may import the stylesheet through a component: then only the page is named.
  const name = failure.style && path.basename(failure.style.stylesheet)
  const spec = failure.specifier
  const at = name
    ? locateIn(text, `${name}'`, `${name}"`)
    : spec
      ? locateIn(text, `'${spec}'`, `"${spec}"`)
      : undefined
  const where = { at: { file, line: at?.line, column: at?.column }, source: text }
  if (failure.style) return styleDiagnostic(failure.style, root, 'mdx', where)
  const what = failure.specifier ? `"${failure.specifier}"` : 'a module'
  return { severity: 'error', code: 'mdx', message: `cannot import ${what}: ${failure.message}`, ...where }
}

/** A page's own `toc` export, Docusaurus's `{ value, id, level }` items, as its headings. */
function tocEntries(toc: unknown): Heading[] {
  if (!Array.isArray(toc)) return []
  return toc.flatMap((e: { value?: unknown; id?: unknown; level?: unknown }) =>
    e && typeof e.id === 'string' && typeof e.level === 'number'
      ? [{ level: e.level, id: e.id, text: String(e.value ?? '').replace(/<[^>]*>/g, '') }]
      : [],
  )
}

function result(env: MdxPageEnv, html: string, includes: string[]): RenderedMarkdown {
  return {
    html,
    contentTitle: env.contentTitle,
    headings: env.headings.filter((h) => h.level > 1),
    links: env.links,
    diagnostics: env.diagnostics,
    includes: [...new Set(includes)],
    assets: env.assets,
  }
}

function pageEnv(
  source: MdxSource,
  fm: { body: string; bodyLine: number },
  ctx: PageBuildContext,
  diagnostics: Diagnostic[],
): MdxPageEnv {
  const env: MdxPageEnv = {
    file: source.file,
    root: ctx.config.root,
    baseUrl: ctx.config.baseUrl,
    bodyLine: fm.bodyLine,
    lines: fm.body.split('\n'),
    labels: ctx.labels(source.locale),
    links: [],
    headings: [],
    diagnostics,
    assets: new Map(),
    raw: [],
    format: 'mdx',
    highlight: (code, info, line) => renderFence(ctx.highlighter, code, info, env, line, undefined),
    diagrams: ctx.diagrams,
  }
  return env
}

function bundleHooks(
  source: MdxSource,
  env: MdxPageEnv,
  ctx: PageBuildContext,
  includes: string[],
): BundleHooks {
  return {
    root: ctx.config.root,
    autoIslands: ctx.scanner && {
      scanner: ctx.scanner,
      page: isReactPage(source.file) ? source.absPath : undefined,
    },
    provided: (id) => provided(id, () => undefined) !== undefined,
    assetUrl: (absPath) => importedAsset(absPath, env),
    compilePartial: async (absPath) => {
      includes.push(absPath)
      const partial = await partialCode(absPath, source, env, ctx)
      return partial
    },
  }
}

/** A partial imported by the page: compiled with the page's env (its code, links and files join the page's). */
async function partialCode(
  absPath: string,
  page: MdxSource,
  env: MdxPageEnv,
  ctx: MdxBuildContext,
): Promise<string> {
  const file = path.relative(ctx.config.root, absPath).split(path.sep).join('/')
  const diagnostics: Diagnostic[] = []
  const text = readText({ absPath, file }, diagnostics) ?? ''
  const fm = readFrontMatter(text, file)
  const rel = path.posix.relative(path.posix.dirname(page.file), path.posix.dirname(file))
  const partialEnv: MdxPageEnv = {
    ...env,
    file,
    bodyLine: fm.bodyLine,
    lines: fm.body.split('\n'),
    // Its headings are not the page's (as in Docusaurus, the TOC lists the page's own).
    headings: [],
    partial: true,
    format: isMdxFile(file, ctx.config) ? 'mdx' : 'md',
  }
  const before = env.links.length
  const code = await compileMdx(fm.body, absPath, partialEnv, ctx.config)
  if (typeof code !== 'string')
    throw new Error(`${file}:${code.line ?? 1}:${code.column ?? 1}: ${code.message}`)
  // A link written in the partial is relative to the partial's folder; the page resolves it.
  for (let i = before; i < env.links.length; i++) {
    const link = env.links[i]!
    if (rel && !/^\/|^#/.test(link.href)) env.links[i] = { ...link, href: path.posix.join(rel, link.href) }
  }
  env.diagnostics.push(...diagnostics)
  return code
}

function pageContext(source: MdxSource, env: MdxPageEnv, ctx: MdxBuildContext): MdxPageContext {
  const config = ctx.config
  return {
    baseUrl: config.baseUrl,
    locale: source.locale,
    toc: env.headings,
    highlight: (code, info) => env.highlight(code, parseFenceInfo(info), env.bodyLine),
    raw: (html) => env.raw.push(html) - 1,
    link: (href, near = '<DocCardList') => {
      const at = locateIn(env.lines.join('\n'), near)
      env.links.push({
        href,
        at: { file: source.file, line: env.bodyLine + (at?.line ?? 1) - 1, column: at?.column },
      })
      return LINK_PLACEHOLDER + (env.links.length - 1)
    },
    siblings: () => siblingDocs(source.absPath),
    admonitionLabel: (type) => env.labels.admonitions[type] ?? type,
    pageTitle: (title) => {
      env.contentTitle = title
    },
    siteConfig: {
      title: config.title,
      tagline: config.tagline,
      url: config.url ?? '',
      baseUrl: config.baseUrl,
      customFields: config.customFields,
    },
    i18n: { currentLocale: source.locale, defaultLocale: config.defaultLocale, locales: config.locales },
  }
}

/** docs-site's own components for every MDX module (a site's src/theme/MDXComponents: bundle.ts). */
const mdxProvider = {
  __esModule: true,
  useMDXComponents: (own?: object) => ({ ...mdxComponents, ...own }),
}

/** The modules an MDX bundle gets from docs-site rather than bundling its own copy. */
function provided(id: string, island: () => unknown): unknown {
  if (id === 'react') return serverReact
  if (id === 'react/jsx-runtime' || id === 'react/jsx-dev-runtime') return jsxRuntime
  if (id === 'react-dom') return ReactDom
  // Marked as ES modules, so the bundle's `import X from` takes their default export.
  if (id === 'docs-site:island') return { __esModule: true, ...(island() as object) }
  if (id === MDX_PROVIDER) return mdxProvider
  const module = docusaurusModules[id]
  return module && asModule(module)
}

/**
 * A provided module as both interops read it: a file under a package.json with "type": "module"
 * takes `module.exports` itself as the default export (Node's rule), other files take its
 * `default` (the `__esModule` rule). So the exports are the default export, carrying the rest.
 */
function asModule(module: Record<string, unknown>): unknown {
  const main = module.default as ((...args: unknown[]) => unknown) | undefined
  if (typeof main !== 'function') return { __esModule: true, ...module }
  const exports = (...args: unknown[]) => main(...args)
  return Object.assign(exports, module, { __esModule: true })
}
