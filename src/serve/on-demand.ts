import type { PreparedSite } from '../prepare.js'
import type { Diagnostic, Route } from '../types.js'
import { renderSite } from '../render.js'
import { createHtmlStage } from '../html/index.js'
import { checkHtmlLinks } from '../links/check.js'
import { postProcess } from '../postprocess.js'
import { hasTwin, markdownTwins, twinFile } from '../twins/index.js'
import { llmsFiles } from '../machine/llms.js'

/** One revision of the site as `serve` answers it: pages rendered when they are first asked for. */
export interface LiveSite {
  /** A page (rendered now or earlier in this revision), an asset, or undefined. */
  get(rel: string): Promise<LiveFile | undefined>
  /** Every route, for the background search index. */
  readonly routes: readonly Route[]
  readonly prepared: PreparedSite
  /** The site-wide files, for a next revision of the same prepared site. */
  readonly extra: ReadonlyMap<string, string>
  /**
   * A route's page for the background pass: the page this revision answers with, rendered now
   * when nobody asked for it yet and kept (up to `KEEP_CHARS` of such pages), so that the next
   * reader to open it does not wait. Its `ofBody` are the problems of its doc's body.
   */
  render(route: Route): Promise<LivePage>
  /**
   * The routes that the pages browsers asked for link to and that are not rendered yet, in the
   * order of those links: where a reader goes next, for the background pass to render first.
   */
  ahead(): Route[]
  /**
   * The pages rendered so far that a save of `edited` cannot have changed, for the next revision:
   * all but the edited docs' own pages and their translations (whose note names the source).
   */
  carry(edited: readonly Route[]): ReadonlyMap<string, Promise<LivePage>>
  /**
   * serve's first answer, of the root page's version and locale without the blog: links are not
   * checked, the other versions, locales and the blog are missing.
   */
  readonly partial: boolean
}

/** A rendered page of one revision: the same object for every request (its bytes are cached). */
export interface LivePage {
  readonly body: string
  readonly diagnostics: readonly Diagnostic[]
  /** The problems of its doc's body alone (a part of `diagnostics`). */
  readonly ofBody: readonly Diagnostic[]
}

/**
 * The background pass keeps the pages it renders up to this many characters in all (~30 MB at
 * the ~30 KB of a page with a large lazy sidebar: a thousand pages); pages a browser asked for are
 * always kept. Past it, a page is rendered for the search index and dropped, as a build does.
 */
export const KEEP_CHARS = 32_000_000

export interface LiveSiteOptions {
  /** The site-wide files (sitemap, feeds, redirects) of this prepared site, when already made. */
  readonly extra?: ReadonlyMap<string, string>
  /** Pages rendered in the previous revision and still current (see `carry`). */
  readonly rendered?: ReadonlyMap<string, Promise<LivePage>>
  readonly partial?: boolean
  /** @default KEEP_CHARS */
  readonly keepChars?: number
}

export type LiveFile =
  | {
      readonly body: string | Uint8Array
      readonly diagnostics?: readonly Diagnostic[]
      readonly immutable?: boolean
    }
  | { readonly file: string }

/**
 * The prepared site of one revision. Rendering a page costs milliseconds, so nothing is rendered
 * until a browser asks; the page's own links are checked against the route table as it renders,
 * so a broken link shows in the overlay as soon as the page is previewed.
 */
export function liveSite(
  prepared: PreparedSite,
  search: () => ReadonlyMap<string, Uint8Array>,
  options: LiveSiteOptions = {},
): LiveSite {
  const extra =
    options.extra ?? postProcess(prepared.site, prepared.site.routes, { staticFiles: prepared.staticFiles })
  const partial = options.partial ?? false
  const { site } = prepared
  const byOutFile = new Map(site.routes.map((r) => [r.outFile, r]))
  const machine = machineFiles(prepared)
  const files = new Set([
    ...prepared.files.keys(),
    ...prepared.later.keys(),
    ...extra.keys(),
    ...byOutFile.keys(),
    ...machine.names,
    ...prepared.staticFiles,
  ])
  const pages = renderedPages(
    pageRenderer(prepared, partial, (f) => files.has(f)),
    options,
    (url) => site.routeByUrl.get(url),
  )
  // One answer object per file, so the server can keep its bytes (and their gzip) for the next request.
  const answers = new Map<string, LiveFile>()
  const answer = (rel: string, make: () => LiveFile) => answers.get(rel) ?? answers.set(rel, make()).get(rel)!
  return {
    routes: site.routes,
    prepared,
    extra,
    partial,
    carry(edited) {
      const shown = new Set(edited.flatMap((r) => (r.data.kind === 'doc' ? [docKey(r)] : [])))
      return new Map(
        [...pages.all].filter(([rel]) => {
          const route = byOutFile.get(rel)
          return route?.data.kind !== 'doc' || !shown.has(docKey(route))
        }),
      )
    },
    render: pages.background,
    ahead: pages.ahead,
    async get(rel) {
      const generated = prepared.files.get(rel)
      // Everything the build writes under assets/ has a content hash in its name (the deploy
      // recipe caches it for a year too).
      if (generated !== undefined)
        return answer(rel, () => ({ body: generated, immutable: rel.startsWith('assets/') }))
      // Made on this first request, and kept.
      const later = prepared.later.get(rel)
      if (later) return answer(rel, () => ({ body: later.make(), immutable: later.immutable }))
      const made = extra.get(rel)
      if (made !== undefined) return answer(rel, () => ({ body: made }))
      const index = search().get(rel)
      if (index !== undefined) return { body: index }
      if (machine.names.has(rel)) {
        const text = (await machine.files()).get(rel)
        return text === undefined ? undefined : { body: text }
      }
      const lazyAsset = prepared.lazyAsset(rel)
      if (lazyAsset) return { file: lazyAsset }
      const route = byOutFile.get(rel)
      if (!route) return undefined
      return pages.asked(route)
    },
  }
}

/**
 * The pages of one revision: one render per page, however many requests arrive while it runs;
 * those browsers asked for, and those the background pass rendered up to `keepChars`.
 */
function renderedPages(
  renderPage: (route: Route, links?: boolean) => Promise<LivePage>,
  options: LiveSiteOptions,
  routeByUrl: (url: string) => Route | undefined,
) {
  // A carried page is a new object: its cached bytes carry the revision they were served in.
  const all = new Map<string, Promise<LivePage>>(
    [...(options.rendered ?? [])].map(([rel, page]) => [rel, copyOf(page)]),
  )
  // The pages browsers asked for in this revision, as they settle: what `ahead` reads links from.
  const asked = new Map<string, LivePage>()
  let keptChars = 0
  const keep = (rel: string, page: Promise<LivePage>, by: 'browser' | 'background') => {
    all.set(rel, page)
    page.then(
      (p) => (by === 'browser' ? asked.set(rel, p) : (keptChars += p.body.length)),
      () => undefined,
    )
    return page
  }
  for (const [rel, page] of all) keep(rel, page, 'background')
  return {
    all: all as ReadonlyMap<string, Promise<LivePage>>,
    asked(route: Route) {
      const page = all.get(route.outFile)
      if (!page) return keep(route.outFile, renderPage(route), 'browser')
      if (!asked.has(route.outFile))
        page.then(
          (p) => asked.set(route.outFile, p),
          () => undefined,
        )
      return page
    },
    background(route: Route) {
      const page = all.get(route.outFile)
      if (page) return page
      // A page past the budget is not kept: its links need no check (the pass reports its body's).
      if (keptChars >= (options.keepChars ?? KEEP_CHARS)) return renderPage(route, false)
      return keep(route.outFile, renderPage(route), 'background')
    },
    ahead() {
      const next = new Set<Route>()
      for (const page of asked.values())
        for (const m of page.body.matchAll(/\shref="([^"#?]+)/g)) {
          const route = routeByUrl(m[1]!)
          if (route && !all.has(route.outFile)) next.add(route)
        }
      return [...next]
    },
  }
}

const renderNow = (prepared: PreparedSite, routes: readonly Route[], diagnostics: Diagnostic[] = []) =>
  renderSite(
    prepared.site,
    {
      assets: prepared.assets,
      strings: prepared.strings,
      diagnostics,
      sidebarItems: prepared.sidebarItems,
      // Docs' code blocks are filled as each page renders, with the code its bodies settled.
      html: () => createHtmlStage(prepared.site, prepared.strings, prepared.fillCode),
    },
    routes,
  )

/** Renders one page with the problems of its body and (unless `partial`, or `links` false) of its links. */
function pageRenderer(prepared: PreparedSite, partial: boolean, has: (file: string) => boolean) {
  return async (route: Route, links = true): Promise<LivePage> => {
    const ofBody = await prepared.settleBodies([route])
    const diagnostics = [...ofBody]
    const [done] = renderNow(prepared, [route], diagnostics)
    if (!done) return { body: '', diagnostics, ofBody }
    // In the first site a link to another version, locale or the blog would look broken: the full
    // revision checks it.
    if (partial || !links) return { body: done.html, diagnostics, ofBody }
    diagnostics.push(
      ...checkHtmlLinks({
        config: prepared.site.config,
        pages: [done],
        files: { has: (f) => has(f) || prepared.lazyAsset(f) !== undefined },
        locales: prepared.locales,
        locateSpecText: prepared.locateSpecText,
      }),
    )
    return { body: done.html, diagnostics, ofBody }
  }
}

/** The Markdown twins and llms.txt take seconds for a large site: made on the first request for one. */
function machineFiles(prepared: PreparedSite) {
  const { site } = prepared
  let made: Promise<ReadonlyMap<string, string>> | undefined
  return {
    names: new Set([
      ...site.routes.filter(hasTwin).map(twinFile),
      ...(site.config.llms && site.config.url ? ['llms.txt', 'llms-full.txt'] : []),
    ]),
    files: () =>
      (made ??= (async () => {
        // Twins read every doc's body: render the ones serve has not shown yet first.
        await prepared.settleBodies(site.routes)
        const twins = markdownTwins(site, prepared.strings)
        return new Map([...twins, ...llmsFiles(site, twins)])
      })().catch((err: unknown) => {
        made = undefined
        throw err
      })),
  }
}

/** A new object for the same page; a failed render fails for whoever asks, and only then. */
function copyOf(page: Promise<LivePage>): Promise<LivePage> {
  const copy = page.then((p) => ({ ...p }))
  copy.catch(() => undefined)
  return copy
}

/** A doc's pages in every locale share its version and id. */
const docKey = (route: Route) =>
  route.data.kind === 'doc' ? `${route.version}\0${route.data.doc.id}` : route.outFile
