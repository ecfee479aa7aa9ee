import type { Sidebar, SidebarItemView, SidebarNode } from './types.js'
import type { Strings } from '../theme/i18n/format.js'
import { plural } from '../shared/strings.js'

/**
 * A sidebar with more pages than this leaves the items of its collapsed categories out of every
 * page: they come from one shared file per sidebar (fetched when the reader nears the sidebar, see
 * theme/client/sidebar-items.ts), so a page holds what it shows. Below it, inlining everything
 * costs each page a few KB and expands without a request (the N11S sidebars are below). Above it,
 * every page would carry the whole sidebar: at 171 pages that was 40% of each page's HTML and 27%
 * of the output, and ~4% of a build's time went into making, copying and writing it; at 10,000
 * pages the output and the build's memory would grow with pages × sidebar items.
 */
export const LAZY_SIDEBAR_PAGES = 100

/**
 * A list of more items than this in a large sidebar (its top level, or a category's items) shows
 * only a window of them on a page: the rest come from the sidebar's shared file when the reader
 * asks for them. A sidebar of 10,000 pages in one folder would otherwise put 10,000 links in every
 * page (output and time growing with pages²).
 */
export const LONG_LIST = 200
/** Items a long list shows on each side of the one on the current page's path. */
export const WINDOW_SIDE = 50

/** Where a large sidebar's collapsed categories and long lists are: their keys, and first pages. */
export interface LazySidebar {
  readonly keys: ReadonlyMap<SidebarNode, number>
  readonly firstHref: ReadonlyMap<SidebarNode, string | undefined>
  /** Long lists (the top level's items, a category's items) and their keys in the shared file. */
  readonly lists: ReadonlyMap<readonly SidebarNode[], number>
}

/**
 * The label of a long list's placeholder for `count` items left out: `earlier` ones (before the
 * window) or later ones. In the page's language, so it is the sidebar's to give.
 */
export type MoreLabel = (count: number, earlier: boolean) => string

/** The placeholders' labels in a locale's strings, the count written as the locale writes numbers. */
export function moreLabel(strings: Strings, locale: string): MoreLabel {
  return (count, earlier) =>
    plural(strings, earlier ? 'sidebar.earlier' : 'sidebar.more', count, locale, {
      count: numberFormat(locale).format(count),
    })
}
const numberFormats = new Map<string, Intl.NumberFormat>()
const numberFormat = (locale: string) =>
  numberFormats.get(locale) ?? numberFormats.set(locale, new Intl.NumberFormat(locale)).get(locale)!

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

/** The first page a node leads to: its own, or its first item's (links elsewhere are not pages). */
const pageOf = (n: SidebarNode): string | undefined =>
  n.kind === 'link' ? undefined : (n.href ?? firstPage(n.items))
/** The first page the items from `start` on lead to. */
const firstPage = (items: readonly SidebarNode[], start = 0): string | undefined => {
  for (let i = start; i < items.length; i++) {
    const href = pageOf(items[i]!)
    if (href) return href
  }
  return undefined
}

function numberCollapsed(items: readonly SidebarNode[]): LazySidebar {
  const keys = new Map<SidebarNode, number>()
  const firstHref = new Map<SidebarNode, string | undefined>()
  const lists = new Map<readonly SidebarNode[], number>()
  let next = 0
  const walk = (nodes: readonly SidebarNode[]) => {
    if (nodes.length > LONG_LIST) lists.set(nodes, next++)
    for (const n of nodes) {
      if (n.kind === 'category' && n.collapsible && n.collapsed && !n.summarized && n.items.length > 0) {
        keys.set(n, next++)
        firstHref.set(n, firstPage(n.items))
      }
      walk(n.items)
    }
  }
  walk(items)
  return { keys, firstHref, lists }
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
  moreLabel: MoreLabel,
): SidebarItemView[] {
  const view = (n: SidebarNode) => itemView(n, current, lazy, moreLabel)
  const listKey = lazy?.lists.get(items)
  if (listKey === undefined) return items.map(view)
  // A long list: the items around the one on the current page's path (the first ones when none
  // is), and a placeholder on each side for the rest.
  const at = current ? positionIn(items, current) : -1
  const width = 2 * WINDOW_SIDE + 1
  const from = at < 0 ? 0 : Math.max(0, Math.min(at - WINDOW_SIDE, items.length - width))
  const to = Math.min(items.length, from + width)
  const views = items.slice(from, to).map(view)
  if (from > 0) views.unshift(moreView(listKey, 0, from, lastPage(items, from), moreLabel(from, true)))
  if (to < items.length)
    views.push(moreView(listKey, to, items.length, firstPage(items, to), moreLabel(items.length - to, false)))
  return views
}

/** One node as the page at `current` sees it: off its path, one view object per node. */
function itemView(
  n: SidebarNode,
  current: string,
  lazy: LazySidebar | undefined,
  moreLabel: MoreLabel,
): SidebarItemView {
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
  const children = sidebarView(n.items, current, lazy, moreLabel)
  if (!onPath) return remember(n, nodeView(n, children))
  const active = n.href === current
  return nodeView(n, children, active, !active)
}

/** The last page among the first `end` items (what an "earlier" placeholder leads to without JavaScript). */
function lastPage(items: readonly SidebarNode[], end: number): string | undefined {
  for (let i = end - 1; i >= 0; i--) {
    const href = pageOf(items[i]!)
    if (href) return href
  }
  return undefined
}

/**
 * A long list's placeholder for its items `from`..`to` (exclusive): the client puts them in its
 * place from the shared file; without JavaScript it is a link to the nearest page left out, whose
 * own sidebar shows the items around it.
 */
function moreView(
  key: number,
  from: number,
  to: number,
  href: string | undefined,
  label: string,
): SidebarItemView {
  return {
    label,
    href,
    kind: 'more',
    active: false,
    expanded: false,
    collapsible: false,
    external: false,
    items: [],
    more: { key, from, to },
  }
}

/**
 * What a large sidebar's pages leave out, as no page sees it (nothing active): each collapsed
 * category's items (nested collapsed categories stay lazy, long lists show their first window)
 * and each long list's items one by one, so the client can put in the ones a page's window left
 * out. The whole costs one view per node.
 */
export function lazyItems(
  lazy: LazySidebar,
  moreLabel: MoreLabel,
): { categories: Array<[key: number, SidebarItemView[]]>; lists: Array<[key: number, SidebarItemView[]]> } {
  return {
    categories: [...lazy.keys].map(([n, key]) => [key, sidebarView(n.items, '', lazy, moreLabel)]),
    lists: [...lazy.lists].map(([items, key]) => [key, items.map((n) => itemView(n, '', lazy, moreLabel))]),
  }
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
    ...(n.className ? { className: n.className } : {}),
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

/**
 * Where in a list is the item that is, or holds, the page at `href` (-1: none): a long list
 * answers from a map of every page below it, made once, so each of its pages costs no walk.
 */
const positions = new WeakMap<readonly SidebarNode[], ReadonlyMap<string, number>>()
function positionIn(items: readonly SidebarNode[], href: string): number {
  if (items.length <= LONG_LIST) return items.findIndex((n) => n.href === href || contains(n, href))
  let map = positions.get(items)
  if (!map) {
    const m = new Map<string, number>()
    items.forEach((n, i) => {
      if (n.href && !m.has(n.href)) m.set(n.href, i)
      if (n.items.length) for (const h of hrefsOf(n)) if (!m.has(h)) m.set(h, i)
    })
    positions.set(items, (map = m))
  }
  return map.get(href) ?? -1
}

/** Path of nodes from the root to the node whose href is `href` (breadcrumbs), via the sets above. */
export function findTrail(items: readonly SidebarNode[], href: string): SidebarNode[] | undefined {
  const at = positionIn(items, href)
  if (at < 0) return undefined
  const n = items[at]!
  return n.href === href ? [n] : [n, ...(findTrail(n.items, href) ?? [])]
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
