import type { Sidebar, SidebarItemView, SidebarNode } from './types.js'

/**
 * A sidebar with more pages than this leaves the items of its collapsed categories out of every
 * page: they come from one shared file per sidebar, fetched when a category is expanded. Below it,
 * inlining everything costs little and expands without a request (the N11S sidebars are below).
 * Above it, inlining would make every page carry the whole sidebar, so the output and the build's
 * memory would grow with pages × sidebar items.
 */
export const LAZY_SIDEBAR_PAGES = 200

/** Where a large sidebar's collapsed categories are: their keys, and the first page of each. */
export interface LazySidebar {
  readonly keys: ReadonlyMap<SidebarNode, number>
  readonly firstHref: ReadonlyMap<SidebarNode, string | undefined>
}

const lazyBySidebar = new WeakMap<Sidebar, LazySidebar | null>()

/** The collapsed categories of a large sidebar, numbered in reading order; undefined for a small one. */
export function lazySidebar(sidebar: Sidebar): LazySidebar | undefined {
  let lazy = lazyBySidebar.get(sidebar)
  if (lazy === undefined) {
    lazy = sidebar.flat.length > LAZY_SIDEBAR_PAGES ? numberCollapsed(sidebar.items) : null
    lazyBySidebar.set(sidebar, lazy)
  }
  return lazy ?? undefined
}

function numberCollapsed(items: readonly SidebarNode[]): LazySidebar {
  const keys = new Map<SidebarNode, number>()
  const firstHref = new Map<SidebarNode, string | undefined>()
  const first = (n: SidebarNode): string | undefined => {
    for (const c of n.items) {
      const href = c.kind === 'link' ? undefined : (c.href ?? first(c))
      if (href) return href
    }
    return undefined
  }
  const walk = (nodes: readonly SidebarNode[]) => {
    for (const n of nodes) {
      if (n.kind === 'category' && n.collapsible && n.collapsed && !n.summarized && n.items.length > 0) {
        keys.set(n, keys.size)
        firstHref.set(n, first(n))
      }
      walk(n.items)
    }
  }
  walk(items)
  return { keys, firstHref }
}

/**
 * The sidebar as the page at `current` sees it. A subtree without the current page looks the same
 * from every page: it is one view object per node (memoised), whose HTML the theme renders once,
 * and a page's cost is the path to it, not the whole tree.
 */
export function sidebarView(
  items: readonly SidebarNode[],
  current: string,
  lazy: LazySidebar | undefined,
): SidebarItemView[] {
  return items.map((n) => {
    const onPath = n.href === current || contains(n, current)
    const neutral = neutralViews.get(n)
    if (neutral && !onPath) return neutral
    // A summarized category off the current path is its link alone: its items are not visited.
    if (n.summarized && n.href && !onPath) return remember(n, nodeView({ ...n, collapsible: false }, []))
    const key = lazy?.keys.get(n)
    if (key !== undefined && !onPath) {
      const view = nodeView(n, [])
      const firstHref = n.href ? undefined : lazy!.firstHref.get(n)
      return remember(n, { ...view, lazy: key, ...(firstHref ? { firstHref } : {}) })
    }
    const children = sidebarView(n.items, current, lazy)
    if (!onPath) return remember(n, nodeView(n, children))
    const active = n.href === current
    return nodeView(n, children, active, !active)
  })
}

/**
 * The items each collapsed category of a large sidebar leaves out of the pages, as no page sees
 * them (nothing active); nested collapsed categories stay lazy, so the whole costs one view per node.
 */
export function lazyItems(lazy: LazySidebar): Array<[key: number, SidebarItemView[]]> {
  return [...lazy.keys].map(([n, key]) => [key, sidebarView(n.items, '', lazy)])
}

const neutralViews = new WeakMap<SidebarNode, SidebarItemView>()
const remember = (n: SidebarNode, view: SidebarItemView) => (neutralViews.set(n, view), view)

function nodeView(
  n: SidebarNode,
  children: SidebarItemView[],
  active = false,
  containsActive = false,
): SidebarItemView {
  return {
    label: n.label,
    href: n.href,
    kind: n.kind,
    active,
    // A category holding the current page starts expanded.
    expanded: !n.collapsible || !n.collapsed || containsActive || active,
    collapsible: n.collapsible,
    external: !!n.href && /^(https?:)?\/\//.test(n.href),
    ...(n.badge ? { badge: n.badge } : {}),
    ...(n.deprecated ? { deprecated: true } : {}),
    items: children,
  }
}

// Every page asks categories whether they hold it: each answers from the set of the hrefs below
// it, made once, not by walking its items again.
const hrefsBelow = new WeakMap<SidebarNode, ReadonlySet<string>>()
export function contains(n: SidebarNode, url: string): boolean {
  if (n.items.length === 0) return false
  let hrefs = hrefsBelow.get(n)
  if (!hrefs) {
    const all = new Set<string>()
    for (const c of n.items) {
      if (c.href) all.add(c.href)
      if (c.items.length) for (const h of hrefsOf(c)) all.add(h)
    }
    hrefsBelow.set(n, (hrefs = all))
  }
  return hrefs.has(url)
}
const hrefsOf = (n: SidebarNode): ReadonlySet<string> => (contains(n, ''), hrefsBelow.get(n)!)

/** Path of nodes from the root to the node whose href is `href` (breadcrumbs), via the sets above. */
export function findTrail(items: readonly SidebarNode[], href: string): SidebarNode[] | undefined {
  for (const n of items) {
    if (n.href === href) return [n]
    if (contains(n, href)) return [n, ...(findTrail(n.items, href) ?? [])]
  }
  return undefined
}

const flatIndex = new WeakMap<Sidebar, ReadonlyMap<string, number>>()
/** Position of the page at `href` in the sidebar's reading order (prev/next), or -1. */
export function indexInSidebar(sidebar: Sidebar, href: string): number {
  let index = flatIndex.get(sidebar)
  if (!index) {
    const map = new Map<string, number>()
    sidebar.flat.forEach((n, i) => n.href && !map.has(n.href) && map.set(n.href, i))
    flatIndex.set(sidebar, (index = map))
  }
  return index.get(href) ?? -1
}
