import type { BlogEntry, Diagnostic, Route, Site } from '../types.js'
import { resolveLinks, type ResolvedHtml, type ResolveOptions } from './resolve.js'

export interface ResolvedBlogHtml {
  /** Post URL → its body (on the post's page) or excerpt (on lists), links resolved. */
  readonly postHtml: ReadonlyMap<string, string>
  readonly diagnostics: readonly Diagnostic[]
  readonly reported: readonly string[]
}

/** Resolves the links of the posts a blog route shows; undefined for routes without post bodies. */
export function resolveBlogLinks(site: Site, route: Route): ResolvedBlogHtml | undefined {
  const data = route.data
  const entries =
    data.kind === 'blog-post' ? [data.entry] : data.kind === 'blog-list' ? data.posts : undefined
  if (!entries) return undefined
  const postHtml = new Map<string, string>()
  const diagnostics: Diagnostic[] = []
  const reported: string[] = []
  for (const entry of entries) {
    const r = resolvePostHtml(site, route, entry, data.kind === 'blog-post' ? 'full' : 'excerpt')
    postHtml.set(entry.url, r.html)
    diagnostics.push(...r.diagnostics)
    reported.push(...r.reported)
  }
  return { postHtml, diagnostics, reported }
}

/**
 * A post's body or excerpt with final links as shown on `route` (the post's page, a list or a
 * feed). Bare #anchors and relative links resolve against the post's own URL.
 */
export function resolvePostHtml(
  site: Site,
  route: Route,
  entry: BlogEntry,
  part: 'full' | 'excerpt',
): ResolvedHtml {
  const post = entry.post
  return resolveLinks(
    site,
    route,
    {
      html: part === 'full' ? post.html : post.excerptHtml,
      links: post.links,
      headings: post.headings,
      relPath: post.source.relPath,
    },
    postResolveOptions(site, route, entry),
  )
}

/** How a post's links resolve: .md paths among the posts of the route's locale, relative to the post. */
export function postResolveOptions(site: Site, route: Route, entry: BlogEntry): ResolveOptions {
  return {
    findByRelPath: (rel) => {
      for (const r of site.routes) {
        if (
          r.locale === route.locale &&
          r.data.kind === 'blog-post' &&
          r.data.entry.post.source.relPath === rel
        )
          return { headings: r.data.entry.post.headings, file: r.data.entry.post.source.file, url: r.url }
      }
      return undefined
    },
    noun: 'post',
    scope: 'the blog',
    pageUrl: entry.url,
  }
}
