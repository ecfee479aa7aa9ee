import { createHash } from 'node:crypto'
import type { Sidebar, Site } from './types.js'
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
  /** The URL of each large sidebar's file, for its pages. */
  readonly urls: ReadonlyMap<Sidebar, string>
}

/**
 * One file per large sidebar (per locale and version) with the items its pages leave out: the
 * collapsed categories' contents, rendered once. Content-hashed, so it is cached like the assets.
 */
export function renderSidebarItems(site: Site, strings: (locale: string) => Strings): SidebarItemFiles {
  const files = new Map<string, string>()
  const urls = new Map<Sidebar, string>()
  for (const [key, sidebar] of site.sidebars) {
    const lazy = lazySidebar(sidebar)
    if (!lazy) continue
    const locale = key.slice(0, key.indexOf('/'))
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
    const json = JSON.stringify(Object.fromEntries(items))
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 10)
    const file = `assets/sidebars/${key.replace(/[^\w.-]+/g, '-')}.${hash}.json`
    files.set(file, json)
    urls.set(sidebar, site.config.baseUrl + file)
  }
  return { files, urls }
}
