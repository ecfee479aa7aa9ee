import type { CategoryLinkConfig } from '../config-types.js'
import type { Heading, LinkRef, SourceFile, TagDef, TwinTemplate } from '../content-types.js'

// A parsed doc and a parsed `_category_` file: what src/docs/ makes routes of.

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
  /**
   * The text of the `# heading` the body starts with (taken out of the body): the page's h1, as
   * Docusaurus shows it, while `title` (the front matter's first) names the page everywhere else.
   */
  readonly contentTitle?: string
  readonly description: string | undefined
  /** Rendered body with `href="docs-site-link:N"` placeholders for `links[N]`. */
  readonly html: string
  readonly headings: readonly Heading[]
  readonly links: readonly LinkRef[]
  /** The markdown source after the front matter. */
  readonly body: string
  /** Its Markdown twin, from its parse (none for MDX: made from `body` when asked). */
  readonly twin?: TwinTemplate
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
  readonly collapsible: boolean | undefined
  /** Classes on the category's `<li>`. */
  readonly className: string | undefined
  /** `null`: written `link: null`, no page for the category, not even its index doc. */
  readonly link: CategoryLinkConfig | null | undefined
}

/** A docs root's tags.yml: the tags its docs may name by key. */
export interface ParsedTags {
  readonly kind: 'tags'
  readonly source: SourceFile
  readonly defs: ReadonlyMap<string, TagDef>
}

export type Parsed = ParsedDoc | ParsedCategory | ParsedTags
