import type { PreparedSite } from '../build.js'
import type { Diagnostic, Route } from '../types.js'
import { renderSite, type RenderedPage } from '../render.js'
import { checkHtmlLinks } from '../links.js'
import { postProcess } from '../postprocess.js'
import { hasTwin, markdownTwins, twinFile } from '../twins/index.js'
import { llmsFiles } from '../machine/llms.js'

/** One revision of the site as `serve` answers it: pages rendered when they are first asked for. */
export interface LiveSite {
  /** A page (rendered now or earlier in this revision), an asset, or undefined. */
  get(
    rel: string,
  ): { readonly body: string | Uint8Array; readonly diagnostics?: readonly Diagnostic[] } | undefined
  /** Every route, for the background search index. */
  readonly routes: readonly Route[]
  /** Renders routes without keeping them (the search index reads them once). */
  render(routes: readonly Route[]): RenderedPage[]
}

/**
 * The prepared site of one revision. Rendering a page costs milliseconds, so nothing is rendered
 * until a browser asks; the page's own links are checked against the route table as it renders,
 * so a broken link shows in the overlay as soon as the page is previewed.
 */
export function liveSite(prepared: PreparedSite, search: () => ReadonlyMap<string, Uint8Array>): LiveSite {
  const { site } = prepared
  const byOutFile = new Map(site.routes.map((r) => [r.outFile, r]))
  const extra = postProcess(site, site.routes)
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
  const rendered = new Map<string, { body: string; diagnostics: readonly Diagnostic[] }>()
  const render = (routes: readonly Route[], diagnostics: Diagnostic[] = []) =>
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
  return {
    routes: site.routes,
    render,
    get(rel) {
      const file = prepared.files.get(rel) ?? extra.get(rel) ?? search().get(rel)
      if (file !== undefined) return { body: file }
      if (machineNames.has(rel)) {
        const text = machineFiles().get(rel)
        return text === undefined ? undefined : { body: text }
      }
      const route = byOutFile.get(rel)
      if (!route) return undefined
      let page = rendered.get(rel)
      if (!page) {
        const diagnostics: Diagnostic[] = []
        const [done] = render([route], diagnostics)
        if (!done) return { body: '', diagnostics }
        diagnostics.push(
          ...checkHtmlLinks({
            config: site.config,
            pages: [done],
            files,
            locales: prepared.locales,
            locateSpecText: prepared.locateSpecText,
          }),
        )
        rendered.set(rel, (page = { body: done.html, diagnostics }))
      }
      return page
    },
  }
}
