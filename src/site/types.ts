// The sidebars: trees of final URLs, one per locale, version and sidebar id.

/** A sidebar entry with final URLs, for one locale and version. */
export interface SidebarNode {
  readonly kind: 'doc' | 'link' | 'category'
  readonly label: string
  readonly href: string | undefined
  readonly docId?: string
  /** Classes on its `<li>` (a sidebar item's `className`, a doc's `sidebar_class_name`). */
  readonly className?: string
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
