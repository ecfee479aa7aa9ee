// What `prepare` gives the steps after it (render, twins, links, serve): in its own module so
// that those steps, which build.ts imports, need not import build.ts back.
import type { Diagnostic, LaterFile, Route, Sidebar, Site, SourceLocation } from './types.js'
import type { Strings } from '../theme/i18n/format.js'
import type { ClientAssets } from './bundle.js'
import type { ApiPageFiller } from './html/index.js'

/**
 * Everything a page needs before it can render: sources parsed, code highlighted, the API model,
 * the route table and sidebars, the client bundle. `build` renders every route from it; `serve`
 * renders a route when it is requested. Throws DocsSiteError on any error diagnostic.
 */
export interface PreparedSite {
  readonly site: Site
  readonly assets: ClientAssets & { readonly mathCss?: string }
  /** Files besides the pages: client assets, sidebar items, API downloads. */
  readonly files: ReadonlyMap<string, string | Uint8Array>
  /** serve: files made when they are first asked for (large sidebars' items, mermaid's modules; none in a build). */
  readonly later: ReadonlyMap<string, LaterFile>
  readonly sidebarItems: ReadonlyMap<Sidebar, string>
  readonly staticFiles: ReadonlySet<string>
  /** The locales built (links to others are not checked). */
  readonly locales: readonly string[]
  readonly strings: (locale: string) => Strings
  readonly locateSpecText: (specFile: string, pointer: string) => SourceLocation | undefined
  /** Warnings so far (errors throw). */
  readonly diagnostics: readonly Diagnostic[]
  /**
   * Renders the bodies of the routes' docs not rendered yet (serve renders them lazily) and waits
   * for their code to be highlighted; answers their problems. A build's bodies are rendered: it
   * waits for their code (highlighted while the first pages render).
   */
  readonly settleBodies: (routes: readonly Route[]) => Promise<readonly Diagnostic[]>
  /** A co-located file of a doc rendered lazily, by output path (absolute path on disk). */
  readonly lazyAsset: (rel: string) => string | undefined
  /**
   * serve: takes saved docs whose front matter and title did not change in place and answers the
   * routes that show them; undefined when the site must be prepared again (see edit-in-place.ts).
   */
  readonly editBodies: (files: ReadonlySet<string>) => Promise<readonly Route[] | undefined>
  /** serve: keeps the code highlighted so far for the next start (a build does it itself). */
  readonly persistCaches: () => void
  /**
   * Docs keep their code blocks as placeholders until their pages render: this fills them (in
   * serve, the blocks of the docs `settleBodies` has settled).
   */
  readonly fillCode: (html: string) => string
  /**
   * A build's API pages keep their code as placeholders until each renders: this fills a page's
   * (see `apiPageFiller`). serve's are filled when the site is prepared: it leaves them as they are.
   */
  readonly apiPages: ApiPageFiller
  /**
   * A build: every page is rendered, the highlighted blocks are no longer needed (once every
   * block is done and kept for the next build; a worker's failure is thrown here).
   */
  readonly releaseCode: () => Promise<void>
}
