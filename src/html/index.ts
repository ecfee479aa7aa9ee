import type { Diagnostic, Route, Site } from '../types.js'
import type { Strings } from '../../theme/i18n/format.js'
import { noApiFilling, type ApiPageFiller, type FillCode } from './code.js'
import { pageContent, type PageContent } from './content.js'
import { createDocumentFinisher, finishRoute, finishSetup, type FinishedDocument } from './document.js'

// HTML is finished here, for build and serve alike: code blocks filled (`code.ts`: the content
// kinds' parse results once, in copies; a build's docs page by page), link placeholders rewritten
// for the route (`content.ts`), and the rendered document's images, diagrams, links and ids
// (`document.ts`), which in the Docusaurus layout gets Docusaurus's class names first
// (`docusaurus-classes.ts`). A build finishes its documents on worker threads
// (`finish-pool.ts`), serve in its own. Parse results are read, never changed.

export type { FillCode, ParsedContent } from './code.js'
export { apiPageFiller, noApiFilling, settleCode, type ApiPageFiller } from './code.js'
export type { PageContent } from './content.js'
export type { FinishedDocument, FinishSetup } from './document.js'
export { finishSetup } from './document.js'

/** Finishes the pages of one render pass (a batch of a build, a page of serve). */
export interface HtmlStage {
  /** The route as its page renders it (a build's API operation: its code filled). */
  route(route: Route): Route
  /** The route's content, finished; its warnings are those not reported earlier in this pass. */
  content(route: Route): PageContent
  /** The document React rendered for the route with what only this thread can fill (API code). */
  fill(route: Route, rendered: string): string
  /** The route's page is rendered (here or on a worker thread): what only it needed is let go. */
  done(route: Route): void
  /** A filled document, finished, with its links and ids (`document.ts`). */
  finish(route: Route, filled: string, diagramLabel: string): FinishedDocument
}

export function createHtmlStage(
  site: Site,
  strings: (locale: string) => Strings,
  /** Fills the code placeholders a build leaves in docs' bodies (see `settleCode`). */
  fillDocs: FillCode = (html) => html,
  /** Fills those a build leaves in its API pages (see `apiPageFiller`). */
  apiPages: ApiPageFiller = noApiFilling,
): HtmlStage {
  const seen = new Set<string>()
  // A fallback page repeats its source's links in every locale: report each once.
  const fresh = (d: Diagnostic) => {
    const key = `${d.at?.file}:${d.at?.line}:${d.at?.column}:${d.message}`
    const isNew = !seen.has(key)
    seen.add(key)
    return isNew
  }
  const finish = createDocumentFinisher(finishSetup(site, strings), (href) => site.routeByUrl.has(href))
  return {
    route: apiPages.route,
    content(route) {
      const content = pageContent(site, route, fillDocs)
      return { ...content, diagnostics: content.diagnostics.filter(fresh) }
    },
    fill: apiPages.document,
    done: apiPages.done,
    finish: (route, filled, label) => finish(finishRoute(route), filled, label),
  }
}
