// Docusaurus's class names for docs-site's markup, in the Docusaurus layout: a site's custom CSS
// aims at Infima's component classes (`.navbar__link`, `.menu__link--active`, `.footer__title`,
// `.pagination-nav__link`, `.alert--warning`) and the classic theme's stable ones
// (`.theme-doc-markdown`, `.theme-admonition-tip`, `.theme-code-block`), so each element of
// docs-site that is the same thing as one of Docusaurus's carries its names too. Only names are
// added: Infima's own component CSS is not loaded, so without a site rule the look is docs-site's.
// The engine adds them to the rendered HTML (src/html/docusaurus-classes.ts) and, in the browser,
// theme/docusaurus-classes.ts keeps them in step when the page changes a state (a tab chosen, a
// category collapsed, a menu opened). Pure: no DOM, no Node, no imports.

/** What a rule may ask of an element and of its surroundings (a DOM element, or the engine's tree). */
export interface ClassedElement {
  /** Lower-case tag name. */
  readonly tag: string
  has(cls: string): boolean
  /** Its classes. */
  list(): readonly string[]
  attr(name: string): string | null
  parent(): ClassedElement | undefined
  /** Whether a descendant is a `tag` (any tag when '') with class `cls` ('' for any) and attribute `attr` (when given). */
  contains(tag: string, cls: string, attr?: string): boolean
}

/** Classes that follow a state the browser changes; the others never change after rendering. */
export const STATE_CLASSES = [
  'tabs__item--active',
  'menu__list-item--collapsed',
  'dropdown--show',
  'navbar__link--active',
  'dropdown__link--active',
  'menu__link--active',
] as const

/**
 * Infima's alert colour of each admonition kind, as Docusaurus's Admonition picks it. `caution`
 * first: its admonition has the `warning` class too, for docs-site's own look.
 */
const ALERT: Record<string, string> = {
  caution: 'warning',
  note: 'secondary',
  tip: 'success',
  info: 'info',
  warning: 'warning',
  danger: 'danger',
}

/** One class of docs-site → Docusaurus's for the same element, whatever its surroundings. */
const SAME: Record<string, string> = {
  'navbar-inner': 'navbar__inner',
  'navbar-brand': 'navbar__brand',
  'navbar-logo': 'navbar__logo',
  'navbar-title': 'navbar__title',
  'navbar-items': 'navbar__items',
  'navbar-left': 'theme-layout-navbar-left',
  'navbar-right': 'navbar__items--right theme-layout-navbar-right',
  'navbar-item': 'navbar__item',
  'navbar-link': 'navbar__link',
  'menu-toggle': 'navbar__toggle',
  'dropdown-menu': 'dropdown__menu',
  'mobile-drawer': 'navbar-sidebar',
  'mobile-drawer-backdrop': 'navbar-sidebar__backdrop',
  'mobile-drawer-brand': 'navbar-sidebar__brand',
  'mobile-drawer-panel': 'navbar-sidebar__items',
  'mobile-primary': 'navbar-sidebar__item menu',
  'mobile-secondary': 'navbar-sidebar__item menu',
  'announcement-bar': 'theme-announcement-bar',
  'main-wrapper': 'theme-layout-main',
  sidebar: 'theme-doc-sidebar-container',
  'sidebar-nav': 'menu thin-scrollbar',
  'menu-list': 'menu__list',
  'menu-item': 'menu__list-item',
  'menu-category-row': 'menu__list-item-collapsible',
  'menu-link': 'menu__link',
  'menu-caret': 'menu__caret',
  toc: 'theme-doc-toc-desktop',
  'pager-link': 'pagination-nav__link',
  'pager-prev': 'pagination-nav__link--prev',
  'pager-next': 'pagination-nav__link--next',
  'pager-sub': 'pagination-nav__sublabel',
  'pager-label': 'pagination-nav__label',
  pager: 'pagination-nav',
  'doc-footer': 'theme-doc-footer',
  'tags-row': 'theme-doc-footer-tags-row',
  'edit-link': 'theme-edit-this-page',
  'version-banner': 'theme-doc-version-banner',
  'version-badge': 'theme-doc-version-badge',
  'code-block': 'theme-code-block',
  'mdx-tabs': 'tabs-container',
  'footer-dark': 'footer--dark',
  'footer-columns': 'footer__links',
  'footer-column': 'footer__col theme-layout-footer-column',
  'footer-title': 'footer__title',
  'footer-bottom': 'footer__bottom',
  'footer-copyright': 'footer__copyright',
  'footer-logo': 'footer__logo',
  'blog-author': 'avatar',
  'blog-author-avatar': 'avatar__photo',
  'blog-author-text': 'avatar__intro',
  'blog-author-name': 'avatar__name',
  'blog-author-title': 'avatar__subtitle',
  'back-to-top': 'theme-back-to-top-button',
}

const SAME_NAMES = new Map(Object.entries(SAME).map(([own, theirs]) => [own, theirs.split(' ')]))

/** Docusaurus's classes for an element of docs-site's markup (none for an element it does not know). */
export function docusaurusClasses(el: ClassedElement): string[] {
  const out: string[] = []
  for (const cls of el.list()) out.push(...(SAME_NAMES.get(cls) ?? []))
  chrome(el, out)
  sidebar(el, out)
  content(el, out)
  return out
}

/** The navbar, its menus, the footer's lists, the breadcrumbs and the TOC's links. */
function chrome(el: ClassedElement, out: string[]): void {
  const parent = el.parent()
  const grand = parent?.parent()
  if (el.tag === 'header' && el.has('navbar')) out.push('navbar--fixed-top', 'theme-layout-navbar')
  if (el.tag === 'footer' && el.has('footer')) out.push('theme-layout-footer')
  if (el.has('navbar-link') && (el.has('active') || (parent?.has('dropdown') && parent.has('active'))))
    out.push('navbar__link--active')
  if (el.has('dropdown') && el.has('navbar-item')) {
    out.push('dropdown--hoverable')
    if (parent?.has('navbar-right') || grand?.has('navbar-right')) out.push('dropdown--right')
    if (el.has('dropdown-open')) out.push('dropdown--show')
  }
  if (el.tag === 'a' && grand?.has('dropdown-menu'))
    out.push('dropdown__link', ...(el.has('active') ? ['dropdown__link--active'] : []))
  if (el.tag === 'ul' && parent?.has('footer-column')) out.push('footer__items', 'clean-list')
  if (el.tag === 'li' && grand?.has('footer-column')) out.push('footer__item')
  if (el.tag === 'a' && grand?.parent()?.has('footer-column')) out.push('footer__link-item')
  if (el.tag === 'nav' && el.has('breadcrumbs')) out.push('theme-doc-breadcrumbs')
  if (el.tag === 'li' && grand?.has('breadcrumbs'))
    out.push(
      'breadcrumbs__item',
      ...(el.contains('', '', 'aria-current') ? ['breadcrumbs__item--active'] : []),
    )
  if ((el.tag === 'a' || el.tag === 'span') && grand?.parent()?.has('breadcrumbs'))
    out.push('breadcrumbs__link')
  if (el.tag === 'ul' && parent?.has('toc')) out.push('table-of-contents', 'table-of-contents__left-border')
  if (el.tag === 'a' && grand?.parent()?.has('toc')) out.push('table-of-contents__link', 'toc-highlight')
}

/** The docs sidebar: Docusaurus's item classes with their nesting level, states and the active trail. */
function sidebar(el: ClassedElement, out: string[]): void {
  const parent = el.parent()
  if (el.has('menu-list') && parent?.has('sidebar-nav')) out.push('theme-doc-sidebar-menu')
  if (el.has('menu-item') && inside(el, 'sidebar-nav')) {
    const kind = el.has('menu-category') ? 'category' : 'link'
    const level = count(el, 'menu-list')
    out.push(`theme-doc-sidebar-item-${kind}`, `theme-doc-sidebar-item-${kind}-level-${level}`)
  }
  if (el.has('menu-category') && el.has('collapsed')) out.push('menu__list-item--collapsed')
  if (el.has('menu-link') && el.has('active')) out.push('menu__link--active')
  if (el.has('menu-category-row') && el.contains('a', 'active'))
    out.push('menu__list-item-collapsible--active')
  if (el.has('menu-link') && parent?.has('menu-category-row')) {
    out.push('menu__link--sublist')
    if (el.has('menu-category-label') && el.attr('disabled') === null) out.push('menu__link--sublist-caret')
    // As in Docusaurus, a category is active while the page shown is in it.
    if (!el.has('active') && parent.parent()?.contains('a', 'active')) out.push('menu__link--active')
  }
}

/** A page's content: admonitions, code blocks, tabs, headings, details, the markdown itself. */
function content(el: ClassedElement, out: string[]): void {
  if (el.has('admonition')) {
    const kind = Object.keys(ALERT).find((k) => el.has(`admonition-${k}`)) ?? 'note'
    out.push('theme-admonition', `theme-admonition-${kind}`, 'alert', `alert--${ALERT[kind]}`)
  }
  const lang = el.has('code-block') && el.attr('data-lang')
  if (lang) out.push(`language-${lang}`)
  if (el.tag === 'pre' && el.parent()?.parent()?.has('code-block')) {
    const blockLang = el.parent()?.parent()?.attr('data-lang')
    out.push('prism-code', ...(blockLang ? [`language-${blockLang}`] : []))
  }
  if (el.has('line') && el.parent()?.parent()?.tag === 'pre') {
    out.push('token-line')
    if (el.has('highlighted')) out.push('theme-code-block-highlighted-line', 'docusaurus-highlight-code-line')
  }
  if (el.has('tab') && el.attr('role') === 'tab')
    out.push('tabs__item', ...(el.attr('aria-selected') === 'true' ? ['tabs__item--active'] : []))
  if (el.has('markdown') && el.parent()?.has('doc') && !el.parent()?.has('standalone-page'))
    out.push('theme-doc-markdown')
  if (/^h[1-6]$/.test(el.tag) && el.attr('id') !== null && inside(el, 'markdown')) out.push('anchor')
  if (el.tag === 'details' && inside(el, 'markdown')) out.push('alert', 'alert--info')
}

function inside(el: ClassedElement, cls: string): boolean {
  for (let p = el.parent(); p; p = p.parent()) if (p.has(cls)) return true
  return false
}

function count(el: ClassedElement, cls: string): number {
  let n = 0
  for (let p = el.parent(); p; p = p.parent()) if (p.has(cls)) n++
  return n
}

/**
 * The page's own classes, which Docusaurus puts on `<html>` (docs-site on `<html>` and on
 * `#__root`, which client navigation swaps): its plugin and kind of page.
 */
export function pageClasses(kind: string, version: string | undefined, mdx: boolean): string[] {
  const docs = ['docs-wrapper', 'plugin-docs', 'plugin-id-default', `docs-version-${version ?? 'current'}`]
  const blog = ['blog-wrapper', 'plugin-blog', 'plugin-id-default']
  const pages: Record<string, string[]> = {
    doc: [...docs, 'docs-doc-page'],
    'category-index': [...docs, 'docs-doc-page'],
    tags: [...docs, 'docs-tags-list-page'],
    tag: [...docs, 'docs-tags-doc-list-page'],
    'blog-list': [...blog, 'blog-list-page'],
    'blog-post': [...blog, 'blog-post-page'],
    'blog-tags': [...blog, 'blog-tags-list-page'],
    'blog-authors': [...blog, 'blog-authors-list-page'],
    'blog-archive': [...blog, 'blog-archive-page'],
    page: ['plugin-pages', 'plugin-id-default', ...(mdx ? ['mdx-wrapper', 'mdx-page'] : [])],
  }
  return pages[kind] ?? []
}

/** Is `cls` one of pageClasses' (to replace them when a page of another kind is swapped in)? */
export const isPageClass = (cls: string): boolean =>
  /^(docs-wrapper|blog-wrapper|mdx-wrapper|mdx-page|plugin-(docs|blog|pages)|plugin-id-default|docs-version-.+|docs-doc-page|docs-tags-(list|doc-list)-page|blog-(list|post|tags-list|authors-list|archive)-page)$/.test(
    cls,
  )

/**
 * A class of Docusaurus's that docusaurusClasses or pageClasses may add: a site's rule naming one
 * is aimed at docs-site's markup through it (src/css/weigh.ts gives such rules their weight).
 */
export const isDocusaurusClass = (cls: string): boolean =>
  /^(navbar(__|--)|navbar-sidebar|menu(__|$)|dropdown(__|--)|footer(__|--)|pagination-nav|alert(--|$)|theme-|table-of-contents|toc-highlight$|breadcrumbs__|tabs__item|tabs-container$|prism-code$|token-line$|docusaurus-highlight-code-line$|language-|anchor$|avatar|clean-list$|thin-scrollbar$)/.test(
    cls,
  ) || isPageClass(cls)
