import type { Diagnostic, Heading, LinkRef } from '../types.js'
import type { TwinTemplate } from '../content-types.js'
import type { SlugState } from './heading-anchors.js'

// What the markdown renderer and its rules share for one render: its own module, so that the
// rules (markdown-rules.ts, markdown-gfm.ts, include.ts…) need not import markdown.ts, which
// installs them.

/** UI strings the markdown output needs, in the page's locale. */
export interface MarkdownLabels {
  /** '{heading}' is replaced by the heading text. */
  readonly directLink: string
  readonly copy: string
  readonly admonitions: Readonly<Record<string, string>>
  /** Heading of a page's footnotes, for screen readers. */
  readonly footnotes: string
  /** A footnote's back-link; '{n}' is its number. */
  readonly footnoteBack: string
  /** Name of a code group's tab list. */
  readonly codeGroup: string
  /** Text alternative of a rendered diagram. */
  readonly diagram: string
  /** Shown before the message of a diagram that could not be drawn. */
  readonly diagramError: string
}

export interface MarkdownEnv {
  readonly file: string
  /** Absolute project root: relative image and file links are then co-located assets (assets.ts). */
  readonly root?: string
  /** Co-located files the page uses: output path → absolute path. */
  readonly assets: Map<string, string>
  /** The file on disk: partials are included relative to it. */
  readonly absPath?: string
  /** Prefix of footnote and code-group ids (the file's name), so pages shown together never clash. */
  readonly docId: string
  /** Files included into this page, whatever the depth (serve re-parses the page when one changes). */
  readonly includes: string[]
  /** In a partial: the files including it, the page first (cycle check). */
  readonly includeChain?: readonly string[]
  /** In a partial: rewrites a relative link written there to one relative to the page. */
  readonly rebase?: (href: string) => string
  /**
   * Heading ids already taken on the page this text is shown on (an API page's own sections, an
   * earlier description of the page): its headings take others. Kept by the caller across renders.
   */
  readonly headingSlugs?: SlugState
  /** Numbering of generated ids within one render. */
  readonly counters: Record<string, number>
  /** Source line of the body's first line (front matter offset). */
  readonly bodyLine: number
  readonly lines: readonly string[]
  readonly labels: MarkdownLabels
  readonly baseUrl: string
  readonly links: LinkRef[]
  readonly headings: Heading[]
  readonly diagnostics: Diagnostic[]
  /** Set by the parse: the body's Markdown twin (clean-markdown.ts). */
  twin?: TwinTemplate
}
