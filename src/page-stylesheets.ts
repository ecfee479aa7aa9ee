// A page body that needs a stylesheet of its own (the CSS an MDX or React page imports,
// src/mdx/page-css.ts) starts with a marker naming it; the page's document links it in its head
// and the marker is taken out of the body.

/** Marks the content of a page that needs a stylesheet: `<!--docs-site-css:URL-->`. */
export const PAGE_CSS_MARKER = '<!--docs-site-css:'

const MARKER_RE = /<!--docs-site-css:([^>]*?)-->/g

/** The stylesheets a page's HTML asks for (its own body and, on a blog list, its posts'). */
export function pageStylesheets(html: string | undefined): string[] {
  if (!html?.includes(PAGE_CSS_MARKER)) return []
  return [...html.matchAll(MARKER_RE)].map((m) => m[1]!)
}

/** The HTML without its stylesheet markers. */
export const withoutCssMarkers = (html: string): string =>
  html.includes(PAGE_CSS_MARKER) ? html.replace(MARKER_RE, '') : html
