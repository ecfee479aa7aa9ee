import type { SourceLocation } from './diagnostic-types.js'

// What every content kind's parsed pages share: their source file, headings and links.

/** A markdown file found under content/, with its place in the locale × version grid. */
export interface SourceFile {
  /** 'tags': the docs root's tags.yml, the tags docs may use (label, description, permalink). */
  readonly kind: 'doc' | 'category' | 'tags'
  readonly absPath: string
  /** Relative to the project root, POSIX: 'content/docs/v2/intro.md'. */
  readonly file: string
  /** Relative to its docs root (content/docs/<version>/ or the i18n mirror): 'integration/intro.md'. */
  readonly relPath: string
  readonly locale: string
  readonly version: string
}

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

/** A link and its label: the pager's previous and next pages, a post's tags. */
export interface PagerLink {
  readonly label: string
  readonly href: string
}

/**
 * A body's clean Markdown before it is placed in a page: its links and admonition titles left as
 * markers (`\0h<n>\0` for the body's n-th link or image target as written, `\0a<kind>\0` for an
 * admonition's default title), which each page that shows the body fills with its own URLs and
 * words. NUL never reaches a token (markdown-it replaces it while reading), so a marker cannot be
 * mistaken for text.
 */
export interface TwinTemplate {
  readonly text: string
  /** Link and image targets as written, by marker number. */
  readonly hrefs: readonly string[]
}

/** A tag of a tags.yml (the blog's, or the docs'): the label it shows, its page's place. */
export interface TagDef {
  readonly key: string
  readonly label: string
  readonly description: string | undefined
  /** Where its page is under the tags page ('/releases'), as Docusaurus's tags.yml says. */
  readonly permalink?: string
}
