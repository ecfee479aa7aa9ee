import type { NavItemView, PageProps } from '../../src/types.js'
import { Island } from '../Island.js'
import { Logo } from './Logo.js'

type SearchSettings = { baseUrl: string; version: string | undefined }
type Props = {
  navbar: PageProps['navbar']
  strings: PageProps['strings']
  search: SearchSettings | undefined
  /** The mobile menu has something to show: navbar items or a sidebar. */
  menu: boolean
  /** The home page in the page's locale, under baseUrl: where the brand leads without a logo. */
  homeHref: string
}

/** Top bar: menu toggle (mobile), brand, left items, right items, colour toggle. */
export function Navbar({ navbar, strings, search, menu, homeHref }: Props) {
  // The search box goes where a 'search' item is, else at the right (spec §2).
  const searchBox = search && <SearchBox search={search} strings={strings} />
  const left = navbar.items.filter((i) => i.position === 'left')
  const right = navbar.items.filter((i) => i.position === 'right')
  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label={strings['menu.main']}>
        {menu && (
          <Island
            name="MobileMenuToggle"
            props={{ openLabel: strings['menu.toggle']!, closeLabel: strings['menu.close']! }}
          />
        )}
        <a className="navbar-brand" href={navbar.logo?.href ?? homeHref}>
          {navbar.logo && <Logo logo={navbar.logo} className="navbar-logo" />}
          <b className="navbar-title">{navbar.title}</b>
        </a>
        <div className="navbar-items navbar-left">
          {left.map((item, i) =>
            item.kind === 'search' ? <span key={i}>{searchBox}</span> : <NavItem key={i} item={item} />,
          )}
        </div>
        <div className="navbar-items navbar-right">
          {right.map((item, i) =>
            item.kind === 'search' ? <span key={i}>{searchBox}</span> : <NavItem key={i} item={item} />,
          )}
          {!navbar.items.some((i) => i.kind === 'search') && searchBox}
          <Island
            name="ColorModeToggle"
            props={{
              labels: {
                toggle: strings['colorMode.toggle']!,
                light: strings['colorMode.light']!,
                dark: strings['colorMode.dark']!,
              },
            }}
          />
        </div>
      </nav>
    </header>
  )
}

function SearchBox({ search, strings }: { search: SearchSettings; strings: PageProps['strings'] }) {
  const keys = [
    'search',
    'search.placeholder',
    'search.noResults',
    'search.loading',
    'search.unavailable',
    'search.filters',
    'search.version',
    'search.section',
    'search.method',
    'search.any',
  ] as const
  const labels = Object.fromEntries(keys.map((k) => [k, strings[k] ?? k])) as Record<
    (typeof keys)[number],
    string
  >
  return <Island name="Search" props={{ baseUrl: search.baseUrl, version: search.version, labels }} />
}

export function NavItem({ item }: { item: NavItemView }) {
  switch (item.kind) {
    case 'link':
      return (
        <a
          className={`navbar-item navbar-link${item.active ? ' active' : ''}`}
          href={item.href}
          data-no-link-check={item.unchecked ? '' : undefined}
          data-versions={item.versions ? JSON.stringify(item.versions) : undefined}
          {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {item.label}
          {item.external && <ExternalIcon />}
        </a>
      )
    case 'dropdown':
      return (
        <Island
          name="NavbarDropdown"
          props={{ label: item.label, items: [...item.items], variant: item.variant, active: item.active }}
        />
      )
    case 'html':
      // Config HTML is the site owner's own markup.
      return <div className="navbar-item" dangerouslySetInnerHTML={{ __html: item.html }} />
    case 'search':
      return null
  }
}

export function ExternalIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" className="external-icon">
      <path
        fill="currentColor"
        d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z"
      />
    </svg>
  )
}
