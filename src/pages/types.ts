// Standalone pages: content/pages/**/*.md or .tsx, one page each at /<path>/, with the navbar
// and footer and no docs sidebar (an "About" or "Support" page that is not documentation).
import type { Heading, LinkRef } from '../content-types.js'

/** A file under content/pages/ (or content/i18n/<locale>/pages/). */
export interface PageSourceFile {
  readonly absPath: string
  /** Relative to the project root, POSIX: 'content/pages/support/contact.md'. */
  readonly file: string
  /** Relative to its pages folder: 'support/contact.md'. */
  readonly relPath: string
  readonly locale: string
}

export interface ParsedPage {
  readonly kind: 'page'
  readonly source: PageSourceFile
  /** The URL path inside the locale: 'support/contact' ('' for content/pages/index.md). */
  readonly path: string
  readonly title: string
  /** The body's `# heading` when the front matter's `title` differs: the page's h1 (the title names the tab). */
  readonly heading?: string
  readonly description: string | undefined
  /** Rendered body (markdown with `href="docs-site-link:N"` placeholders, or a component's HTML). */
  readonly html: string
  readonly links: readonly LinkRef[]
  readonly headings: readonly Heading[]
  readonly frontMatter: Readonly<Record<string, unknown>>
  /** Co-located files the page uses: output path → absolute path. */
  readonly assets?: ReadonlyMap<string, string>
}

export interface PageRouteData {
  readonly kind: 'page'
  readonly page: ParsedPage
  readonly notTranslated: boolean
}

/** What the theme shows of a standalone page. */
export interface StandalonePageView {
  readonly kind: 'page'
  readonly title: string
  /** Its h1 when not the title (see `ParsedPage.heading`). */
  readonly heading?: string
  /** The body with links resolved. */
  readonly html: string
  /** A component page renders its own heading; a markdown page gets the title as its h1. */
  readonly showTitle: boolean
  /** A React component page (`.tsx`, or a Docusaurus `src/pages/*.js`): it lays out its own width. */
  readonly component: boolean
  readonly notTranslated: boolean
}
