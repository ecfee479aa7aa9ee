// The page frame's links as the current page sees them: navbar items, footer links, and the same
// page in other locales and versions (hreflang, the locale and version menus).
import { CURRENT_VERSION } from './content-roots.js'
import type { LinkItemConfig, LinkView, NavbarItemConfig, NavItemView, Route, Site } from './types.js'
import { cleanPath, localisePath, pathnameHref, urlFor } from './urls.js'
import type { Translate } from '../theme/i18n/format.js'

/** URL of the same page in another locale or version, when it exists. */
export function sameIn(
  site: Site,
  route: Route,
  target: { locale?: string; version?: string },
): string | undefined {
  const locale = target.locale ?? route.locale
  const version = target.version ?? route.version
  if (target.version !== undefined && route.versionKey === undefined) return undefined
  const key = target.version !== undefined ? `v\0${route.versionKey}` : `k\0${route.key}`
  return routeIndex(site).get(`${locale}\0${version ?? ''}\0${key}`)
}

// Every page asks for its twins in each locale and version (hreflang, the locale and version
// menus): one lookup each in a table made once per site, not a walk of every route per page.
const routeIndexes = new WeakMap<Site, ReadonlyMap<string, string>>()
function routeIndex(site: Site): ReadonlyMap<string, string> {
  let index = routeIndexes.get(site)
  if (!index) {
    const map = new Map<string, string>()
    const add = (k: string, url: string) => {
      if (!map.has(k)) map.set(k, url)
    }
    for (const r of site.routes) {
      add(`${r.locale}\0${r.version ?? ''}\0k\0${r.key}`, r.url)
      if (r.versionKey !== undefined) add(`${r.locale}\0${r.version ?? ''}\0v\0${r.versionKey}`, r.url)
    }
    routeIndexes.set(site, (index = map))
  }
  return index
}

export function alternates(site: Site, route: Route): Array<{ hreflang: string; href: string }> {
  const out = site.config.locales.flatMap((locale) => {
    const href = locale === route.locale ? route.url : sameIn(site, route, { locale })
    return href
      ? [{ hreflang: site.config.localeConfigs[locale]!.htmlLang, href: site.config.url + href }]
      : []
  })
  const def = out[site.config.locales.indexOf(site.config.defaultLocale)]
  return def ? [...out, { hreflang: 'x-default', href: def.href }] : out
}

export const absolute = (site: Site, p: string | undefined) =>
  p ? (/^https?:/.test(p) ? p : (site.config.url ?? '') + asset(site, p)) : undefined
export const asset = (site: Site, p: string) =>
  /^(https?:)?\/\//.test(p) ? p : site.config.baseUrl + p.replace(/^\//, '')
export const isColumns = (links: unknown): links is Array<{ title: string; items: LinkItemConfig[] }> =>
  Array.isArray(links) &&
  links.length > 0 &&
  typeof links[0] === 'object' &&
  links[0] !== null &&
  'items' in links[0]

/** An internal `to` in the page's locale, with the trailing slash the route table uses. */
function internalHref(site: Site, route: Route, to: string): string {
  const [p, rest = ''] = to.split(/(?=[?#])/, 2)
  const localised = localisePath(site.config, site.staticFiles, route.locale, p!)
  return (
    (site.staticFiles.has(localised.slice(site.config.baseUrl.length))
      ? localised
      : cleanPath(localised, site.config.trailingSlash)) + rest
  )
}

export function linkView(
  site: Site,
  route: Route,
  item: { label: string; to?: string; href?: string },
  label: (s: string) => string,
  active?: boolean,
): LinkView {
  const pathname = pathnameHref(item.href ?? item.to ?? '', site.config.baseUrl)
  const href = pathname ?? item.href ?? (item.to !== undefined ? internalHref(site, route, item.to) : '#')
  const external = /^(https?:)?\/\//.test(href)
  return {
    label: label(item.label),
    href,
    external,
    ...(pathname !== undefined ? { unchecked: true } : {}),
    active: active ?? (!external && href !== site.config.baseUrl && route.url.startsWith(href)),
  }
}

/** What every kind of navbar item is made from. */
interface NavContext {
  readonly site: Site
  readonly route: Route
  readonly label: (s: string) => string
  readonly position: 'left' | 'right'
  /** The page's version, or the latest for a page of none. */
  readonly version: string | undefined
  /** Is the item, leading to `href`, the current page's (its activeBase… options, or the URL)? */
  readonly isActive: (href: string) => boolean
  /** Items of a menu as links (those that are not links are not shown). */
  readonly links: (items: readonly NavbarItemConfig[]) => LinkView[]
}

type ItemOf<T extends NavbarItemConfig['type']> = Extract<NavbarItemConfig, { type?: T }>

export function navItem(
  site: Site,
  route: Route,
  item: NavbarItemConfig,
  label: (s: string) => string,
  t: Translate,
  sidebarId: string | undefined,
): NavItemView {
  const position = item.position ?? 'left'
  const version = route.version ?? site.config.versions[0]?.name
  const isActive = (href: string) =>
    item.activeBaseRegex
      ? new RegExp(item.activeBaseRegex).test(route.url)
      : item.activeBasePath
        ? route.url.startsWith(internalHref(site, route, item.activeBasePath))
        : route.url === href
  // Each item of a menu as it would be in the navbar (a doc, a sidebar's first page, a link);
  // those that are not links (html, a dropdown in a dropdown) are not shown.
  const links = (items: readonly NavbarItemConfig[]) =>
    items.flatMap((i): LinkView[] => {
      if ((i.type === undefined || i.type === 'default') && !i.label) return []
      const view = navItem(site, route, i, label, t, sidebarId)
      if (view.kind !== 'link') return []
      const { kind: _kind, position: _position, ...link } = view
      return [link]
    })
  const ctx: NavContext = { site, route, label, position, version, isActive, links }
  switch (item.type) {
    case undefined:
    case 'default': {
      const view = linkView(site, route, item, label)
      return { kind: 'link', position, ...view, active: !view.external && isActive(view.href) }
    }
    case 'dropdown': {
      const items = links(item.items)
      return {
        kind: 'dropdown',
        position,
        label: label(item.label),
        active: items.some((i) => i.active),
        variant: 'plain',
        items,
      }
    }
    case 'localeDropdown':
      return localeDropdown(ctx, item)
    case 'search':
      return { kind: 'search', position }
    case 'html':
      return { kind: 'html', position, html: item.html }
    case 'doc':
      return docLink(ctx, item, sidebarId)
    case 'docSidebar':
      return docSidebarLink(ctx, item, sidebarId)
    case 'docsVersion':
      return docsVersionLink(ctx, item)
    case 'docsVersionDropdown':
      return versionDropdown(ctx, item, t)
  }
}

/** The same page in each locale (or the locale's home). */
function localeDropdown(
  { site, route, position, links }: NavContext,
  item: ItemOf<'localeDropdown'>,
): NavItemView {
  const { config } = site
  const locales = config.locales.map((locale) => ({
    label: config.localeConfigs[locale]!.label,
    href: sameIn(site, route, { locale }) ?? urlFor(config, { locale, path: '' }),
    external: false,
    active: locale === route.locale,
    lang: config.localeConfigs[locale]!.htmlLang,
  }))
  const items = [
    ...links(item.dropdownItemsBefore ?? []),
    ...locales,
    ...links(item.dropdownItemsAfter ?? []),
  ]
  return {
    kind: 'dropdown',
    position,
    label: item.label ?? config.localeConfigs[route.locale]!.label,
    active: false,
    variant: 'locale',
    items,
  }
}

/** A doc by id, in the page's locale and version; active on every page of its sidebar, as in Docusaurus. */
function docLink(
  { site, route, label, position, version, isActive }: NavContext,
  item: ItemOf<'doc'>,
  sidebarId: string | undefined,
): NavItemView {
  const href = site.docUrls.get(`${route.locale}|${version}|${item.docId}`) ?? '#'
  const r = site.routeByUrl.get(href)
  const doc = r?.data.kind === 'doc' ? r.data : undefined
  return {
    kind: 'link',
    position,
    label: label(item.label ?? doc?.doc.title ?? item.docId),
    href,
    external: false,
    active: isActive(href) || (sidebarId !== undefined && doc?.sidebarId === sidebarId),
  }
}

/** A sidebar's first page; active on every page of that sidebar. */
function docSidebarLink(
  { site, route, label, position, version }: NavContext,
  item: ItemOf<'docSidebar'>,
  sidebarId: string | undefined,
): NavItemView {
  const { config } = site
  const first = (v: string | undefined) => {
    const sb = site.sidebars.get(`${route.locale}/${v}/${item.sidebarId}`)
    return sb?.flat[0]?.href
  }
  const href = first(version) ?? '#'
  // Outside the docs, the client sends this link to the reader's preferred version.
  const versions =
    route.version === undefined && config.versions.length > 1
      ? Object.fromEntries(config.versions.flatMap((v) => (first(v.name) ? [[v.name, first(v.name)!]] : [])))
      : undefined
  return {
    kind: 'link',
    position,
    label: label(item.label),
    href,
    external: false,
    active: sidebarId === item.sidebarId,
    ...(versions ? { versions } : {}),
  }
}

/** The page's version's home (or the item's `to`). */
function docsVersionLink(
  { site, route, label, position, version }: NavContext,
  item: ItemOf<'docsVersion'>,
): NavItemView {
  const { config } = site
  const versionConf = config.versions.find((v) => v.name === version)
  const href = item.to
    ? internalHref(site, route, item.to)
    : versionHome(site, route.locale, versionConf?.name ?? config.versions[0]!.name)
  return {
    kind: 'link',
    position,
    label: label(item.label ?? versionConf?.label ?? ''),
    href,
    external: false,
    active: false,
  }
}

/** The same page in each version (or the version's home). */
function versionDropdown(
  { site, route, position, version, label, links }: NavContext,
  item: ItemOf<'docsVersionDropdown'>,
  t: Translate,
): NavItemView {
  const { config } = site
  const versionConf = config.versions.find((v) => v.name === version)
  // Docusaurus lists the current version first, then the releases; docs-site's own order is the
  // latest first.
  const current = (v: { name: string }) => Number(v.name === CURRENT_VERSION)
  const listed =
    config.layout === 'docusaurus'
      ? [...config.versions].sort((a, b) => current(b) - current(a))
      : config.versions
  const versions = listed.map((v) => {
    const twin = sameIn(site, route, { version: v.name })
    return {
      label: label(v.label),
      version: v.name,
      href: twin ?? versionHome(site, route.locale, v.name),
      // The same page in the other version: the reader's #section is there too.
      ...(twin ? { keepHash: true } : {}),
      external: false,
      active: v.name === route.version,
    }
  })
  const items = [
    ...links(item.dropdownItemsBefore ?? []),
    ...versions,
    ...links(item.dropdownItemsAfter ?? []),
  ]
  return {
    kind: 'dropdown',
    position,
    label: label(item.label ?? versionConf?.label ?? t('versions')),
    active: false,
    variant: 'version',
    items,
  }
}

/**
 * Where a version's menu entry leads when the page has no twin there: the version's root page,
 * or, as in Docusaurus when the root is no page (docs under /docs/ with no index), the first doc
 * of its first sidebar.
 */
export function versionHome(site: Site, locale: string, version: string): string {
  const config = site.config
  const v = config.versions.find((x) => x.name === version)!
  const root = urlFor(config, { locale, versionPath: v.path, path: '' })
  if (site.routeByUrl.has(root)) return root
  const first = Object.keys(v.sidebars)[0]
  return (first && site.sidebars.get(`${locale}/${version}/${first}`)?.flat[0]?.href) ?? root
}
