import { renderToStaticMarkup } from 'react-dom/server'
import type { PageProps, SidebarItemView } from '../../src/types.js'
import { ExternalIcon } from './Navbar.js'
import { MethodBadge } from './api/MethodBadge.js'

type Strings = PageProps['strings']

/**
 * The docs sidebar; categories toggle with a delegated click handler in the client (no island).
 * `itemsSrc`: a large sidebar's shared file holding the items of its lazy categories.
 */
export function Sidebar({
  items,
  html,
  itemsSrc,
  strings,
}: {
  items: readonly SidebarItemView[]
  /** The items' HTML, when it was rendered elsewhere (`PageProps.sidebarHtml`). */
  html?: string
  itemsSrc?: string
  strings: Strings
}) {
  return (
    <aside className="sidebar">
      <nav className="sidebar-nav" aria-label={strings.docsSidebar} data-sidebar-src={itemsSrc}>
        <SidebarItems items={items} html={html} strings={strings} />
      </nav>
      <button
        type="button"
        className="sidebar-hide"
        data-sidebar-toggle=""
        aria-label={strings.collapseSidebar}
        title={strings.collapseSidebar}
        data-label-expand={strings.expandSidebar}
        data-label-collapse={strings.collapseSidebar}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M15.41 16.59L10.83 12l4.58-4.59L14 6l-6 6 6 6 1.41-1.41z" />
        </svg>
      </button>
    </aside>
  )
}

export function SidebarItems({
  items,
  html,
  strings,
}: {
  items: readonly SidebarItemView[]
  /** Their HTML, when it was rendered elsewhere (`PageProps.sidebarHtml`). */
  html?: string
  strings: Strings
}) {
  return (
    <ul
      className="menu-list"
      dangerouslySetInnerHTML={{ __html: html ?? sidebarItemsHtml(items, strings) }}
    />
  )
}

// Half of a page's render time was its sidebar, which is the same on every page of it except
// along the path to the current page. Subtrees off that path are one view object per node
// (src/page-props.ts), so their HTML is rendered once and reused; a view object belongs to one
// locale's sidebar, hence one `strings`. Nothing in a sidebar hydrates.
const rendered = new WeakMap<SidebarItemView, string>()
/** A flat copy of a string (slicing a concatenation makes V8 lay it out in one piece). */
const flat = (s: string): string => (' ' + s).slice(1)

/** The `<li>`s of items: the page's sidebar list and a large sidebar's shared file hold the same. */
export function sidebarItemsHtml(items: readonly SidebarItemView[], strings: Strings): string {
  return items.map((item) => itemHtml(item, strings)).join('')
}

function itemHtml(item: SidebarItemView, strings: Strings): string {
  let html = rendered.get(item)
  if (html === undefined) {
    // React builds its markup by `+=`, a tree of small pieces that every later join would walk
    // again; one flat copy is joined into each page's sidebar at memory speed.
    html = flat(renderToStaticMarkup(<SidebarItem item={item} strings={strings} />))
    rendered.set(item, html)
  }
  return html
}

function SidebarItem({ item, strings }: { item: SidebarItemView; strings: Strings }) {
  if (item.more) return <MorePlaceholder item={item} more={item.more} />
  if (item.kind !== 'category') {
    return (
      <li className="menu-item">
        <a
          className={`menu-link${item.active ? ' active' : ''}${item.deprecated ? ' is-deprecated' : ''}`}
          href={item.href}
          aria-current={item.active ? 'page' : undefined}
          {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {item.badge && <MethodBadge method={item.badge} small />}
          {item.label}
          {item.external && <ExternalIcon />}
        </a>
      </li>
    )
  }
  const toggle = strings.toggleCategory?.replace('{label}', item.label) ?? item.label
  return (
    <li
      className={`menu-item menu-category${item.expanded ? '' : ' collapsed'}`}
      data-sidebar-key={item.lazy}
    >
      <div className="menu-category-row">
        {item.href ? (
          <a
            className={`menu-link${item.active ? ' active' : ''}`}
            href={item.href}
            aria-current={item.active ? 'page' : undefined}
          >
            {item.label}
          </a>
        ) : item.firstHref ? (
          // Its items are not in the page: without JavaScript the label leads to its first page,
          // where it is open; with JavaScript it expands in place.
          <a
            className="menu-link menu-category-label"
            href={item.firstHref}
            data-category-toggle=""
            aria-expanded={item.expanded}
          >
            {item.label}
          </a>
        ) : (
          <button
            type="button"
            className="menu-link menu-category-label"
            data-category-toggle=""
            aria-expanded={item.expanded}
            disabled={!item.collapsible}
          >
            {item.label}
          </button>
        )}
        {item.collapsible && item.href && (
          <button
            type="button"
            className="menu-caret icon-button"
            data-category-toggle=""
            aria-expanded={item.expanded}
            aria-label={toggle}
            title={toggle}
          />
        )}
      </div>
      <SidebarItems items={item.items} strings={strings} />
    </li>
  )
}

/**
 * A long list's items left out of the page: the client puts them here from the sidebar's shared
 * file; without JavaScript the link leads to the nearest of them, whose sidebar shows the items
 * around it.
 */
function MorePlaceholder({
  item,
  more,
}: {
  item: SidebarItemView
  more: NonNullable<SidebarItemView['more']>
}) {
  return (
    <li className="menu-item menu-more" data-sidebar-list={more.key} data-from={more.from} data-to={more.to}>
      {item.href ? (
        <a className="menu-link menu-more-link" href={item.href} data-sidebar-more="">
          {item.label}
        </a>
      ) : (
        <button type="button" className="menu-link menu-more-link" data-sidebar-more="">
          {item.label}
        </button>
      )}
    </li>
  )
}
