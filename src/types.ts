// The data model. A newcomer reads this file first: config (config-types.ts) → sources → parsed pages
// → site (routes) → page props (the theme's only input) → output files.

import type { ApiChanges, ApiOperation, ApiSchema, ApiSpec, ApiTag } from './api-types.js'
import type { CategoryLinkConfig, SiteConfig } from './config-types.js'

// ── Sources and diagnostics ────────────────────────────────────────────────────────────────

/** Where something came from. `file` is relative to the project root, POSIX. */
export interface SourceLocation {
  readonly file: string
  readonly line?: number
  readonly column?: number
}

export type DiagnosticCode =
  | 'config'
  | 'frontmatter'
  | 'markdown'
  | 'encoding'
  | 'category'
  | 'sidebar'
  | 'duplicate-route'
  | 'broken-link'
  | 'broken-markdown-link'
  | 'broken-anchor'
  | 'unclosed-html'
  | 'render'
  | 'social-card'
  | 'stale-translation'
  | 'output'
  | 'static-clash'
  | 'static'
  | 'openapi'
  | 'blog'
  | 'page'
  | 'mdx'
  | 'docusaurus'

export interface Diagnostic {
  readonly severity: 'error' | 'warning'
  readonly code: DiagnosticCode
  readonly message: string
  readonly at?: SourceLocation
  /** One actionable sentence. */
  readonly hint?: string
  /** Source text for a code frame. */
  readonly source?: string
  /** Reported once per build per key: the first occurrence stands for the rest. */
  readonly once?: string
}

/** A markdown file found under content/, with its place in the locale × version grid. */
export interface SourceFile {
  readonly kind: 'doc' | 'category'
  readonly absPath: string
  /** Relative to the project root, POSIX: 'content/docs/v2/intro.md'. */
  readonly file: string
  /** Relative to its docs root (content/docs/<version>/ or the i18n mirror): 'integration/intro.md'. */
  readonly relPath: string
  readonly locale: string
  readonly version: string
}

// ── Parsed pages ─────────────────────────────────────────────────────────────────────────

export interface Heading {
  readonly level: number
  readonly text: string
  readonly id: string
}

/** A link written in markdown; rendered as a placeholder href until the route table exists. */
export interface LinkRef {
  readonly href: string
  readonly at: SourceLocation
}

export interface DocFrontMatter {
  id?: string
  title?: string
  description?: string
  slug?: string
  sidebar_label?: string
  sidebar_position?: number
  tags?: string[]
  keywords?: string[]
  image?: string
  hide_table_of_contents?: boolean
  hide_footer?: boolean
  unlisted?: boolean
  draft?: boolean
  [key: string]: unknown
}

export interface ParsedDoc {
  readonly kind: 'doc'
  /** 'integration/launch-game' (front-matter `id` replaces the last segment). */
  readonly id: string
  readonly source: SourceFile
  readonly frontMatter: Readonly<DocFrontMatter>
  /** contentHash() of the file's text: what a translation's `source_hash` is compared with. */
  readonly contentHash: string
  readonly title: string
  readonly description: string | undefined
  /** Rendered body with `href="docs-site-link:N"` placeholders for `links[N]`. */
  readonly html: string
  readonly headings: readonly Heading[]
  readonly links: readonly LinkRef[]
  /** The markdown source after the front matter (the Markdown twin is made from it). */
  readonly body: string
  /** Co-located files the page uses: output path → absolute path. */
  readonly assets?: ReadonlyMap<string, string>
}

export interface ParsedCategory {
  readonly kind: 'category'
  readonly source: SourceFile
  /** Folder relative to the docs root: 'integration/integration-flow'. */
  readonly dir: string
  readonly label: string | undefined
  readonly position: number | undefined
  readonly collapsed: boolean | undefined
  readonly link: CategoryLinkConfig | undefined
}

export type Parsed = ParsedDoc | ParsedCategory

// ── Site (routes) ────────────────────────────────────────────────────────────────────────

/** A sidebar entry with final URLs, for one locale and version. */
export interface SidebarNode {
  readonly kind: 'doc' | 'link' | 'category'
  readonly label: string
  readonly href: string | undefined
  readonly docId?: string
  /** HTTP method pill of an API operation. */
  readonly badge?: string
  readonly deprecated?: boolean
  readonly collapsible: boolean
  readonly collapsed: boolean
  /**
   * Off the current page's path, show only the category's own link (its page lists the items):
   * the API reference of a large spec, whose every page would otherwise carry every operation.
   */
  readonly summarized?: boolean
  readonly items: readonly SidebarNode[]
}

export interface Sidebar {
  readonly id: string
  readonly items: readonly SidebarNode[]
  /** Nodes with a page, in reading order (prev/next, a sidebar's first page); made once. */
  readonly flat: readonly SidebarNode[]
}

export type RouteData =
  | {
      readonly kind: 'doc'
      readonly doc: ParsedDoc
      readonly notTranslated: boolean
      /** A translation whose `source_hash` no longer matches its source page. */
      readonly staleTranslation: boolean
      readonly sidebarId: string | undefined
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

// ── Results ──────────────────────────────────────────────────────────────────────────────

/** Generated files keyed by POSIX path under outDir (static/ is copied separately). */
export type Output = ReadonlyMap<string, string | Uint8Array>

export interface BuildResult {
  readonly site: Site
  readonly output: Output
  readonly diagnostics: readonly Diagnostic[]
  readonly stats: BuildStats
}

export interface BuildStats {
  readonly pages: number
  /** Pages per `locale/version`, and per `locale/blog`. */
  readonly byLocaleVersion: Readonly<Record<string, number>>
  readonly ms: number
}

export interface BuildOptions {
  /** false: build in memory only (tests). @default true */
  write?: boolean
  /** Build only these locales. */
  locales?: readonly string[]
  /**
   * Write only the pages of these versions (and those of no version: blog, standalone pages, 404s);
   * the other versions' docs are read up to their front matter, for the route table.
   */
  versions?: readonly string[]
  /** Print stage timings. */
  log?: (line: string) => void
}

// The theme's input (PageProps and its parts) lives in view-types.ts.
export type * from './config-types.js'
export type * from './view-types.js'
export type * from './api-types.js'
export type * from './blog/types.js'
import type { BlogIndex, BlogRouteData } from './blog/types.js'
import type { PageRouteData } from './pages/types.js'
