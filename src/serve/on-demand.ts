import type { PreparedSite } from '../build.js'
import type { Diagnostic, Route } from '../types.js'
import { renderSite, type RenderedPage } from '../render.js'
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
   * Renders routes without keeping them (the search index reads them once), with the problems
   * their docs' bodies have.
   */
  render(routes: readonly Route[]): Promise<{ pages: RenderedPage[]; diagnostics: readonly Diagnostic[] }>
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
  /** The site-wide files (sitemap, feeds, redirects) of this prepared site, when already made. */
  extra: ReadonlyMap<string, string> = postProcess(prepared.site, prepared.site.routes),
): LiveSite {
  const { site } = prepared
  const byOutFile = new Map(site.routes.map((r) => [r.outFile, r]))
  // The Markdown twins and llms.txt take seconds for a large site: made on the first request for one.
  let machine: ReadonlyMap<string, string> | undefined
  const machineFiles = () => {
    if (!machine) {
      const twins = markdownTwins(site, prepared.strings)
      machine = new Map([...twins, ...llmsFiles(site, twins)])
    }
    return machine
  }
  const machineNames = new Set([
    ...site.routes.filter(hasTwin).map(twinFile),
    ...(site.config.llms && site.config.url ? ['llms.txt', 'llms-full.txt'] : []),
  ])
  const files = new Set([
    ...prepared.files.keys(),
    ...extra.keys(),
    ...byOutFile.keys(),
    ...machineNames,
    ...prepared.staticFiles,
  ])
  const rendered = new Map<string, Promise<{ body: string; diagnostics: readonly Diagnostic[] }>>()
  const renderNow = (routes: readonly Route[], diagnostics: Diagnostic[] = []) =>
    renderSite(
      site,
      {
        assets: prepared.assets,
        strings: prepared.strings,
        diagnostics,
        sidebarItems: prepared.sidebarItems,
      },
      routes,
    )
  const renderPage = async (route: Route) => {
    const diagnostics = [...(await prepared.settleBodies([route]))]
    const [done] = renderNow([route], diagnostics)
    if (!done) return { body: '', diagnostics }
    diagnostics.push(
      ...checkHtmlLinks({
        config: site.config,
        pages: [done],
        files: { has: (f) => files.has(f) || prepared.lazyAsset(f) !== undefined },
        locales: prepared.locales,
        locateSpecText: prepared.locateSpecText,
      }),
    )
    return { body: done.html, diagnostics }
  }
  return {
    routes: site.routes,
    prepared,
    extra,
    async render(routes) {
      const diagnostics = await prepared.settleBodies(routes)
      return { pages: renderNow(routes), diagnostics }
    },
    async get(rel) {
      const generated = prepared.files.get(rel)
      // Everything the build writes under assets/ has a content hash in its name (the deploy
      // recipe caches it for a year too).
      if (generated !== undefined) return { body: generated, immutable: rel.startsWith('assets/') }
      const file = extra.get(rel) ?? search().get(rel)
      if (file !== undefined) return { body: file }
      if (machineNames.has(rel)) {
        // Twins read every doc's body: render the ones serve has not shown yet first.
        if (!machine) await prepared.settleBodies(site.routes)
        const text = machineFiles().get(rel)
        return text === undefined ? undefined : { body: text }
      }
      const lazyAsset = prepared.lazyAsset(rel)
      if (lazyAsset) return { file: lazyAsset }
      const route = byOutFile.get(rel)
      if (!route) return undefined
      let page = rendered.get(rel)
      // One render per page and revision, however many requests arrive while it runs.
      if (!page) rendered.set(rel, (page = renderPage(route)))
      return page
    },
  }
}
