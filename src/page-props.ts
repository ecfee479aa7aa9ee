import type {
  Sidebar,
  LinkItemConfig,
  PageProps,
  PageView,
  PagerLink,
  Route,
  SidebarNode,
  Site,
  SiteConfig,
} from './types.js'
import { translate, plural } from '../shared/strings.js'
import type { StringKey, Strings, Translate } from '../theme/i18n/format.js'
import { findTrail, indexInSidebar, lazySidebar, moreLabel, sidebarView } from './sidebar-view.js'
import { localeNotices } from './translation.js'
import { apiPageView } from './openapi/views.js'
import { blogFeedLinks, blogHead, blogPageView } from './blog/view.js'
import { urlFor } from './urls.js'
import { docTag, type TagDefs } from './docs/tags.js'
import { absolute, alternates, asset, isColumns, linkView, navItem, sameIn, versionHome } from './nav-view.js'
import { searchFacets } from './search-facets.js'
import { twinHref } from './twins/index.js'
import { jsonLd } from './machine/json-ld.js'
import { hidesFooter, pageHead, standalonePageView } from './pages/view.js'
import { ownValue } from './text.js'
import { editUrlFor } from './edit-url.js'
import { lastUpdateView } from './last-update.js'
import { cardText } from './social/section.js'
import type { CardRef, CardText } from './social/index.js'

export interface PagePropsInput {
  readonly strings: Strings
  readonly assets: PageProps['assets']
  /** The doc body with links resolved (doc routes only). */
  readonly html?: string
  /** Blog routes: post URL → body or excerpt with links resolved. */
  readonly postHtml?: ReadonlyMap<string, string>
  /** URLs of the shared items files of large sidebars (`src/sidebar-items.ts`). */
  readonly sidebarItems?: ReadonlyMap<Sidebar, string>
  /** Social cards of the build (none in serve): the card of a page without its own image. */
  readonly card?: (text: CardText) => CardRef
}

type Label = (s: string) => string
type DataOf<K extends Route['data']['kind']> = Extract<Route['data'], { kind: K }>

/** The per-page view model: everything the theme shows, with final hrefs. Pure. */
export function toPageProps(site: Site, route: Route, input: PagePropsInput): PageProps {
  const { config } = site
  const t = (key: StringKey, vars?: Record<string, string | number>) => translate(input.strings, key, vars)
  // The site's own labels (navbar, footer, versions…): their translation, else as written.
  const label = (s: string) => ownValue(site.siteLabels[route.locale] ?? {}, s) ?? s
  const localeConf = config.localeConfigs[route.locale]!
  const home = urlFor(config, { locale: route.locale, path: '' })
  const sidebarId = 'sidebarId' in route.data ? route.data.sidebarId : undefined
  const sidebar = sidebarId ? site.sidebars.get(`${route.locale}/${route.version}/${sidebarId}`) : undefined
  const markdownHref = twinHref(site, route)
  const view = pageView(site, route, input, sidebar ?? { id: '', items: [], flat: [] }, { t, label })
  const page = markdownHref ? ({ ...view, markdownHref } as PageView) : view
  const isHome = route.url === home
  return {
    site: { title: config.title, tagline: config.tagline, baseUrl: config.baseUrl, homeHref: home },
    locale: { code: route.locale, htmlLang: localeConf.htmlLang, direction: localeConf.direction ?? 'ltr' },
    strings: input.strings,
    head: headView(site, route, { page, sidebar, isHome, markdownHref, card: input.card, label, t }),
    navbar: {
      title: label(config.navbar.title),
      logo: config.navbar.logo
        ? {
            ...config.navbar.logo,
            href: logoHref(site, route, config.navbar.logo.href, home),
            src: asset(site, config.navbar.logo.src),
            srcDark: config.navbar.logo.srcDark && asset(site, config.navbar.logo.srcDark),
          }
        : undefined,
      items: config.navbar.items.map((item) => navItem(site, route, item, label, t, sidebarId)),
    },
    footer: footerView(site, route, label),
    ...localeNotices(config, route, label),
    sidebar:
      sidebar &&
      sidebarView(sidebar.items, route.url, lazySidebar(sidebar), moreLabel(input.strings, route.locale)),
    ...(sidebar && input.sidebarItems?.has(sidebar)
      ? { sidebarItemsSrc: input.sidebarItems.get(sidebar) }
      : {}),
    page,
    assets: input.assets,
    client: {
      baseUrl: config.baseUrl,
      zoom: config.imageZoom,
      announcementId: config.announcementBar?.id,
      hideOnScroll: config.navbar.hideOnScroll,
      isHome,
      labels: {
        closeFullView: t('diagram.close'),
        copied: t('copied'),
        loading: t('loading'),
        loadFailed: t('loadFailed'),
        retry: t('retry'),
      },
    },
    search: searchView(site, route, label, t),
  }
}

/** The document's head: title, description, canonical and alternate URLs, image or card, feeds. */
function headView(
  site: Site,
  route: Route,
  view: {
    page: PageView
    sidebar: Sidebar | undefined
    isHome: boolean
    markdownHref: string | undefined
    card: PagePropsInput['card']
    label: Label
    t: Translate
  },
): PageProps['head'] {
  const { config } = site
  const { sidebar, isHome, label, t } = view
  const title = route.data.kind === 'not-found' ? t('notFound.title') : view.page.title
  const blog = blogHead(route, site.config.blog.description) ?? pageHead(route)
  const description =
    blog?.description ??
    (route.data.kind === 'doc' ? (route.data.doc.description ?? config.tagline) : config.tagline || undefined)
  // A page's own `image:` wins; else its generated card; else the site's image.
  const ownImage = blog?.image ?? (route.data.kind === 'doc' ? route.data.doc.frontMatter.image : undefined)
  const card =
    ownImage === undefined && route.data.kind !== 'not-found' && view.card
      ? view.card(cardText(site, route, title, label, t))
      : undefined
  const image = absolute(site, ownImage ?? card?.file ?? config.image)
  return {
    // Every page, the home page included: page title, delimiter, site title.
    title: `${title} | ${config.title}`,
    description,
    canonical: config.url && route.data.kind !== 'not-found' ? config.url + route.url : undefined,
    alternates: config.url && route.data.kind !== 'not-found' ? alternates(site, route) : [],
    image,
    imageCard: card && { width: card.width, height: card.height, alt: card.alt },
    favicon: config.favicon ? config.baseUrl + config.favicon.replace(/^\//, '') : undefined,
    keywords:
      blog?.keywords ?? (route.data.kind === 'doc' ? (route.data.doc.frontMatter.keywords ?? []) : []),
    noindex: route.unlisted,
    feeds: blogFeedLinks(site, route.locale),
    markdown: view.markdownHref,
    jsonLd: jsonLd(site, route, { title, description, image, sidebar, isHome }),
  }
}

/** The footer's columns of links, logo and copyright (none on a page with `hide_footer`). */
function footerView(site: Site, route: Route, label: Label): PageProps['footer'] {
  const footer = hidesFooter(route) ? undefined : site.config.footer
  return (
    footer && {
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
      copyright: footer.copyright && label(footer.copyright),
    }
  )
}

/** Whether search is on and the page indexed, with its facets. */
function searchView(site: Site, route: Route, label: Label, t: Translate): PageProps['search'] {
  const { config } = site
  return {
    enabled: config.search,
    // Content pages only: lists, tag pages and 404s would only repeat them.
    indexed:
      config.search &&
      !route.unlisted &&
      (['doc', 'category-index', 'blog-post', 'page'].includes(route.data.kind) ||
        route.data.kind.startsWith('api-')),
    version: route.version ? config.versions.find((v) => v.name === route.version)?.label : undefined,
    ...searchFacets(site, route, label, t),
  }
}

/** Where the page sits in its sidebar: its trail (breadcrumbs) and the pages before and after it. */
interface SidebarPlace {
  readonly trail: readonly SidebarNode[]
  readonly breadcrumbs: ReadonlyArray<{ label: string; href: string }>
  readonly prev: PagerLink | undefined
  readonly next: PagerLink | undefined
}

function sidebarPlace(sidebar: Sidebar, url: string): SidebarPlace {
  const trail = findTrail(sidebar.items, url) ?? []
  const breadcrumbs = trail.map((n) => ({ label: n.label, href: n.href ?? '' }))
  const flat = sidebar.flat
  const at = indexInSidebar(sidebar, url)
  const pager = (n: SidebarNode | undefined): PagerLink | undefined =>
    n?.href ? { label: n.label, href: n.href } : undefined
  const prev = at > 0 ? pager(flat[at - 1]) : undefined
  const next = at >= 0 ? pager(flat[at + 1]) : undefined
  return { trail, breadcrumbs, prev, next }
}

function pageView(
  site: Site,
  route: Route,
  input: PagePropsInput,
  sidebar: Sidebar,
  { t, label }: { t: Translate; label: Label },
): PageView {
  const data = route.data
  const place = sidebarPlace(sidebar, route.url)
  const { prev, next } = place
  if (data.kind === 'doc') return docPageView(site, route, data, { input, place, t, label })
  if (data.kind === 'category-index') return categoryPageView(site, route, data, input.strings, place)
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
    return {
      kind: 'tag',
      title,
      docs: data.docs,
      allTagsHref: data.allTagsHref,
      ...optional('description', data.description),
    }
  }
  return { kind: 'not-found', title: t('notFound.title') }
}

/**
 * A doc's previous or next link: its front matter's (`pagination_next: a-doc-id`, or `null` for
 * none), else the sidebar's; labelled with the target's `pagination_label` when it has one.
 */
function pagerOf(site: Site, route: Route, given: unknown, fromSidebar: PagerLink | undefined) {
  if (given === null) return undefined
  const href =
    typeof given === 'string' ? site.docUrls.get(`${route.locale}|${route.version}|${given}`) : undefined
  const link = href ? { label: '', href } : fromSidebar
  if (!link) return undefined
  const target = site.routeByUrl.get(link.href)?.data
  if (target?.kind !== 'doc') return link
  const fm = target.doc.frontMatter
  const label = fm.pagination_label ?? (href ? (fm.sidebar_label ?? target.doc.title) : link.label)
  return { ...link, label: String(label) }
}

function docPageView(
  site: Site,
  route: Route,
  data: DataOf<'doc'>,
  { input, place, t, label }: { input: PagePropsInput; place: SidebarPlace; t: Translate; label: Label },
): PageView {
  const { config } = site
  const fm = data.doc.frontMatter
  const min = (fm.toc_min_heading_level as number | undefined) ?? config.toc.minHeadingLevel
  const max = (fm.toc_max_heading_level as number | undefined) ?? config.toc.maxHeadingLevel
  const version = config.versions.find((v) => v.name === route.version)!
  return {
    kind: 'doc',
    title: data.doc.title,
    ...(data.doc.contentTitle !== undefined && data.doc.contentTitle !== data.doc.title
      ? { heading: data.doc.contentTitle }
      : {}),
    ...(fm.hide_title === true && data.doc.contentTitle === undefined ? { hideTitle: true } : {}),
    html: input.html ?? data.doc.html,
    toc: fm.hide_table_of_contents ? [] : data.doc.headings.filter((h) => h.level >= min && h.level <= max),
    breadcrumbs: config.breadcrumbs ? place.breadcrumbs : [],
    prev: pagerOf(site, route, fm.pagination_prev, place.prev),
    next: pagerOf(site, route, fm.pagination_next, place.next),
    editUrl:
      config.editUrl && fm.custom_edit_url !== null
        ? typeof fm.custom_edit_url === 'string'
          ? fm.custom_edit_url
          : editUrlFor(config, { ...data.doc.source, permalink: route.url })
        : undefined,
    ...optional('lastUpdate', lastUpdateView(site, route, fm)),
    tags: docTags(site, route, version.path, fm.tags ?? [], data.tagDefs),
    versionBanner: versionBanner(site, route, version, label),
    versionBadge:
      config.versions.length > 1 ? t('versionBadge', { versionLabel: label(version.label) }) : undefined,
    unlisted: route.unlisted,
    notTranslated: data.notTranslated,
    staleTranslation: data.staleTranslation,
  }
}

/** `{ key: value }`, or nothing when value is undefined (so a page without it keeps its props' shape). */
const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>

/** A doc's tags, each linking to its tag page. */
function docTags(site: Site, route: Route, versionPath: string, tags: readonly unknown[], defs?: TagDefs) {
  return (
    tags
      .map((t) => docTag(t, defs))
      .map((tag) => ({
        label: tag.label,
        href: urlFor(site.config, { locale: route.locale, versionPath, path: `tags/${tag.path}` }),
      }))
      // Tag pages list listed docs only: an unlisted doc's tag may have none to link to.
      .filter((tag) => site.routeByUrl.has(tag.href))
  )
}

/** An older or unreleased version's banner, leading to the same page in the latest version. */
function versionBanner(site: Site, route: Route, version: SiteConfig['versions'][number], label: Label) {
  const latest = site.config.versions[0]!
  return version.banner === 'none'
    ? undefined
    : {
        kind: version.banner,
        versionLabel: label(version.label),
        latestHref:
          sameIn(site, route, { version: latest.name }) ?? versionHome(site, route.locale, latest.name),
        latestLabel: label(latest.label),
      }
}

/** A category's own page: a card for each of its items. */
function categoryPageView(
  site: Site,
  route: Route,
  data: DataOf<'category-index'>,
  strings: Strings,
  { trail, breadcrumbs, prev, next }: SidebarPlace,
): PageView {
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
          ? plural(strings, 'category.items', n.items.length, route.locale)
          : docDescription(n.href),
      count: n.kind === 'category' ? n.items.length : undefined,
    }))
  return {
    kind: 'category-index',
    title: data.title,
    description: data.description,
    breadcrumbs: site.config.breadcrumbs ? breadcrumbs : [],
    cards,
    prev,
    next,
  }
}

/**
 * Where the navbar logo leads: the home page, a URL, or a site path written with or without its
 * leading slash (Docusaurus's `href: 'main'` is `/main` under the base URL, in the page's locale).
 */
function logoHref(site: Site, route: Route, href: string | undefined, home: string): string {
  if (href === undefined) return home
  if (/^([a-z][a-z\d+.-]*:|\/\/|#)/i.test(href)) return href
  return linkView(site, route, { label: '', to: href.startsWith('/') ? href : '/' + href }, (s) => s).href
}
