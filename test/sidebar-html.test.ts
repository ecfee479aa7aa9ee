import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement as h, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { sidebarItemsHtml } from '../theme/components/Sidebar.js'
import { MethodBadge } from '../theme/components/api/MethodBadge.js'
import { ExternalIcon } from '../theme/components/Navbar.js'
import type { PageProps, SidebarItemView } from '../src/types.js'

// The sidebar's items are written as strings, not rendered by React (theme/components/Sidebar.tsx).
// What React made of the same items is the reference here: every kind of item, every attribute
// that may be left out, text and URLs that need escaping, a `javascript:` link React blocks and an
// empty href.

type Strings = PageProps['strings']

const reference = (items: readonly SidebarItemView[], strings: Strings): string =>
  items.map((item) => renderToStaticMarkup(h(ReferenceItem, { item, strings }))).join('')

function ReferenceItem({ item, strings }: { item: SidebarItemView; strings: Strings }): ReactNode {
  if (item.more) return referenceMore(item, item.more)
  if (item.kind === 'category') return referenceCategory(item, strings)
  return h(
    'li',
    { className: 'menu-item' },
    h(
      'a',
      {
        className: `menu-link${item.active ? ' active' : ''}${item.deprecated ? ' is-deprecated' : ''}`,
        href: item.href,
        'aria-current': item.active ? 'page' : undefined,
        ...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
      },
      item.badge && h(MethodBadge, { method: item.badge, small: true }),
      item.label,
      item.external && h(ExternalIcon),
    ),
  )
}

const referenceMore = (item: SidebarItemView, more: NonNullable<SidebarItemView['more']>) =>
  h(
    'li',
    {
      className: 'menu-item menu-more',
      'data-sidebar-list': more.key,
      'data-from': more.from,
      'data-to': more.to,
    },
    item.href
      ? h(
          'a',
          { className: 'menu-link menu-more-link', href: item.href, 'data-sidebar-more': '' },
          item.label,
        )
      : h(
          'button',
          { type: 'button', className: 'menu-link menu-more-link', 'data-sidebar-more': '' },
          item.label,
        ),
  )

function referenceLabel(item: SidebarItemView) {
  if (item.href) {
    const className = `menu-link${item.active ? ' active' : ''}`
    return h(
      'a',
      { className, href: item.href, 'aria-current': item.active ? 'page' : undefined },
      item.label,
    )
  }
  const label = 'menu-link menu-category-label'
  const toggle = { 'data-category-toggle': '', 'aria-expanded': item.expanded }
  return item.firstHref
    ? h('a', { className: label, href: item.firstHref, ...toggle }, item.label)
    : h('button', { type: 'button', className: label, ...toggle, disabled: !item.collapsible }, item.label)
}

function referenceCategory(item: SidebarItemView, strings: Strings) {
  const toggle = strings.toggleCategory?.replace('{label}', item.label) ?? item.label
  return h(
    'li',
    {
      className: `menu-item menu-category${item.expanded ? '' : ' collapsed'}`,
      'data-sidebar-key': item.lazy,
    },
    h(
      'div',
      { className: 'menu-category-row' },
      referenceLabel(item),
      item.collapsible &&
        item.href &&
        h('button', {
          type: 'button',
          className: 'menu-caret icon-button',
          'data-category-toggle': '',
          'aria-expanded': item.expanded,
          'aria-label': toggle,
          title: toggle,
        }),
    ),
    h('ul', { className: 'menu-list', dangerouslySetInnerHTML: { __html: reference(item.items, strings) } }),
  )
}

const item = (over: Partial<SidebarItemView>): SidebarItemView => ({
  label: 'Create a wallet',
  href: '/docs/wallets/create/',
  kind: 'doc',
  active: false,
  expanded: false,
  collapsible: true,
  external: false,
  items: [],
  ...over,
})

const tricky = `Q&A: <b>"quotes"</b> & 'apostrophes' — Tiếng Việt`

// Made anew for each `strings`: an item's HTML is kept per view object, which belongs to one locale.
const leaves = (): SidebarItemView[] => [
  item({}),
  item({ active: true }),
  item({ deprecated: true, active: true }),
  item({ kind: 'link', href: 'https://example.com/?a=1&b="2"', external: true, label: tricky }),
  item({ badge: 'get' }),
  item({ badge: 'delete', deprecated: true }),
  item({ kind: 'link', href: 'javascript:alert(1)' }),
  item({ kind: 'link', href: ' \tJaVa\nScRiPt:alert(1)' }),
  item({ kind: 'link', href: '' }),
  item({ kind: 'link', href: undefined, label: tricky }),
  item({ kind: 'more', href: '/docs/page-40/', label: '… 12 more', more: { key: 3, from: 40, to: 52 } }),
  item({ kind: 'more', href: undefined, label: '… 12 more', more: { key: 0, from: 0, to: 12 } }),
]

const categories = (): SidebarItemView[] => [
  item({ kind: 'category', label: tricky, expanded: true, items: leaves() }),
  item({ kind: 'category', href: undefined, expanded: false, items: leaves().slice(0, 3) }),
  item({
    kind: 'category',
    href: undefined,
    collapsible: false,
    expanded: true,
    items: leaves().slice(2, 5),
  }),
  item({ kind: 'category', href: undefined, firstHref: '/docs/first/?x=<1>', lazy: 7, items: [] }),
  item({ kind: 'category', href: undefined, firstHref: '/docs/first/', lazy: 0, expanded: true, items: [] }),
  item({
    kind: 'category',
    active: true,
    collapsible: false,
    items: [item({ kind: 'category', items: leaves() })],
  }),
]

for (const [name, strings] of [
  ['with a toggle label', { toggleCategory: 'Toggle the “{label}” category' }],
  ['without one (the label)', {}],
] as const) {
  test(`sidebar items are written as React wrote them: every kind, escaping, a javascript: URL React blocks (${name})`, () => {
    const s = strings as Strings
    const all = [...leaves(), ...categories()]
    assert.is(sidebarItemsHtml(all, s), reference(all, s))
  })
}

test('an item shown on many pages is written once and reused; a changed item is written anew', () => {
  const s = {} as Strings
  const shared = item({ kind: 'category', expanded: true, items: leaves() })
  const first = sidebarItemsHtml([shared], s)
  assert.is(sidebarItemsHtml([shared], s), first)
  assert.is.not(sidebarItemsHtml([{ ...shared, expanded: false }], s), first)
})

test.run()
