import type { BlogSidebarView, PageProps, SidebarItemView } from '../../../src/types.js'

/** Recent posts grouped by year (desktop); the mobile drawer shows the same through blogSidebarItems. */
export function BlogSidebar({
  sidebar,
  strings,
}: {
  sidebar: BlogSidebarView
  strings: PageProps['strings']
}) {
  if (sidebar.years.length === 0) return null
  return (
    <aside className="blog-sidebar">
      <nav aria-label={strings['blog.sidebarLabel']}>
        <p className="blog-sidebar-title">{sidebar.title}</p>
        {sidebar.years.map((y) => (
          <div key={y.year} className="blog-sidebar-year">
            <p className="blog-sidebar-year-title">{y.year}</p>
            <ul className="blog-sidebar-list">
              {y.posts.map((p) => (
                <li key={p.href}>
                  <a
                    className={p.active ? 'active' : undefined}
                    href={p.href}
                    aria-current={p.active ? 'page' : undefined}
                  >
                    {p.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  )
}

/** The blog sidebar as menu items for the mobile drawer: one fixed category per year. */
export function blogSidebarItems(sidebar: BlogSidebarView): SidebarItemView[] | undefined {
  if (sidebar.years.length === 0) return undefined
  const link = (p: { label: string; href: string; active: boolean }): SidebarItemView => ({
    label: p.label,
    href: p.href,
    kind: 'link',
    active: p.active,
    expanded: true,
    collapsible: false,
    external: false,
    items: [],
  })
  return sidebar.years.map((y) => ({
    label: y.year,
    href: undefined,
    kind: 'category',
    active: false,
    expanded: true,
    collapsible: false,
    external: false,
    items: y.posts.map(link),
  }))
}
