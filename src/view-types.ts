import type { AnnouncementBarConfig, LogoConfig, SiteConfig } from './config-types.js'
import type { Heading, PagerLink } from './content-types.js'
import type { BlogPageView } from './blog/types.js'
import type { StandalonePageView } from './pages/types.js'
import type { Strings } from '../theme/i18n/format.js'
import type {
  ApiChange,
  ApiOperation,
  ApiSchema,
  ApiSecurityScheme,
  ApiServer,
  ApiSpec,
  ApiTag,
  HttpMethod,
} from './api-types.js'

// ── Theme input (what page-props.ts produces; the only thing theme/ sees) ──────────────────

export interface LinkView {
  readonly label: string
  readonly href: string
  readonly external: boolean
  readonly active: boolean
  /** A `pathname://` link: a path outside the site's pages, not checked. */
  readonly unchecked?: boolean
  /** Set on locale links: the language of the target. */
  readonly lang?: string
  /** On version-less pages (blog, 404): the link's target in each docs version, by version name. */
  readonly versions?: Readonly<Record<string, string>>
  /** Set on version dropdown links: the version's name, remembered as the preferred one. */
  readonly version?: string
  /** Set on version links to this page's twin: the #hash is kept when switching. */
  readonly keepHash?: boolean
}

export type NavItemView =
  | ({ readonly kind: 'link'; readonly position: 'left' | 'right' } & LinkView)
  | {
      readonly kind: 'dropdown'
      readonly position: 'left' | 'right'
      readonly label: string
      readonly active: boolean
      readonly variant: 'plain' | 'locale' | 'version'
      readonly items: readonly LinkView[]
    }
  | { readonly kind: 'html'; readonly position: 'left' | 'right'; readonly html: string }
  | { readonly kind: 'search'; readonly position: 'left' | 'right' }

export interface SidebarItemView {
  readonly label: string
  readonly href: string | undefined
  /** `more`: a long list's placeholder for the items its window leaves out (see `more`). */
  readonly kind: 'doc' | 'link' | 'category' | 'more'
  readonly active: boolean
  readonly expanded: boolean
  readonly collapsible: boolean
  readonly external: boolean
  /** HTTP method pill of an API operation. */
  readonly badge?: string
  readonly deprecated?: boolean
  /** Classes of its own on its `<li>`. */
  readonly className?: string
  readonly items: readonly SidebarItemView[]
  /**
   * A collapsed category of a large sidebar whose items are left out of the page: its key in the
   * sidebar's shared items file (`PageProps.sidebarItemsSrc`), fetched when it is expanded.
   */
  readonly lazy?: number
  /** For a lazy category without a page of its own: its first page, where it is expanded (no JavaScript needed). */
  readonly firstHref?: string
  /**
   * A placeholder's list (its key in the shared items file, whose value is the list's items one
   * by one) and the items it stands for, `from` up to `to` (exclusive).
   */
  readonly more?: { readonly key: number; readonly from: number; readonly to: number }
}

export type PageView =
  | {
      readonly kind: 'doc'
      /** The page's Markdown twin (`route/index.md`), for the copy button. */
      readonly markdownHref?: string
      readonly title: string
      /** The h1, when the body's own `# heading` differs from the title (see `ParsedDoc.contentTitle`). */
      readonly heading?: string
      /**
       * `hide_title: true` on a doc without a `# heading` of its own: its title is not shown (it
       * stays in the page for screen readers, as the page's one h1).
       */
      readonly hideTitle?: boolean
      readonly html: string
      readonly toc: readonly Heading[]
      readonly breadcrumbs: readonly PagerLink[]
      readonly prev: PagerLink | undefined
      readonly next: PagerLink | undefined
      readonly editUrl: string | undefined
      /** "Last updated on … by …" (`docs.showLastUpdateTime`/`Author`), when there is something to say. */
      readonly lastUpdate?: LastUpdateView
      readonly tags: readonly PagerLink[]
      readonly versionBanner:
        | {
            readonly kind: 'unmaintained' | 'unreleased'
            readonly versionLabel: string
            readonly latestHref: string
            readonly latestLabel: string
          }
        | undefined
      readonly versionBadge: string | undefined
      readonly unlisted: boolean
      readonly notTranslated: boolean
      /** A translation older than its source page (its `source_hash` no longer matches). */
      readonly staleTranslation: boolean
    }
  | {
      readonly kind: 'category-index'
      readonly title: string
      readonly description: string | undefined
      readonly breadcrumbs: readonly PagerLink[]
      readonly cards: ReadonlyArray<{
        readonly label: string
        readonly href: string
        readonly description: string | undefined
        readonly count: number | undefined
      }>
      readonly prev: PagerLink | undefined
      readonly next: PagerLink | undefined
    }
  | {
      readonly kind: 'tags'
      readonly title: string
      readonly tags: ReadonlyArray<{ label: string; href: string; count: number }>
    }
  | {
      readonly kind: 'tag'
      readonly title: string
      readonly description?: string
      readonly allTagsHref: string
      readonly docs: ReadonlyArray<{ title: string; href: string; description: string | undefined }>
    }
  | { readonly kind: 'not-found'; readonly title: string }
  | BlogPageView
  | StandalonePageView
  | ApiPageView

/** When a doc last changed and by whom; either may be missing. */
export interface LastUpdateView {
  /** ISO 8601 (for `<time datetime>`) and as the page's language writes it. */
  readonly date?: { readonly iso: string; readonly text: string }
  readonly author?: string
}

export interface HeadView {
  readonly title: string
  readonly description: string | undefined
  readonly canonical: string | undefined
  readonly alternates: ReadonlyArray<{ hreflang: string; href: string }>
  readonly image: string | undefined
  /** The size and alt text of `image` when it is the page's generated social card. */
  readonly imageCard?: { readonly width: number; readonly height: number; readonly alt: string }
  readonly favicon: string | undefined
  readonly keywords: readonly string[]
  readonly noindex: boolean
  /** schema.org objects, each written as a JSON-LD script. */
  readonly jsonLd?: ReadonlyArray<Readonly<Record<string, unknown>>>
  /** The page's Markdown twin (`<link rel="alternate" type="text/markdown">`). */
  readonly markdown?: string
  /** Blog feeds of the page's locale (`<link rel="alternate">`). */
  readonly feeds?: ReadonlyArray<{ readonly type: string; readonly title: string; readonly href: string }>
}

/** Settings the browser script reads from the page (JSON in a script tag). */
export interface ClientSettings {
  readonly baseUrl: string
  readonly zoom: SiteConfig['imageZoom']
  readonly announcementId: string | undefined
  readonly hideOnScroll: boolean
  readonly isHome: boolean
  /** UI strings the client script shows outside islands (full-view diagrams, copy, the loading screen). */
  readonly labels: {
    readonly closeFullView: string
    readonly copied: string
    readonly loading: string
    readonly loadFailed: string
    readonly retry: string
  }
}

export interface PageProps {
  readonly site: {
    readonly title: string
    readonly tagline: string
    readonly baseUrl: string
    readonly homeHref: string
  }
  readonly locale: { readonly code: string; readonly htmlLang: string; readonly direction: 'ltr' | 'rtl' }
  readonly strings: Strings
  readonly head: HeadView
  readonly navbar: {
    readonly title: string
    readonly logo: (LogoConfig & { readonly href: string }) | undefined
    readonly items: readonly NavItemView[]
  }
  readonly footer:
    | {
        readonly style: 'light' | 'dark'
        readonly columns: ReadonlyArray<{ title: string | undefined; items: readonly LinkView[] }>
        readonly logo: LogoConfig | undefined
        readonly copyright: string | undefined
      }
    | undefined
  readonly announcementBar: AnnouncementBarConfig | undefined
  /** An API page in a locale other than the default: its spec text is not translated. */
  readonly untranslatedSpec: boolean
  readonly sidebar: readonly SidebarItemView[] | undefined
  /**
   * The sidebar's items as HTML, for a page rendered on another thread than its props were made
   * on (`src/render.ts`): the thread that made them has each item's HTML cached. `sidebar` is then
   * empty; it still says that the page has a sidebar.
   */
  readonly sidebarHtml?: string
  /** URL of the sidebar's shared items file when the sidebar is large (see `SidebarItemView.lazy`). */
  readonly sidebarItemsSrc?: string
  readonly page: PageView
  /** `scripts`: module scripts after the client's (the Docusaurus layout's, theme/docusaurus-classes.ts). */
  readonly assets: {
    readonly css: readonly string[]
    readonly js: string
    readonly scripts?: readonly string[]
  }
  readonly client: ClientSettings
  /** Full-text search: whether the box shows, and how this page is indexed. */
  readonly search: {
    readonly enabled: boolean
    readonly indexed: boolean
    readonly version: string | undefined
    /** Search filters of this page: its section, and an API operation's HTTP method. */
    readonly section?: string
    readonly method?: string
    /** 'POST /wallet/bet': shown in an operation's search result. */
    readonly endpoint?: string
  }
}

/** An operation as a link: sidebar, tag cards, changes page. */
export interface ApiOperationLink {
  readonly operationId: string
  readonly summary: string
  readonly method: HttpMethod
  readonly path: string
  readonly href: string
  readonly deprecated: boolean
}

export interface ApiTagView {
  readonly name: string
  readonly href: string
  readonly descriptionHtml: string
  readonly operations: readonly ApiOperationLink[]
}

/** Props of the request explorer island (JSON). */
export interface ExplorerProps {
  readonly method: HttpMethod
  readonly path: string
  readonly servers: readonly ApiServer[]
  /** The spec names no server: the explorer asks for a base URL instead of offering one. */
  readonly askServer: boolean
  readonly parameters: ReadonlyArray<{
    readonly name: string
    readonly in: 'path' | 'query' | 'header' | 'cookie'
    readonly required: boolean
    /** The example as the reader edits it: JSON for arrays and objects, else the plain value. */
    readonly example: string
    /** Prefilled only when required or given by the spec: the explorer sends what is filled. */
    readonly prefill: boolean
    readonly style: string
    readonly explode: boolean
    readonly shape: 'primitive' | 'array' | 'object'
  }>
  /** One entry per media type of the request body, the first preselected. */
  readonly bodies: ReadonlyArray<{
    readonly mediaType: string
    readonly example: string
    /** Forms (urlencoded, multipart): the fields, each a text value or a file. */
    readonly fields: ReadonlyArray<{
      readonly name: string
      readonly file: boolean
      readonly required: boolean
      readonly example: string
    }>
  }>
  /** Credentials of the operation's first security alternative. */
  readonly auth: ReadonlyArray<{
    readonly key: string
    /** 'bearer' (http bearer, OAuth2, OpenID Connect), 'basic', 'apiKey', 'hmac' (a signature computed here), 'other'. */
    readonly kind: 'bearer' | 'basic' | 'apiKey' | 'hmac' | 'other'
    readonly in: 'header' | 'query' | 'cookie'
    readonly name: string
    readonly scheme: string | undefined
    /** hmac: the hash and encoding of the signature, over the raw body (or the query string when there is none). */
    readonly hmac?: { readonly hash: 'SHA-256' | 'SHA-1' | 'SHA-512'; readonly encoding: 'hex' | 'base64' }
  }>
  /** Mock mode: the spec's example answers, by status. */
  readonly mocks: ReadonlyArray<{
    readonly status: string
    readonly mediaType: string
    readonly body: string
  }>
}

export type ApiPageView =
  | {
      readonly kind: 'api-schema'
      readonly title: string
      readonly schema: ApiSchema
      readonly schemaBase: string
      readonly prev: PagerLink | undefined
      readonly next: PagerLink | undefined
    }
  | {
      readonly kind: 'api-index'
      readonly title: string
      readonly spec: ApiSpec
      readonly infoHref: string
      readonly changesLink: PagerLink | undefined
      readonly tags: readonly ApiTagView[]
    }
  | {
      readonly kind: 'api-info'
      readonly title: string
      readonly spec: ApiSpec
      readonly downloadHref: string
      readonly tags: readonly ApiTagView[]
      readonly toc: readonly Heading[]
    }
  | {
      readonly kind: 'api-tag'
      readonly title: string
      readonly tag: ApiTag
      readonly view: ApiTagView
      readonly prev: PagerLink | undefined
      readonly next: PagerLink | undefined
    }
  | {
      readonly kind: 'api-operation'
      /** The page's Markdown twin (`route/index.md`), for the copy button. */
      readonly markdownHref?: string
      readonly title: string
      readonly operation: ApiOperation
      readonly schemes: readonly ApiSecurityScheme[]
      /** URL of a shared schema's page, with `__slug__` for its slug (`/api/schemas/__slug__/`). */
      readonly schemaBase: string
      /** The spec names no server: the samples use a placeholder origin. */
      readonly placeholderServer: boolean
      readonly authHref: string
      readonly tagHref: string | undefined
      /** The pages the responses' links lead to, by operationId or operationRef. */
      readonly linkTargets: Readonly<Record<string, { readonly href: string; readonly title: string }>>
      readonly explorer: ExplorerProps
      readonly prev: PagerLink | undefined
      readonly next: PagerLink | undefined
      readonly toc: readonly Heading[]
    }
  | {
      readonly kind: 'api-changes'
      readonly title: string
      readonly from: string
      readonly to: string
      readonly added: readonly ApiOperationLink[]
      readonly removed: readonly ApiOperationLink[]
      readonly changed: ReadonlyArray<
        ApiOperationLink & {
          readonly changes: readonly ApiChange[]
          /** The operation's page in the version it changed from. */
          readonly before?: string
        }
      >
    }
