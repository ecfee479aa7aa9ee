import type { Diagnostic, ParsedDoc, Route, Site } from '../types.js'
import type { PageRouteData } from '../pages/types.js'
import { resolveDocLinks } from '../links/resolve.js'
import { resolveBlogLinks } from '../links/resolve-blog.js'
import { resolvePageLinks } from '../pages/view.js'
import type { FillCode } from './code.js'

/** The HTML a route shows from its content, finished: code blocks filled, links rewritten. */
export interface PageContent {
  /** A doc's or a standalone page's body. */
  readonly html?: string
  /** A blog route's posts: URL → body or excerpt. */
  readonly postHtml?: ReadonlyMap<string, string>
  /** Hrefs already reported as broken markdown links (the link check skips them). */
  readonly reported: readonly string[]
  readonly diagnostics: readonly Diagnostic[]
}

/**
 * The route's content with its link placeholders (`href="docs-site-link:N"`) resolved for the
 * route's locale and version; a doc gets its code blocks first (for this page only: the doc keeps
 * its placeholders), so that a link's #fragment is looked for in the filled body.
 */
export function pageContent(site: Site, route: Route, fillDocs: FillCode): PageContent {
  const resolved =
    route.data.kind === 'doc'
      ? resolveDocLinks(site, route, withDocCode(route.data.doc, fillDocs))
      : route.data.kind === 'page'
        ? resolvePageLinks(site, route as Route & { data: PageRouteData })
        : resolveBlogLinks(site, route)
  if (!resolved) return { reported: [], diagnostics: [] }
  const { reported, diagnostics } = resolved
  return 'postHtml' in resolved
    ? { postHtml: resolved.postHtml, reported, diagnostics }
    : { html: resolved.html, reported, diagnostics }
}

/**
 * The parts of a doc its links resolve from, with its code blocks filled for this page only: the
 * doc keeps its placeholders (a lazily rendered doc of serve is a class instance, read through
 * its getters, so it is not spread).
 */
function withDocCode(
  doc: ParsedDoc,
  fill: FillCode,
): Pick<ParsedDoc, 'html' | 'links' | 'headings' | 'source'> {
  return { html: fill(doc.html), links: doc.links, headings: doc.headings, source: doc.source }
}
