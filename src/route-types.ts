import type { ApiChanges, ApiOperation, ApiSchema, ApiSpec, ApiTag } from './api-types.js'
import type { SiteConfig } from './config-types.js'
import type { ParsedDoc } from './docs/types.js'
import type { TagDef } from './content-types.js'
import type { BlogIndex, BlogRouteData } from './blog/types.js'
import type { PageRouteData } from './pages/types.js'
import type { Sidebar } from './site/types.js'

// The route table's entries: one per output page, with the data its page kind needs. The kinds'
// data types meet here (this is the one module that names them all); src/site/ only orders routes.

export type RouteData =
  | {
      readonly kind: 'doc'
      readonly doc: ParsedDoc
      readonly notTranslated: boolean
      /** A translation whose `source_hash` no longer matches its source page. */
      readonly staleTranslation: boolean
      readonly sidebarId: string | undefined
      /** The docs' tags.yml entries its tags may name. */
      readonly tagDefs?: ReadonlyMap<string, TagDef>
    }
  | {
      readonly kind: 'category-index'
      readonly title: string
      readonly description: string | undefined
      readonly sidebarId: string
      readonly categoryLabel: string
    }
  | { readonly kind: 'tags'; readonly tags: ReadonlyArray<{ label: string; href: string; count: number }> }
  | {
      readonly kind: 'tag'
      readonly tag: string
      /** From the docs' tags.yml. */
      readonly description?: string
      /** The page of all tags (`x/tags/`, or `x/tags` without trailing slashes). */
      readonly allTagsHref: string
      readonly docs: ReadonlyArray<{ title: string; href: string; description: string | undefined }>
    }
  | { readonly kind: 'not-found' }
  | BlogRouteData
  | PageRouteData
  | ApiRouteData

/** Pages of the API reference (src/openapi/routes.ts). */
export type ApiRouteData =
  | {
      readonly kind: 'api-index' | 'api-info'
      readonly spec: ApiSpec
      readonly sidebarId: string | undefined
      readonly changes: ApiChanges | undefined
    }
  | {
      readonly kind: 'api-tag'
      readonly spec: ApiSpec
      readonly tag: ApiTag
      readonly sidebarId: string | undefined
    }
  | {
      readonly kind: 'api-operation'
      readonly spec: ApiSpec
      readonly operation: ApiOperation
      readonly sidebarId: string | undefined
    }
  | {
      readonly kind: 'api-changes'
      readonly spec: ApiSpec
      readonly changes: ApiChanges
      readonly sidebarId: string | undefined
    }
  | {
      readonly kind: 'api-schema'
      readonly spec: ApiSpec
      readonly schema: ApiSchema
      readonly sidebarId: string | undefined
    }

export interface Route {
  /** Final URL path including baseUrl: '/vi/integration/launch-game/'. */
  readonly url: string
  /** Output file under outDir: 'vi/integration/launch-game/index.html'. */
  readonly outFile: string
  readonly locale: string
  readonly version: string | undefined
  readonly data: RouteData
  /** Identity shared by the same page in every locale (and version, for `versionKey`). */
  readonly key: string
  readonly versionKey: string | undefined
  readonly unlisted: boolean
  /**
   * The project-relative file this page is made from (a doc, a post, a standalone page, the API
   * spec), which diagnostics, the sitemap's lastmod and reports name; undefined for generated
   * pages (indexes, tags, 404).
   */
  readonly source: string | undefined
}

/** The whole site, created once per build and never mutated. */
export interface Site {
  readonly config: SiteConfig
  readonly routes: readonly Route[]
  readonly routeByUrl: ReadonlyMap<string, Route>
  /** Sidebars by `${locale}/${version}/${sidebarId}`. */
  readonly sidebars: ReadonlyMap<string, Sidebar>
  /** Site labels translated per locale (content/i18n/<locale>/site.json). */
  readonly siteLabels: Readonly<Record<string, Readonly<Record<string, string>>>>
  /** Doc URLs by `${locale}|${version}|${docId}`, for link resolution and the navbar. */
  readonly docUrls: ReadonlyMap<string, string>
  /** Files under static/, POSIX paths relative to it. */
  readonly staticFiles: ReadonlySet<string>
  /** The blog of each locale, when content/blog/ exists. */
  readonly blog?: ReadonlyMap<string, BlogIndex>
}
