import type { Diagnostic, PageProps, Route, Sidebar, Site } from './types.js'
import type { Strings } from '../theme/i18n/format.js'
import type { ClientAssets } from './bundle.js'
import { renderDocument } from './render-document.js'
import { sidebarItemsHtml } from '../theme/components/Sidebar.js'
import { toPageProps } from './page-props.js'
import { hasMath } from './content-assets.js'
import { PAGE_CSS_MARKER, pageStylesheets, withoutCssMarkers } from './page-stylesheets.js'
import type { SocialCards } from './social/index.js'
import { createHtmlStage, type FinishedDocument, type HtmlStage } from './html/index.js'

export interface RenderedPage extends Pick<FinishedDocument, 'links' | 'ids'> {
  readonly route: Route
  /** The document; '' once handed to a sink (written to disk), to keep memory flat. */
  readonly html: string
  /** Hrefs of this page already reported as broken markdown links. */
  readonly reported: readonly string[]
}

/** KaTeX's stylesheet only where a formula is; the CSS that MDX and React pages import, on theirs. */
function pageCss(
  assets: ClientAssets & { readonly mathCss?: string },
  html: string | undefined,
  postHtml: ReadonlyMap<string, string> | undefined,
): readonly string[] {
  const bodies = [html, ...(postHtml?.values() ?? [])]
  const imported = [...new Set(bodies.flatMap(pageStylesheets))]
  const math = !!assets.mathCss && bodies.some((b) => b !== undefined && hasMath(b))
  if (!math && !imported.length) return assets.css
  return [...assets.css, ...(math ? [assets.mathCss!] : []), ...imported]
}

/** A blog list's posts without their stylesheet markers (the head links them). */
function postsWithoutMarkers(posts: ReadonlyMap<string, string> | undefined) {
  if (!posts || ![...posts.values()].some((h) => h.includes(PAGE_CSS_MARKER))) return posts
  return new Map([...posts].map(([k, v]) => [k, withoutCssMarkers(v)]))
}

export interface RenderContext {
  readonly assets: ClientAssets & { readonly mathCss?: string }
  readonly strings: (locale: string) => Strings
  readonly diagnostics: Diagnostic[]
  /** Where each document goes as soon as it is rendered (then it is not kept). */
  readonly sink?: (file: string, html: string) => void
  /** URLs of the shared items files of large sidebars. */
  readonly sidebarItems?: ReadonlyMap<Sidebar, string>
  /** The build's social cards (`src/social/`); without them pages keep the site's image. */
  readonly cards?: SocialCards
  /**
   * Starts the finishing of a pass's pages (`src/html/`); without it, docs' code blocks are left
   * as they are (build and serve pass one that fills them).
   */
  readonly html?: () => HtmlStage
  /**
   * Where a build's documents are finished and written, off this thread (`src/html/finish-pool.ts`):
   * their pages come back from there, not from `renderSite`.
   */
  readonly finishing?: Finishing
}

/**
 * Where a build's pages are finished and written off this thread (`src/html/finish-pool.ts`): a
 * document rendered here, or, for a page whose render costs far more than copying its props (an
 * API page), the props, rendered there too.
 */
export interface Finishing {
  /** A document rendered here, its code filled, to finish. */
  send(route: Route, filled: string, diagramLabel: string, reported: readonly string[]): void
  /** Whether the next page of this route is better rendered there. */
  takes(route: Route): boolean
  /** Hands a page's props over; false if they cannot be (render it here then). */
  render(route: Route, props: PageProps, page: OffloadedPage): boolean
}

/** What a page rendered elsewhere needs from this thread. */
export interface OffloadedPage {
  readonly diagramLabel: string
  readonly reported: readonly string[]
  /** Its document with the code left in it filled (`HtmlStage.fill`), asked only when there is some. */
  readonly fill: (rendered: string) => string
  /** Called once it is finished (`HtmlStage.done`). */
  readonly done: () => void
}

/**
 * Props to render on another thread: the sidebar's items as the HTML this thread has cached, in
 * place of their views (a large API's sidebar is hundreds of them, not to be copied for each page).
 */
const withSidebarHtml = (props: PageProps): PageProps =>
  props.sidebar
    ? { ...props, sidebar: [], sidebarHtml: sidebarItemsHtml(props.sidebar, props.strings) }
    : props

/**
 * Renders routes (every route unless given) to complete HTML documents. A component that throws
 * is a diagnostic. With a `sink`, each document goes there as soon as it is rendered and is not
 * kept; with `finishing`, there (and its page is not returned).
 */
export function renderSite(
  site: Site,
  { assets, strings, diagnostics, sink, sidebarItems, cards, html: start, finishing }: RenderContext,
  routes: readonly Route[] = site.routes,
): RenderedPage[] {
  const pages: RenderedPage[] = []
  const html = start ? start() : createHtmlStage(site, strings)
  for (const route of routes) {
    const content = html.content(route)
    diagnostics.push(...content.diagnostics)
    try {
      // The page renders a copy of its route with its code filled (the route, kept with the page
      // until the link check, does not hold that code).
      const props = toPageProps(site, html.route(route), {
        strings: strings(route.locale),
        assets: {
          js: assets.js,
          css: pageCss(assets, content.html, content.postHtml),
          ...(assets.scripts ? { scripts: assets.scripts } : {}),
        },
        html: content.html === undefined ? undefined : withoutCssMarkers(content.html),
        postHtml: postsWithoutMarkers(content.postHtml),
        sidebarItems,
        card: cards?.card,
      })
      const label = props.strings['diagram.asText'] ?? 'The diagram as text'
      const offloaded: OffloadedPage = {
        diagramLabel: label,
        reported: content.reported,
        fill: (rendered) => html.fill(route, rendered),
        done: () => html.done(route),
      }
      if (finishing?.takes(route) && finishing.render(route, withSidebarHtml(props), offloaded)) continue
      const filled = html.fill(route, renderDocument(props))
      html.done(route)
      if (finishing) {
        finishing.send(route, filled, label, content.reported)
        continue
      }
      const doc = html.finish(route, filled, label)
      sink?.(route.outFile, doc.html)
      pages.push({
        route,
        html: sink ? '' : doc.html,
        reported: content.reported,
        links: doc.links,
        ids: doc.ids,
      })
    } catch (err) {
      const file = route.source
      diagnostics.push({
        severity: 'error',
        code: 'render',
        message: `rendering ${route.url} failed: ${(err as Error).message}`,
        at: file ? { file } : undefined,
      })
    }
  }
  return pages
}
