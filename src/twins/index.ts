import type { Route, RouteData, Site } from '../types.js'
import type { Strings } from '../../theme/i18n/format.js'
import { lookupString } from '../i18n.js'
import { docResolveOptions, resolveOneHref } from '../links/resolve.js'
import { postResolveOptions } from '../links/resolve-blog.js'
import { isMdxFile } from '../mdx/format.js'
import { mdxTwinSource } from '../mdx/twin-source.js'
import { createTwinParser, escapeText, toCleanMarkdown, type TwinContext } from './markdown.js'
import { operationMarkdown } from './api.js'
import { openTwinCache, type TwinCache } from './cache.js'

/** What every twin maker gets: the site, a markdown parser and the UI strings of a locale. */
export interface TwinTools {
  readonly site: Site
  /** A body's clean Markdown for one page (see cache.ts: each distinct body is parsed once). */
  readonly clean: (body: string, ctx: TwinContext) => string
  readonly strings: (locale: string) => Strings
}

type TwinMaker = (route: Route, tools: TwinTools) => string

/**
 * The page kinds that have a Markdown twin, and how each is written. A new kind of page plugs in
 * here; the head link, the copy button, llms-full.txt and the output follow from this table.
 */
const MAKERS: Partial<Record<RouteData['kind'], TwinMaker>> = {
  doc: docTwin,
  'blog-post': postTwin,
  'api-operation': (route, { site }) => {
    const data = route.data as Extract<RouteData, { kind: 'api-operation' }>
    const apiBase = route.url.replace(/[^/]+\/?$/, '')
    return operationMarkdown(data.operation, {
      absolute: (href) => absoluteUrl(site, href),
      schemaUrl: (slug) => absoluteUrl(site, `${apiBase}schemas/${slug}/`),
    })
  },
}

export const hasTwin = (route: Route): boolean =>
  MAKERS[route.data.kind] !== undefined && route.outFile.endsWith('.html')

/** The twin's path under outDir: beside the page's file ('a/index.md', or 'a.md' beside 'a.html'). */
export const twinFile = (route: Route): string => route.outFile.replace(/\.html$/, '.md')

/** The twin's URL path (with baseUrl), for the page's head and copy button. */
export const twinHref = (site: Site, route: Route): string | undefined =>
  hasTwin(route) ? site.config.baseUrl + twinFile(route) : undefined

/** A root-relative path of this site as an absolute URL (when `url` is set); others unchanged. */
export const absoluteUrl = (site: Site, href: string): string =>
  href.startsWith('/') && !href.startsWith('//') ? (site.config.url ?? '') + href : href

/** One route's twin, or undefined for kinds without one. */
export function markdownTwin(route: Route, tools: TwinTools): string | undefined {
  return hasTwin(route) ? MAKERS[route.data.kind]!(route, tools) : undefined
}

/** Every page's twin, by output path. */
export function markdownTwins(
  site: Site,
  strings: (locale: string) => Strings,
  cache?: TwinCache,
): Map<string, string> {
  const out = new Map<string, string>()
  const twinOf = createTwinMaker(site, strings, cache)
  for (const route of site.routes) {
    const twin = twinOf(route)
    if (twin !== undefined) out.set(twinFile(route), twin)
  }
  return out
}

/**
 * One route's twin at a time (undefined for kinds without one), for a caller that writes each and
 * lets it go (a build) or collects them all (markdownTwins). A body shown in several places (an
 * untranslated page in every locale, an unchanged page in every version) is parsed once, and not
 * at all when `cache` kept it from an earlier build.
 */
export function createTwinMaker(
  site: Site,
  strings: (locale: string) => Strings,
  cache: TwinCache = openTwinCache(undefined),
): (route: Route) => string | undefined {
  const parser = createTwinParser()
  const clean = (body: string, ctx: TwinContext) =>
    cache.clean(body, ctx, (marking) => toCleanMarkdown(parser(body), marking))
  const tools: TwinTools = { site, clean, strings }
  return (route) => markdownTwin(route, tools)
}

function context(route: Route, tools: TwinTools, resolve: (href: string) => string): TwinContext {
  const strings = tools.strings(route.locale)
  return {
    href: (raw) => (/^[a-z][a-z\d+.-]*:/i.test(raw) ? raw : absoluteUrl(tools.site, resolve(raw))),
    admonition: (kind) => lookupString(strings, `admonition.${kind}`) ?? kind,
  }
}

/** The markdown a twin is made from: an MDX page's without its imports and JSX lines. */
const sourceOf = (tools: TwinTools, page: { body: string; source: { file: string } }) =>
  isMdxFile(page.source.file, tools.site.config) ? mdxTwinSource(page.body) : page.body

function docTwin(route: Route, tools: TwinTools): string {
  const data = route.data as Extract<RouteData, { kind: 'doc' }>
  const doc = data.doc
  const options = docResolveOptions(tools.site, route)
  const content = { headings: doc.headings, relPath: doc.source.relPath }
  const ctx = context(route, tools, (href) => resolveOneHref(tools.site, route, content, options, href))
  const body = tools.clean(sourceOf(tools, doc), ctx)
  return (
    [`# ${escapeText(doc.title)}`, doc.description && escapeText(doc.description), body]
      .filter(Boolean)
      .join('\n\n') + '\n'
  )
}

function postTwin(route: Route, tools: TwinTools): string {
  const data = route.data as Extract<RouteData, { kind: 'blog-post' }>
  const post = data.entry.post
  const options = postResolveOptions(tools.site, route, data.entry)
  const content = { headings: post.headings, relPath: post.source.relPath }
  const ctx = context(route, tools, (href) => resolveOneHref(tools.site, route, content, options, href))
  const byline = [
    post.date.slice(0, 10),
    ...post.authors.map((a) => (a.title ? `${a.name} (${a.title})` : a.name)),
  ].join(' · ')
  const body = tools.clean(sourceOf(tools, post), ctx)
  return [`# ${escapeText(post.title)}`, byline, body].join('\n\n') + '\n'
}
