// What every stage reports: a problem, where it is, and how to fix it (src/errors.ts collects them).

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
  | 'tags'

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
  /**
   * One cause on many pages (a broken link in the navbar, on all 10,000 of them), said as what
   * the pages have ("the broken link -> …"): the text report shows the first few of a group and
   * counts the rest; the JSON and JUnit reports list every one.
   */
  readonly group?: string
}
