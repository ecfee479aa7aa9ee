import type { ReactElement } from 'react'
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
// (src/page-props.ts), so their HTML is made once and reused; a view object belongs to one
// locale's sidebar, hence one `strings`. Nothing in a sidebar hydrates, so its items are written
// as strings, escaped as React escapes (test/sidebar-html.test.ts): a React render per item on the
// path to each page (a request and its state set up each time) was a tenth of a build's render.
const rendered = new WeakMap<SidebarItemView, string>()

/** The `<li>`s of items: the page's sidebar list and a large sidebar's shared file hold the same. */
export function sidebarItemsHtml(items: readonly SidebarItemView[], strings: Strings): string {
  let html = ''
  for (const item of items) html += itemHtml(item, strings)
  return html
}

function itemHtml(item: SidebarItemView, strings: Strings): string {
  let html = rendered.get(item)
  if (html === undefined) {
    // Its own flat copy: one piece, joined into each page's sidebar at memory speed.
    html = flat(
      item.more
        ? moreHtml(item, item.more)
        : item.kind === 'category'
          ? categoryHtml(item, strings)
          : linkHtml(item),
    )
    rendered.set(item, html)
  }
  return html
}

/** A flat copy of a string (slicing a concatenation makes V8 lay it out in one piece). */
const flat = (s: string): string => (' ' + s).slice(1)

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
}
/** Text or an attribute's value, escaped as React does. */
const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
/** ` name="value"`, or nothing when the value is undefined (as React leaves the attribute out). */
const attr = (name: string, value: string | number | boolean | undefined): string =>
  value === undefined ? '' : ` ${name}="${esc(String(value))}"`

/** What React writes for a link's `href`: a `javascript:` URL blocked. */
const JAVASCRIPT_URL =
  // eslint-disable-next-line no-control-regex
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i
const BLOCKED_URL =
  "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')"
const href = (value: string | undefined): string =>
  value === undefined ? '' : attr('href', JAVASCRIPT_URL.test(value) ? BLOCKED_URL : value)

/** Markup of the components an item shows, made by React once each. */
const markup = new Map<string, string>()
const once = (key: string, element: () => ReactElement) => {
  let html = markup.get(key)
  if (html === undefined) markup.set(key, (html = renderToStaticMarkup(element())))
  return html
}

/** An item's own classes (its `className`), after docs-site's. */
const own = (item: SidebarItemView) => (item.className ? ' ' + esc(item.className) : '')

function linkHtml(item: SidebarItemView): string {
  const className = `menu-link${item.active ? ' active' : ''}${item.deprecated ? ' is-deprecated' : ''}`
  return (
    `<li class="menu-item${own(item)}"><a class="${className}"${href(item.href)}` +
    attr('aria-current', item.active ? 'page' : undefined) +
    (item.external ? ' target="_blank" rel="noopener noreferrer"' : '') +
    '>' +
    (item.badge ? once(`badge ${item.badge}`, () => <MethodBadge method={item.badge!} small />) : '') +
    esc(item.label) +
    (item.external ? once('external', () => <ExternalIcon />) : '') +
    '</a></li>'
  )
}

function categoryHtml(item: SidebarItemView, strings: Strings): string {
  const toggle = strings.toggleCategory?.replace('{label}', item.label) ?? item.label
  const expanded = attr('aria-expanded', item.expanded)
  const label = item.href
    ? `<a class="menu-link${item.active ? ' active' : ''}"${href(item.href)}` +
      `${attr('aria-current', item.active ? 'page' : undefined)}>${esc(item.label)}</a>`
    : item.firstHref
      ? // Its items are not in the page: without JavaScript the label leads to its first page,
        // where it is open; with JavaScript it expands in place.
        `<a class="menu-link menu-category-label"${href(item.firstHref)} data-category-toggle=""` +
        `${expanded}>${esc(item.label)}</a>`
      : `<button type="button" class="menu-link menu-category-label" data-category-toggle=""${expanded}` +
        `${item.collapsible ? '' : ' disabled=""'}>${esc(item.label)}</button>`
  const caret =
    item.collapsible && item.href
      ? `<button type="button" class="menu-caret icon-button" data-category-toggle=""${expanded}` +
        `${attr('aria-label', toggle)}${attr('title', toggle)}></button>`
      : ''
  return (
    `<li class="menu-item menu-category${item.expanded ? '' : ' collapsed'}${own(item)}"${attr('data-sidebar-key', item.lazy)}>` +
    `<div class="menu-category-row">${label}${caret}</div>` +
    `<ul class="menu-list">${sidebarItemsHtml(item.items, strings)}</ul></li>`
  )
}

/**
 * A long list's items left out of the page: the client puts them here from the sidebar's shared
 * file; without JavaScript the link leads to the nearest of them, whose sidebar shows the items
 * around it.
 */
function moreHtml(item: SidebarItemView, more: NonNullable<SidebarItemView['more']>): string {
  const list =
    `<li class="menu-item menu-more"${attr('data-sidebar-list', more.key)}` +
    `${attr('data-from', more.from)}${attr('data-to', more.to)}>`
  return item.href
    ? `${list}<a class="menu-link menu-more-link"${href(item.href)} data-sidebar-more="">${esc(item.label)}</a></li>`
    : `${list}<button type="button" class="menu-link menu-more-link" data-sidebar-more="">${esc(item.label)}</button></li>`
}
