import type {
  Sidebar,
  LinkItemConfig,
  LinkView,
  NavbarItemConfig,
  NavItemView,
  PageProps,
  PageView,
  PagerLink,
  Route,
  SidebarItemView,
  SidebarNode,
  Site,
} from './types.js'
import { translate, plural, type Strings } from '../theme/i18n/format.js'
import { findTrail } from './site/sidebar.js'
import { apiPageView } from './openapi/views.js'
import { blogFeedLinks, blogHead, blogPageView } from './blog/view.js'
import { hidesFooter, pageHead, standalonePageView } from './pages/view.js'
import { cleanPath, localisePath, tagSlug, urlFor } from './site/urls.js'
import { ownValue } from './text.js'

export interface PagePropsInput {
  readonly strings: Strings
  readonly assets: PageProps['assets']
  /** The doc body with links resolved (doc routes only). */
  readonly html?: string
  /** Blog routes: post URL → body or excerpt with links resolved. */
  readonly postHtml?: ReadonlyMap<string, string>
}

/** The per-page view model: everything the theme shows, with final hrefs. Pure. */
export function toPageProps(site: Site, route: Route, input: PagePropsInput): PageProps {
  const { config } = site
  const t = (key: string, vars?: Record<string, string | number>) => translate(input.strings, key, vars)
  const label = (s: string) => ownValue(site.siteLabels[route.locale] ?? {}, s) ?? s
  const localeConf = config.localeConfigs[route.locale]!
  const home = urlFor(config, { locale: route.locale, path: '' })
  const sidebarId = 'sidebarId' in route.data ? route.data.sidebarId : undefined
  const sidebar = sidebarId ? site.sidebars.get(`${route.locale}/${route.version}/${sidebarId}`) : undefined
  const page = pageView(site, route, input, sidebar ?? { id: '', items: [], flat: [] }, t)
  const title = route.data.kind === 'not-found' ? t('notFound.title') : page.title
  const isHome = route.url === home
  const blog = blogHead(route) ?? pageHead(route)
  const footer = hidesFooter(route) ? undefined : config.footer
  return {
    site: { title: config.title, tagline: config.tagline, baseUrl: config.baseUrl, homeHref: home },
    locale: { code: route.locale, htmlLang: localeConf.htmlLang, direction: localeConf.direction ?? 'ltr' },
    strings: input.strings,
    head: {
      // Every page, the home page included: page title, delimiter, site title.
      title: `${title} | ${config.title}`,
      description:
        blog?.description ??
        (route.data.kind === 'doc'
          ? (route.data.doc.description ?? config.tagline)
          : config.tagline || undefined),
      canonical: config.url && route.data.kind !== 'not-found' ? config.url + route.url : undefined,
      alternates: config.url && route.data.kind !== 'not-found' ? alternates(site, route) : [],
      image: absolute(
        site,
        blog?.image ??
          (route.data.kind === 'doc' ? (route.data.doc.frontMatter.image ?? config.image) : config.image),
      ),
      favicon: config.favicon ? config.baseUrl + config.favicon.replace(/^\//, '') : undefined,
      keywords:
        blog?.keywords ?? (route.data.kind === 'doc' ? (route.data.doc.frontMatter.keywords ?? []) : []),
      noindex: route.unlisted,
      feeds: blogFeedLinks(site, route.locale),
    },
    navbar: {
      title: label(config.navbar.title),
      logo: config.navbar.logo
        ? {
            ...config.navbar.logo,
            href: config.navbar.logo.href ?? home,
            src: asset(site, config.navbar.logo.src),
            srcDark: config.navbar.logo.srcDark && asset(site, config.navbar.logo.srcDark),
          }
        : undefined,
      items: config.navbar.items.map((item) => navItem(site, route, item, label, t, sidebarId)),
    },
    footer: footer && {
      style: footer.style ?? 'light',
      columns: isColumns(footer.links)
        ? footer.links.map((c) => ({
            title: label(c.title),
            items: c.items.map((i) => linkView(site, route, i, label)),
          }))
        : [
            {
              title: undefined,
              items: (footer.links ?? []).map((i) => linkView(site, route, i as LinkItemConfig, label)),
            },
          ],
      logo: footer.logo && {
        ...footer.logo,
        src: asset(site, footer.logo.src),
        srcDark: footer.logo.srcDark && asset(site, footer.logo.srcDark),
      },
      copyright: footer.copyright,
    },
    announcementBar: config.announcementBar,
    sidebar: sidebar && sidebarView(sidebar.items, route.url),
    page,
    assets: input.assets,
    client: {
      baseUrl: config.baseUrl,
      zoom: config.imageZoom,
      announcementId: config.announcementBar?.id,
      hideOnScroll: config.navbar.hideOnScroll,
      isHome,
    },
    search: {
      enabled: config.search,
      // Content pages only: lists, tag pages and 404s would only repeat them.
      indexed:
        config.search &&
        !route.unlisted &&
        (['doc', 'category-index', 'blog-post', 'page'].includes(route.data.kind) ||
          route.data.kind.startsWith('api-')),
      version: route.version ? config.versions.find((v) => v.name === route.version)?.label : undefined,
    },
  }
}

function pageView(
  site: Site,
  route: Route,
  input: PagePropsInput,
  sidebar: Sidebar,
  t: (k: string, v?: Record<string, string | number>) => string,
): PageView {
  const data = route.data
  const trail = findTrail(sidebar.items, route.url) ?? []
  const breadcrumbs = trail.map((n) => ({ label: n.label, href: n.href ?? '' }))
  const flat = sidebar.flat
  const at = flat.findIndex((n) => n.href === route.url)
  const pager = (n: SidebarNode | undefined): PagerLink | undefined =>
    n?.href ? { label: n.label, href: n.href } : undefined
  const prev = at > 0 ? pager(flat[at - 1]) : undefined
  const next = at >= 0 ? pager(flat[at + 1]) : undefined
  const { config } = site
  if (data.kind === 'doc') {
    const fm = data.doc.frontMatter
    const min = (fm.toc_min_heading_level as number | undefined) ?? config.toc.minHeadingLevel
    const max = (fm.toc_max_heading_level as number | undefined) ?? config.toc.maxHeadingLevel
    const version = config.versions.find((v) => v.name === route.version)!
    const latest = config.versions[0]!
    return {
      kind: 'doc',
      title: data.doc.title,
      html: input.html ?? data.doc.html,
      toc: fm.hide_table_of_contents ? [] : data.doc.headings.filter((h) => h.level >= min && h.level <= max),
      breadcrumbs,
      prev: fm.pagination_prev === null ? undefined : prev,
      next: fm.pagination_next === null ? undefined : next,
      editUrl:
        config.editUrl && fm.custom_edit_url !== null
          ? typeof fm.custom_edit_url === 'string'
            ? fm.custom_edit_url
            : config.editUrl.replace(/\/?$/, '/') + data.doc.source.file
          : undefined,
      tags: (fm.tags ?? [])
        .map((tag) => ({
          label: String(tag),
          href: urlFor(config, {
            locale: route.locale,
            versionPath: version.path,
            path: `tags/${tagSlug(String(tag))}`,
          }),
        }))
        // Tag pages list listed docs only: an unlisted doc's tag may have none to link to.
        .filter((tag) => site.routeByUrl.has(tag.href)),
      versionBanner:
        version.banner === 'none'
          ? undefined
          : {
              kind: version.banner,
              versionLabel: version.label,
              latestHref:
                sameIn(site, route, { version: latest.name }) ??
                urlFor(config, { locale: route.locale, versionPath: latest.path, path: '' }),
              latestLabel: latest.label,
            },
      versionBadge:
        config.versions.length > 1 ? t('versionBadge', { versionLabel: version.label }) : undefined,
      unlisted: route.unlisted,
      notTranslated: data.notTranslated,
    }
  }
  if (data.kind === 'category-index') {
    const node = trail[trail.length - 1]
    const docDescription = (href: string | undefined) => {
      const r = href ? site.routeByUrl.get(href) : undefined
      return r?.data.kind === 'doc' ? r.data.doc.description : undefined
    }
    const cards = (node?.items ?? [])
      .filter((n) => n.href)
      .map((n) => ({
        label: n.label,
        href: n.href!,
        description:
          n.kind === 'category'
            ? plural(input.strings, 'category.items', n.items.length, route.locale)
            : docDescription(n.href),
        count: n.kind === 'category' ? n.items.length : undefined,
      }))
    return {
      kind: 'category-index',
      title: data.title,
      description: data.description,
      breadcrumbs,
      cards,
      prev,
      next,
    }
  }
  if (data.kind === 'page') return standalonePageView(data, input.html)
  const blogPage = blogPageView(site, route, input.strings, input.postHtml)
  if (blogPage) return blogPage
  if (data.kind.startsWith('api-'))
    return apiPageView(site, route, data as Parameters<typeof apiPageView>[2], { prev, next }, t)
  if (data.kind === 'tags') return { kind: 'tags', title: t('tags.title'), tags: data.tags }
  if (data.kind === 'tag') {
    const title = plural(input.strings, 'tags.docsTagged', data.docs.length, route.locale, {
      tagName: data.tag,
    })
    return { kind: 'tag', title, docs: data.docs, allTagsHref: route.url.replace(/[^/]+\/?$/, '') }
  }
  return { kind: 'not-found', title: t('notFound.title') }
}

/** URL of the same page in another locale or version, when it exists. */
export function sameIn(
  site: Site,
  route: Route,
  target: { locale?: string; version?: string },
): string | undefined {
  const locale = target.locale ?? route.locale
  const version = target.version ?? route.version
  for (const r of site.routes) {
    if (r.locale !== locale || r.version !== version) continue
    if (
      target.version !== undefined
        ? r.versionKey === route.versionKey && r.versionKey !== undefined
        : r.key === route.key
    )
      return r.url
  }
  return undefined
}

function alternates(site: Site, route: Route): Array<{ hreflang: string; href: string }> {
  const out = site.config.locales.flatMap((locale) => {
    const href = locale === route.locale ? route.url : sameIn(site, route, { locale })
    return href
      ? [{ hreflang: site.config.localeConfigs[locale]!.htmlLang, href: site.config.url + href }]
      : []
  })
  const def = out[site.config.locales.indexOf(site.config.defaultLocale)]
  return def ? [...out, { hreflang: 'x-default', href: def.href }] : out
}

const absolute = (site: Site, p: string | undefined) =>
  p ? (/^https?:/.test(p) ? p : (site.config.url ?? '') + asset(site, p)) : undefined
const asset = (site: Site, p: string) =>
  /^(https?:)?\/\//.test(p) ? p : site.config.baseUrl + p.replace(/^\//, '')
const isColumns = (links: unknown): links is Array<{ title: string; items: LinkItemConfig[] }> =>
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

function linkView(
  site: Site,
  route: Route,
  item: { label: string; to?: string; href?: string },
  label: (s: string) => string,
  active?: boolean,
): LinkView {
  const href = item.href ?? (item.to !== undefined ? internalHref(site, route, item.to) : '#')
  const external = /^(https?:)?\/\//.test(href)
  return {
    label: label(item.label),
    href,
    external,
    active: active ?? (!external && href !== site.config.baseUrl && route.url.startsWith(href)),
  }
}

function navItem(
  site: Site,
  route: Route,
  item: NavbarItemConfig,
  label: (s: string) => string,
  t: (k: string) => string,
  sidebarId: string | undefined,
): NavItemView {
  const position = item.position ?? 'left'
  const { config } = site
  const version = route.version ?? config.versions[0]?.name
  const versionConf = config.versions.find((v) => v.name === version)
  const isActive = (href: string) =>
    item.activeBaseRegex
      ? new RegExp(item.activeBaseRegex).test(route.url)
      : item.activeBasePath
        ? route.url.startsWith(internalHref(site, route, item.activeBasePath))
        : route.url === href
  switch (item.type) {
    case undefined:
    case 'default': {
      const view = linkView(site, route, item, label)
      return { kind: 'link', position, ...view, active: !view.external && isActive(view.href) }
    }
    case 'dropdown': {
      const items = item.items
        .map((i) => ('label' in i && i.label ? linkView(site, route, i as LinkItemConfig, label) : undefined))
        .filter((x): x is LinkView => !!x)
      return {
        kind: 'dropdown',
        position,
        label: label(item.label),
        active: items.some((i) => i.active),
        variant: 'plain',
        items,
      }
    }
    case 'localeDropdown': {
      const items = config.locales.map((locale) => ({
        label: config.localeConfigs[locale]!.label,
        href: sameIn(site, route, { locale }) ?? urlFor(config, { locale, path: '' }),
        external: false,
        active: locale === route.locale,
        lang: config.localeConfigs[locale]!.htmlLang,
      }))
      return {
        kind: 'dropdown',
        position,
        label: item.label ?? config.localeConfigs[route.locale]!.label,
        active: false,
        variant: 'locale',
        items,
      }
    }
    case 'search':
      return { kind: 'search', position }
    case 'html':
      return { kind: 'html', position, html: item.html }
    case 'doc': {
      const href = site.docUrls.get(`${route.locale}|${version}|${item.docId}`) ?? '#'
      const r = site.routeByUrl.get(href)
      return {
        kind: 'link',
        position,
        label: label(item.label ?? (r?.data.kind === 'doc' ? r.data.doc.title : item.docId)),
        href,
        external: false,
        active: isActive(href),
      }
    }
    case 'docSidebar': {
      const first = (v: string | undefined) => {
        const sb = site.sidebars.get(`${route.locale}/${v}/${item.sidebarId}`)
        return sb?.flat[0]?.href
      }
      const href = first(version) ?? '#'
      // Outside the docs, the client sends this link to the reader's preferred version (spec §7).
      const versions =
        route.version === undefined && config.versions.length > 1
          ? Object.fromEntries(
              config.versions.flatMap((v) => (first(v.name) ? [[v.name, first(v.name)!]] : [])),
            )
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
    case 'docsVersion': {
      const href = item.to
        ? internalHref(site, route, item.to)
        : urlFor(config, { locale: route.locale, versionPath: versionConf?.path, path: '' })
      return {
        kind: 'link',
        position,
        label: label(item.label ?? versionConf?.label ?? ''),
        href,
        external: false,
        active: false,
      }
    }
    case 'docsVersionDropdown': {
      const items = config.versions.map((v) => ({
        label: v.label,
        version: v.name,
        href:
          sameIn(site, route, { version: v.name }) ??
          urlFor(config, { locale: route.locale, versionPath: v.path, path: '' }),
        external: false,
        active: v.name === route.version,
      }))
      return {
        kind: 'dropdown',
        position,
        label: item.label ?? versionConf?.label ?? t('versions'),
        active: false,
        variant: 'version',
        items,
      }
    }
  }
}

/**
 * The sidebar as the current page sees it. A subtree without the current page looks the same
 * from every page: it is one view object per node (memoised), whose HTML the theme renders once.
 */
function sidebarView(items: readonly SidebarNode[], current: string): SidebarItemView[] {
  return items.map((n) => {
    let neutral = neutralViews.get(n)
    // A summarized category off the current path is its link alone: its items are not visited.
    if (n.summarized && n.href && n.href !== current && !contains(n, current)) {
      if (!neutral)
        neutralViews.set(n, (neutral = { ...nodeView({ ...n, collapsible: false }, [], false, false) }))
      return neutral
    }
    const children = sidebarView(n.items, current)
    const active = n.href === current
    const containsActive = children.some(hasActive)
    if (active || containsActive) return nodeView(n, children, active, containsActive)
    if (!neutral) neutralViews.set(n, (neutral = nodeView(n, children, false, false)))
    return neutral
  })
}

const neutralViews = new WeakMap<SidebarNode, SidebarItemView>()

function nodeView(
  n: SidebarNode,
  children: SidebarItemView[],
  active: boolean,
  containsActive: boolean,
): SidebarItemView {
  return {
    label: n.label,
    href: n.href,
    kind: n.kind,
    active,
    // A category holding the current page starts expanded (spec §4).
    expanded: !n.collapsible || !n.collapsed || containsActive || active,
    collapsible: n.collapsible,
    external: !!n.href && /^(https?:)?\/\//.test(n.href),
    ...(n.badge ? { badge: n.badge } : {}),
    ...(n.deprecated ? { deprecated: true } : {}),
    items: children,
  }
}

const hasActive = (n: SidebarItemView): boolean => n.active || n.items.some(hasActive)
// Every page asks every summarized category whether it holds the page: each answers from the
// set of its hrefs, made once, not by walking its items again.
const hrefsBelow = new WeakMap<SidebarNode, ReadonlySet<string>>()
const contains = (n: SidebarNode, url: string): boolean => {
  let hrefs = hrefsBelow.get(n)
  if (!hrefs) {
    const all = new Set<string>()
    const add = (c: SidebarNode) => c.items.forEach((i) => (i.href && all.add(i.href), add(i)))
    add(n)
    hrefsBelow.set(n, (hrefs = all))
  }
  return hrefs.has(url)
}
