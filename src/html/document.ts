import type { Route, Site } from '../types.js'
import type { Strings } from '../../theme/i18n/format.js'
import { decodeEntities } from '../text.js'
import { createImageSizer } from '../image-dimensions.js'
import { createDiagramText } from '../diagram-text.js'
import { localiseNotFound, type NotFoundLocale } from '../not-found-locales.js'
import { NO_LINK_CHECK, urlFor } from '../urls.js'
import { joinLinks, type PageLink } from '../links/page-links.js'
import { withDocusaurusClasses, type PageKind } from './docusaurus-classes.js'

/** A rendered document, finished, with what the link check needs of it. */
export interface FinishedDocument {
  readonly html: string
  /**
   * Every link to check, but those to ids of this page that are there (`src/links/page-links.ts`).
   */
  readonly links: string
  /** Every id, each between newlines ('\nintro\nsetup\n'): one string, not a set, so thousands of pages of API fields stay small. */
  readonly ids: string
}

const LINK_RE = /<(a|link|img|script|source)\b([^>]*?)\s(href|src)="([^"]*)"/g
const SPEC_LINK_RE = /data-spec-link="([^"]*)"/
const ID_RE = /\sid="([^"]+)"/g
/** A `#fragment` href with nothing to decode (no entity, no percent-escape). */
const PLAIN_FRAGMENT = /^#[A-Za-z0-9._~:-]+$/

/**
 * What finishing a document reads of the site, as plain data: made once per build on the main
 * thread (`finishSetup`), and the same object, copied, in each finishing worker
 * (`src/html/finish-pool.ts`).
 */
export interface FinishSetup {
  readonly staticDir: string
  readonly baseUrl: string
  /** The config's head tags, as HTML. */
  readonly headHtml: string
  readonly defaultLocale: string
  /** The other locales' words for the root 404 page. */
  readonly otherLocales: readonly NotFoundLocale[]
  /** The Docusaurus layout: Docusaurus's class names are added first. */
  readonly docusaurus: boolean
  /** Every route's URL (see `isPage` below). */
  readonly pageUrls: readonly string[]
}

/** What finishing reads of a route. */
export interface FinishRoute extends PageKind {
  readonly locale: string
}

const setups = new WeakMap<Site, FinishSetup>()

/** The finishing setup of a site (one per prepared site: its strings are those of its prepare). */
export function finishSetup(site: Site, strings: (locale: string) => Strings): FinishSetup {
  let setup = setups.get(site)
  if (!setup) setups.set(site, (setup = makeSetup(site, strings)))
  return setup
}

function makeSetup(site: Site, strings: (locale: string) => Strings): FinishSetup {
  const { config } = site
  return {
    staticDir: config.dirs.static,
    baseUrl: config.baseUrl,
    headHtml: config.headHtml,
    defaultLocale: config.defaultLocale,
    otherLocales: config.locales
      .filter((l) => l !== config.defaultLocale)
      .map((l) => ({
        prefix: urlFor(config, { locale: l, path: '' }).replace(/\/?$/, '/'),
        htmlLang: config.localeConfigs[l]?.htmlLang ?? l,
        strings: strings(l),
      })),
    docusaurus: config.layout === 'docusaurus',
    pageUrls: [...site.routeByUrl.keys()],
  }
}

/** The part of a route finishing reads, small enough to send to a worker with each document. */
export const finishRoute = (route: Route): FinishRoute => ({
  kind: route.data.kind,
  locale: route.locale,
  version: route.version,
  source: route.source,
})

// A link to a page of the route table, as its URL is written, is a page this build makes (or, in a
// split build, one another job makes): the navbar's and the sidebar's links, a hundred or more on
// every page, need no check and are not kept for it.
const setOf = (urls: readonly string[]) => {
  const set = new Set(urls)
  return (href: string) => set.has(href)
}

/**
 * Finishes the documents React renders: in the Docusaurus layout Docusaurus's class names are
 * added; the site's own head tags go at the end of the head (they are the config's HTML, which
 * React cannot place there as written), images get their sizes, diagrams their text, the root 404
 * page its other locales' words; then its links and ids are collected, the head tags' included.
 * Its state (the image sizes read) lasts as long as the finisher.
 */
export function createDocumentFinisher(
  setup: FinishSetup,
  isPage: (href: string) => boolean = setOf(setup.pageUrls),
): (route: FinishRoute, doc: string, diagramLabel: string) => FinishedDocument {
  const sizeImages = createImageSizer(setup.staticDir, setup.baseUrl)
  const diagramText = createDiagramText(setup.staticDir, setup.baseUrl)
  return (route, rendered, diagramLabel) => {
    const classed = setup.docusaurus ? withDocusaurusClasses(rendered, route) : rendered
    let html = diagramText(sizeImages(withHeadTags(classed, setup.headHtml)), diagramLabel)
    if (route.kind === 'not-found' && route.locale === setup.defaultLocale)
      html = localiseNotFound(html, setup.otherLocales)
    return { html, ...collect(html, isPage) }
  }
}

/** The document with `tags` at the end of its <head> (React writes exactly one). */
function withHeadTags(doc: string, tags: string): string {
  if (!tags) return doc
  const end = doc.indexOf('</head>')
  return end < 0 ? doc : doc.slice(0, end) + tags + doc.slice(end)
}

/** Collects a document's links and ids; those `isPage` says lead to a page of the site are left out. */
function collect(html: string, isPage: (href: string) => boolean): Pick<FinishedDocument, 'links' | 'ids'> {
  const ids = [...html.matchAll(ID_RE)].map((m) => decodeEntities(m[1]!))
  let own: ReadonlySet<string> | undefined
  const links: PageLink[] = []
  const unchecked = html.includes(NO_LINK_CHECK)
  for (const m of html.matchAll(LINK_RE)) {
    // A link to an element of this same page that is there needs no check: an API operation
    // page has one beside every parameter and field, hundreds a page.
    if (m[1] === 'a' && PLAIN_FRAGMENT.test(m[4]!) && (own ??= new Set(ids)).has(m[4]!.slice(1))) continue
    // A `pathname://` link leads outside the site's pages (src/urls.ts): not checked. Looked for
    // only on a page that has one (an API page has hundreds of links).
    if (
      unchecked &&
      m[1] === 'a' &&
      html.slice(m.index!, html.indexOf('>', m.index!)).includes(NO_LINK_CHECK)
    )
      continue
    const spec = SPEC_LINK_RE.exec(m[2]!)?.[1]
    const href = decodeEntities(m[4]!)
    if (spec) links.push([m[1]!, href, decodeEntities(spec)])
    else if (!isPage(href)) links.push([m[1]!, href])
  }
  // Joined, the page's strings are new strings: no match keeps the whole document alive.
  return { links: joinLinks(links), ids: `\n${ids.join('\n')}\n` }
}
