import { renderToString } from 'react-dom/server'
import { createElement } from 'react'
import type { Diagnostic, ParsedDoc, Route, Sidebar, Site } from './types.js'
import type { Strings } from '../theme/i18n/format.js'
import type { ClientAssets } from './bundle.js'
import { Document } from '../theme/Document.js'
import { toPageProps } from './page-props.js'
import { resolveDocLinks } from './links/resolve.js'
import { resolveBlogLinks } from './links/resolve-blog.js'
import { resolvePageLinks } from './pages/view.js'
import type { PageRouteData } from './pages/types.js'
import { decodeEntities } from './text.js'
import { hasMath } from './content-assets.js'
import { createImageSizer } from './image-dimensions.js'
import { createDiagramText } from './diagram-text.js'
import { localiseNotFound, type NotFoundLocale } from './not-found-locales.js'
import { urlFor } from './urls.js'
import type { SocialCards } from './social/index.js'

export interface RenderedPage {
  readonly route: Route
  /** The document; '' once handed to a sink (written to disk), to keep memory flat. */
  readonly html: string
  /** Hrefs of this page already reported as broken markdown links. */
  readonly reported: readonly string[]
  /**
   * What the link check needs: every internal-looking link (tag, href, and for a link written in
   * an OpenAPI spec's prose where it is: 'swagger/v2.yaml#/json/pointer') and every id.
   */
  readonly links: ReadonlyArray<readonly [tag: string, href: string, specSource?: string]>
  /** Every id of the page, each between newlines ('\nintro\nsetup\n'): one string, not a set, so thousands of pages of API fields stay small. */
  readonly ids: string
}

/** KaTeX's stylesheet only where a formula is. */
function pageCss(
  assets: ClientAssets & { readonly mathCss?: string },
  html: string | undefined,
  postHtml: ReadonlyMap<string, string> | undefined,
): readonly string[] {
  if (!assets.mathCss) return assets.css
  const math = (html !== undefined && hasMath(html)) || [...(postHtml?.values() ?? [])].some(hasMath)
  return math ? [...assets.css, assets.mathCss] : assets.css
}

const LINK_RE = /<(a|link|img|script|source)\b([^>]*?)\s(href|src)="([^"]*)"/g
const SPEC_LINK_RE = /data-spec-link="([^"]*)"/
const ID_RE = /\sid="([^"]+)"/g

/**
 * A copy of a string that does not share the memory of the string it was cut from. V8 keeps a
 * substring (a regex match, a slice) as a view into its parent; prefixing a character makes it
 * build a new string, and slicing that off again keeps a view of only the copy.
 */
const detach = (s: string): string => (' ' + s).slice(1)

/** A build's doc with its code blocks filled in, for this page only (the doc keeps placeholders). */
function withCode(doc: ParsedDoc, fillCode: ((html: string) => string) | undefined): ParsedDoc {
  const html = fillCode ? fillCode(doc.html) : doc.html
  return html === doc.html ? doc : { ...doc, html }
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
  /** Fills the code placeholders a build leaves in docs' bodies (see `PreparedSite.fillCode`). */
  readonly fillCode?: (html: string) => string
}

/**
 * Renders routes (every route unless given) to complete HTML documents. A component that throws
 * is a diagnostic. With a `sink`, each document goes there as soon as it is rendered and is not kept.
 */
export function renderSite(
  site: Site,
  { assets, strings, diagnostics, sink, sidebarItems, cards, fillCode }: RenderContext,
  routes: readonly Route[] = site.routes,
): RenderedPage[] {
  const pages: RenderedPage[] = []
  const interned = new Map<string, string>()
  // A match is a slice of its page's document and would keep the whole document alive as long
  // as the link list (until the link check): the kept string is a copy of its own characters.
  const intern = (s: string) => {
    const known = interned.get(s)
    if (known !== undefined) return known
    const own = detach(s)
    interned.set(own, own)
    return own
  }
  const seen = new Set<string>()
  const sizeImages = createImageSizer(site.config.dirs.static, site.config.baseUrl)
  const diagramText = createDiagramText(site.config.dirs.static, site.config.baseUrl)
  const { config } = site
  const otherLocales: NotFoundLocale[] = config.locales
    .filter((l) => l !== config.defaultLocale)
    .map((l) => ({
      prefix: urlFor(config, { locale: l, path: '' }).replace(/\/?$/, '/'),
      htmlLang: config.localeConfigs[l]?.htmlLang ?? l,
      strings: strings(l),
    }))
  for (const route of routes) {
    let html: string | undefined
    let reported: readonly string[] = []
    let postHtml: ReadonlyMap<string, string> | undefined
    const resolved =
      route.data.kind === 'doc'
        ? resolveDocLinks(site, route, withCode(route.data.doc, fillCode))
        : route.data.kind === 'page'
          ? resolvePageLinks(site, route as Route & { data: PageRouteData })
          : resolveBlogLinks(site, route)
    if (resolved) {
      if ('postHtml' in resolved) postHtml = resolved.postHtml
      else html = resolved.html
      reported = resolved.reported
      for (const d of resolved.diagnostics) {
        // A fallback page repeats its source's links in every locale: report each once.
        const key = `${d.at?.file}:${d.at?.line}:${d.at?.column}:${d.message}`
        if (!seen.has(key)) diagnostics.push(d)
        seen.add(key)
      }
    }
    try {
      const props = toPageProps(site, route, {
        strings: strings(route.locale),
        assets: { js: assets.js, css: pageCss(assets, html, postHtml) },
        html,
        postHtml,
        sidebarItems,
        card: cards?.card,
      })
      let doc = diagramText(
        sizeImages('<!doctype html>' + renderToString(createElement(Document, props))),
        props.strings['diagram.asText'] ?? 'The diagram as text',
      )
      if (route.data.kind === 'not-found' && route.locale === config.defaultLocale)
        doc = localiseNotFound(doc, otherLocales)
      const links = [...doc.matchAll(LINK_RE)].map((m) => {
        const spec = SPEC_LINK_RE.exec(m[2]!)?.[1]
        // The navbar and sidebar repeat the same hrefs on every page: one string each.
        const href = intern(decodeEntities(m[4]!))
        return spec ? ([m[1]!, href, detach(decodeEntities(spec))] as const) : ([m[1]!, href] as const)
      })
      const ids = `\n${[...doc.matchAll(ID_RE)].map((m) => decodeEntities(m[1]!)).join('\n')}\n`
      sink?.(route.outFile, doc)
      pages.push({ route, html: sink ? '' : doc, reported, links, ids })
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
