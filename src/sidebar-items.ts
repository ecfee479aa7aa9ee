import { createHash } from 'node:crypto'
import type { LaterFile, Sidebar, Site } from './types.js'
import type { Strings } from '../theme/i18n/format.js'
import { sidebarItemsHtml } from '../theme/components/Sidebar.js'
import { lazyItems, lazySidebar, moreLabel } from './sidebar-view.js'
import { withDocusaurusClasses } from './html/docusaurus-classes.js'

export interface SidebarItemFiles {
  /**
   * Output path → JSON: `{ "<category key>": "<li>…</li>…", "<long list key>": ["<li>…</li>", …] }`
   * (a long list's items one by one: a page puts in those its window left out).
   */
  readonly files: ReadonlyMap<string, string>
  /** serve: the same files, each made when it is first asked for (see `renderSidebarItems`). */
  readonly later: ReadonlyMap<string, LaterFile>
  /** The URL of each large sidebar's file, for its pages. */
  readonly urls: ReadonlyMap<Sidebar, string>
}

/**
 * One file per large sidebar (per locale and version) with the items its pages leave out: the
 * collapsed categories' contents, rendered once. A build's is content-hashed, so it is cached like
 * the assets. serve's (`later`) is rendered when a browser first asks for it, under a name without
 * a hash (and answered without a long cache): rendering every sidebar's file up front was
 * 0.1-0.2 s of the time to serve's first page at N=400, and most are never asked for.
 */
export function renderSidebarItems(
  site: Site,
  strings: (locale: string) => Strings,
  { later: onRequest = false } = {},
): SidebarItemFiles {
  const files = new Map<string, string>()
  const later = new Map<string, LaterFile>()
  const urls = new Map<Sidebar, string>()
  for (const [key, sidebar] of site.sidebars) {
    const lazy = lazySidebar(sidebar)
    if (!lazy) continue
    const name = `assets/sidebars/${key.replace(/[^\w.-]+/g, '-')}`
    const json = () => itemsJson(site, lazy, key.slice(0, key.indexOf('/')), strings)
    let file: string
    if (onRequest) {
      let made: string | undefined
      later.set((file = `${name}.json`), { make: () => (made ??= json()), immutable: false })
    } else {
      const text = json()
      file = `${name}.${createHash('sha256').update(text).digest('hex').slice(0, 10)}.json`
      files.set(file, text)
    }
    urls.set(sidebar, site.config.baseUrl + file)
  }
  return { files, later, urls }
}

/** A large sidebar's file: its lazy categories' items, and its long lists' items one by one. */
function itemsJson(
  site: Site,
  lazy: NonNullable<ReturnType<typeof lazySidebar>>,
  locale: string,
  strings: (locale: string) => Strings,
): string {
  const html = (views: Parameters<typeof sidebarItemsHtml>[0]) => {
    const items = sidebarItemsHtml(views, strings(locale))
    return site.config.layout === 'docusaurus' ? withDocusaurusClasses(items) : items
  }
  const { categories, lists } = lazyItems(lazy, moreLabel(strings(locale), locale))
  // The keys are numbers: JSON lists them in numeric order, whatever the order here.
  const items = [
    ...categories.map(([k, views]) => [k, html(views)] as const),
    ...lists.map(([k, views]) => [k, views.map((v) => html([v]))] as const),
  ]
  return JSON.stringify(Object.fromEntries(items))
}
