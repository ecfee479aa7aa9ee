import path from 'node:path'
import type { Diagnostic, Heading, LinkRef, ParsedDoc, Route, Site } from '../types.js'
import { LINK_PLACEHOLDER } from '../parse/markdown-rules.js'
import { cleanPath, localisePath } from '../urls.js'
import { decodeSafe, escapeHtml } from '../text.js'

export interface ResolvedHtml {
  readonly html: string
  readonly diagnostics: readonly Diagnostic[]
  /** Final hrefs already reported (broken markdown links and anchors): the HTML check skips them. */
  readonly reported: readonly string[]
}

/** Rendered markdown with link placeholders: a doc, a blog post or a post's excerpt. */
export interface LinkedContent {
  readonly html: string
  readonly links: readonly LinkRef[]
  readonly headings: readonly Heading[]
  /** Path relative to its content root, for relative .md links. */
  readonly relPath: string
}

export interface ResolveOptions {
  /** The page a link to a .md file (path relative to the content root) leads to. */
  readonly findByRelPath: (
    relPath: string,
  ) => { readonly headings: readonly Heading[]; readonly file: string; readonly url: string } | undefined
  /** Words of the "broken markdown link" warning: no <noun> <path> in <scope>. */
  readonly noun: string
  readonly scope: string
  /** Where the content is read when not at the route's own URL (a post's excerpt on a list page). */
  readonly pageUrl?: string
}

/** Replaces the placeholder hrefs of a doc with final URLs for this route's locale and version. */
export function resolveDocLinks(
  site: Site,
  route: Route,
  doc: Pick<ParsedDoc, 'html' | 'links' | 'headings' | 'source'>,
): ResolvedHtml {
  return resolveLinks(
    site,
    route,
    { html: doc.html, links: doc.links, headings: doc.headings, relPath: doc.source.relPath },
    docResolveOptions(site, route),
  )
}

/** How a doc's links resolve: .md paths within the route's locale and version. */
export function docResolveOptions(site: Site, route: Route): ResolveOptions {
  const version = site.config.versions.find((v) => v.name === route.version)!
  return {
    findByRelPath: (rel) => findDocByRelPath(site, route, rel),
    noun: 'doc',
    scope: version.name,
  }
}

/**
 * One href written in markdown, resolved as resolveLinks resolves it in the HTML (the Markdown
 * twins use it, so both agree). Its warnings are left out: the HTML's resolution reports them.
 */
export function resolveOneHref(
  site: Site,
  route: Route,
  doc: Omit<LinkedContent, 'links' | 'html'>,
  options: ResolveOptions,
  href: string,
): string {
  return resolveRef(site, route, doc, options, { href, at: { file: '' } }).href
}

/** A link placeholder's href attribute in rendered markdown (`markdown-rules.ts`). */
const LINK_HREF = new RegExp(`href="${LINK_PLACEHOLDER}(\\d+)"`, 'g')

/**
 * Replaces the placeholder hrefs of rendered markdown with final URLs in the route's locale.
 * Links to .md files resolve by file (a miss only warns, as in Docusaurus); absolute paths get the
 * locale prefix; anchors are checked against the target's headings.
 */
export function resolveLinks(
  site: Site,
  route: Route,
  doc: LinkedContent,
  options: ResolveOptions,
): ResolvedHtml {
  const diagnostics: Diagnostic[] = []
  const reported: string[] = []
  const html = doc.html.replace(LINK_HREF, (_m, n: string) => {
    const { href, diagnostic } = resolveRef(site, route, doc, options, doc.links[Number(n)]!)
    if (diagnostic) {
      // A site that gates on them (Docusaurus's onBrokenMarkdownLinks / onBrokenAnchors: 'throw').
      const strict =
        (diagnostic.code === 'broken-markdown-link' && site.config.onBrokenMarkdownLinks === 'error') ||
        (diagnostic.code === 'broken-anchor' && site.config.onBrokenAnchors === 'error')
      diagnostics.push(strict ? { ...diagnostic, severity: 'error' } : diagnostic)
      reported.push(href)
    }
    return `href="${escapeHtml(href)}"`
  })
  return { html, diagnostics, reported }
}

/**
 * A link's final href, and the warning it gets (the HTML check then skips that href). Anchors are
 * checked only with the page's `html` (a twin's links are not: the HTML's resolution reports them,
 * and serve would render a target's body to read its headings).
 */
function resolveRef(
  site: Site,
  route: Route,
  doc: Omit<LinkedContent, 'links' | 'html'> & { readonly html?: string },
  options: ResolveOptions,
  ref: LinkRef,
): { href: string; diagnostic?: Diagnostic } {
  const pageUrl = options.pageUrl ?? route.url
  const [beforeHash, rawHash] = splitOnce(ref.href, '#')
  // markdown-it percent-encodes hrefs; heading ids are compared decoded.
  const hash = rawHash === undefined ? undefined : decodeSafe(rawHash)
  const [pathPart, query] = splitOnce(beforeHash, '?')
  const suffix = (query !== undefined ? `?${query}` : '') + (rawHash !== undefined ? `#${rawHash}` : '')
  if (pathPart === '') {
    const href = pageUrl === route.url ? ref.href : pageUrl + ref.href
    if (
      hash &&
      doc.html !== undefined &&
      !doc.headings.some((h) => h.id === hash) &&
      !new RegExp(`id="${escapeRe(hash)}"`).test(doc.html)
    )
      return warned(
        ref,
        'broken-anchor',
        `broken anchor "#${hash}": no heading with that id on this page`,
        href,
      )
    return { href }
  }
  if (/\.mdx?$/.test(pathPart)) {
    const rel = path.posix.normalize(
      pathPart.startsWith('/')
        ? pathPart.slice(1)
        : path.posix.join(path.posix.dirname(doc.relPath), decodeSafe(pathPart)),
    )
    const target = options.findByRelPath(rel)
    if (!target)
      return warned(
        ref,
        'broken-markdown-link',
        `broken markdown link "${ref.href}": no ${options.noun} ${rel} in ${options.scope}`,
        ref.href,
      )
    if (hash && doc.html !== undefined && !target.headings.some((h) => h.id === hash))
      return warned(
        ref,
        'broken-anchor',
        `broken anchor "${ref.href}": ${target.file} has no heading with id "${hash}"`,
        target.url + suffix,
      )
    return { href: target.url + suffix }
  }
  const absolute = pathPart.startsWith('/')
    ? localisePath(site.config, site.staticFiles, route.locale, pathPart)
    : path.posix.join(relativeBase(site, route, pageUrl), pathPart)
  const slash = site.config.trailingSlash && !site.staticFiles.has(absolute.slice(site.config.baseUrl.length))
  return { href: cleanPath(absolute, slash) + suffix }
}

/** A link's href with its warning (made only for the links that get one). */
const warned = (ref: LinkRef, code: Diagnostic['code'], message: string, href: string) => ({
  href,
  diagnostic: { severity: 'warning' as const, code, message, at: ref.at },
})

/**
 * The folder a relative link is resolved from: the page's own URL, or its parent where the site's
 * URLs have no trailing slash (a Docusaurus site), except at a locale's root, which keeps its slash.
 */
function relativeBase(site: Site, route: Route, pageUrl: string): string {
  if (!pageUrl.endsWith('/')) return path.posix.dirname(pageUrl)
  if (!site.config.relativeLinksFromParent) return pageUrl
  const root = site.config.baseUrl + (route.locale === site.config.defaultLocale ? '' : `${route.locale}/`)
  return pageUrl === root ? pageUrl : path.posix.dirname(pageUrl)
}

function findDocByRelPath(
  site: Site,
  route: Route,
  relPath: string,
): { headings: readonly Heading[]; file: string; url: string } | undefined {
  const r = docRoutesOf(site).get(`${route.locale}\0${route.version}\0${relPath}`)
  if (r?.data.kind !== 'doc') return undefined
  const { doc } = r.data
  // Read only for a link with a #fragment: serve renders a doc's body when its headings are read.
  return {
    get headings() {
      return doc.headings
    },
    file: doc.source.file,
    url: r.url,
  }
}

/**
 * Doc routes by locale, version and source path, made once per site: every .md link of every page
 * (and twin) asks, and a scan of the route table per link grows with pages × links.
 */
const docRoutes = new WeakMap<Site, Map<string, Route>>()
function docRoutesOf(site: Site): Map<string, Route> {
  let index = docRoutes.get(site)
  if (index) return index
  docRoutes.set(site, (index = new Map()))
  for (const r of site.routes) {
    const key = `${r.locale}\0${r.version}\0${r.data.kind === 'doc' ? r.data.doc.source.relPath : ''}`
    // The first route wins, as the scan it replaces found the first.
    if (r.data.kind === 'doc' && !index.has(key)) index.set(key, r)
  }
  return index
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep)
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)]
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
