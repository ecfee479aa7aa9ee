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
  return (
    <div className="mobile-drawer" id="mobile-drawer" data-secondary={sidebar ? 'shown' : 'hidden'}>
      <div className="mobile-drawer-backdrop" data-menu-close="" />
      <div className="mobile-drawer-panel" role="dialog" aria-modal="true" aria-label={strings['menu.main']}>
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
            {navbar.items.map((item, i) =>
              item.kind === 'link' ? (
                <li key={i}>
                  <DrawerLink link={item} />
                </li>
              ) : item.kind === 'dropdown' ? (
                <li key={i}>
                  <DrawerGroup item={item} />
                </li>
              ) : null,
            )}
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

type Dropdown = Extract<PageProps['navbar']['items'][number], { kind: 'dropdown' }>
type Link = Dropdown['items'][number]

function DrawerLink({ link }: { link: Link }) {
  return (
    <a
      className={`menu-link${link.active ? ' active' : ''}`}
      href={link.href}
      data-no-link-check={link.unchecked ? '' : undefined}
      lang={link.lang}
    >
      {link.label}
    </a>
  )
}

/** A navbar dropdown (versions, languages, …) as a sub-menu that opens in place: no script needed. */
function DrawerGroup({ item }: { item: Dropdown }) {
  return (
    <details className="mobile-group">
      <summary className={`menu-link${item.active ? ' active' : ''}`}>{item.label}</summary>
      <ul className="menu-list">
        {item.items.map((l, j) => (
          <li key={j}>
            <DrawerLink link={l} />
          </li>
        ))}
      </ul>
    </details>
  )
}
