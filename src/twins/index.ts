import { outFileUrl } from '../urls.js'
import type { Route, RouteData, Site } from '../types.js'
import type { Strings } from '../../theme/i18n/format.js'
import { lookupString } from '../i18n.js'
import { docResolveOptions, resolveOneHref } from '../links/resolve.js'
import { postResolveOptions } from '../links/resolve-blog.js'
import { mdxTwinSource } from '../mdx/twin-source.js'
import { createSourceParser } from '../parse/markdown.js'
import {
  escapeText,
  fillTwin,
  twinTemplate,
  type TwinContext,
  type TwinTemplate,
} from '../parse/clean-markdown.js'
import { operationMarkdown } from './api.js'

/** What every twin maker gets: the site, a markdown parser and the UI strings of a locale. */
export interface TwinTools {
  readonly site: Site
  /** A doc's or post's clean Markdown for one page. */
  readonly clean: (page: TwinSource, ctx: TwinContext) => string
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
  hasTwin(route) ? outFileUrl(site.config, twinFile(route)) : undefined

/** A root-relative path of this site as an absolute URL (when `url` is set); others unchanged. */
export const absoluteUrl = (site: Site, href: string): string =>
  href.startsWith('/') && !href.startsWith('//') ? (site.config.url ?? '') + href : href

/** One route's twin, or undefined for kinds without one. */
export function markdownTwin(route: Route, tools: TwinTools): string | undefined {
  return hasTwin(route) ? MAKERS[route.data.kind]!(route, tools) : undefined
}

/** Every page's twin, by output path. */
export function markdownTwins(site: Site, strings: (locale: string) => Strings): Map<string, string> {
  const out = new Map<string, string>()
  const twinOf = createTwinMaker(site, strings)
  for (const route of site.routes) {
    const twin = twinOf(route)
    if (twin !== undefined) out.set(twinFile(route), twin)
  }
  return out
}

/** What a doc's or a post's twin is made from. */
interface TwinSource {
  readonly body: string
  /** The template its parse made (markdown); MDX has none, and is parsed here for it. */
  readonly twin?: TwinTemplate
}

/**
 * One route's twin at a time (undefined for kinds without one), for a caller that writes each and
 * lets it go (a build) or collects them all (markdownTwins). A doc's or a post's body is a
 * template its parse made (`src/parse/clean-markdown.ts`), filled here with the page's URLs and
 * words: a body shown in several places (an untranslated page in every locale, an unchanged page
 * in every version) is serialised once. MDX, which markdown-it does not parse, is read for its
 * twin here, from its Markdown lines.
 */
export function createTwinMaker(
  site: Site,
  strings: (locale: string) => Strings,
): (route: Route) => string | undefined {
  let parser: ReturnType<typeof createSourceParser> | undefined
  const mdx = new WeakMap<TwinSource, TwinTemplate>()
  const templateOf = (page: TwinSource): TwinTemplate => {
    if (page.twin) return page.twin
    let made = mdx.get(page)
    if (!made) {
      const tokens = (parser ??= createSourceParser()).parse(mdxTwinSource(page.body), {})
      mdx.set(page, (made = twinTemplate(tokens, { top: true })))
    }
    return made
  }
  const clean = (page: TwinSource, ctx: TwinContext) => fillTwin(templateOf(page), ctx)
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

function docTwin(route: Route, tools: TwinTools): string {
  const data = route.data as Extract<RouteData, { kind: 'doc' }>
  const doc = data.doc
  const options = docResolveOptions(tools.site, route)
  const content = { headings: doc.headings, relPath: doc.source.relPath }
  const ctx = context(route, tools, (href) => resolveOneHref(tools.site, route, content, options, href))
  const body = tools.clean(doc, ctx)
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
  const body = tools.clean(post, ctx)
  return [`# ${escapeText(post.title)}`, byline, body].join('\n\n') + '\n'
}
