import type { PageProps } from '../../src/types.js'
import { SidebarItems } from './Sidebar.js'

/** 'clone': the page's desktop sidebar is copied in when the drawer opens (it is not rendered twice). */
type Props = {
  navbar: PageProps['navbar']
  sidebar: PageProps['sidebar'] | 'clone'
  strings: PageProps['strings']
}

/**
 * The mobile sidebar: brand header, primary menu (navbar items) and, on doc pages, the secondary
 * menu (the doc sidebar) with 'Back to main menu'. Disabled when the navbar has no items (spec §2).
 */
export function MobileDrawer({ navbar, sidebar, strings }: Props) {
  if (navbar.items.length === 0) return null
  const links = navbar.items.flatMap((i) =>
    i.kind === 'link'
      ? [i]
      : i.kind === 'dropdown'
        ? i.items.map((x) => ({ ...x, kind: 'link' as const }))
        : [],
  )
  return (
    <div className="mobile-drawer" id="mobile-drawer" data-secondary={sidebar ? 'shown' : 'hidden'}>
      <div className="mobile-drawer-backdrop" data-menu-close="" />
      <div className="mobile-drawer-panel" role="dialog" aria-label={strings['menu.main']}>
        <div className="mobile-drawer-brand">
          <b>{navbar.title}</b>
          <button type="button" className="icon-button" data-menu-close="" aria-label={strings['menu.close']}>
            <svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true">
              <path stroke="currentColor" strokeWidth="2" d="M1 1l13 13M14 1L1 14" />
            </svg>
          </button>
        </div>
        <nav className="mobile-primary" aria-label={strings['menu.main']}>
          <ul className="menu-list">
            {links.map((l, i) => (
              <li key={i}>
                <a
                  className={`menu-link${l.active ? ' active' : ''}`}
                  href={l.href}
                  lang={'lang' in l ? l.lang : undefined}
                >
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {sidebar && (
          <nav className="mobile-secondary" aria-label={strings.docsSidebar}>
            <button type="button" className="back-to-main" data-menu-action="primary">
              {strings['menu.back']}
            </button>
            {sidebar === 'clone' ? (
              <div data-sidebar-clone="" />
            ) : (
              <SidebarItems items={sidebar} strings={strings} />
            )}
          </nav>
        )}
      </div>
    </div>
  )
}
