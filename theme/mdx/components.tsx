import {
  Children,
  createElement,
  isValidElement,
  useContext,
  type ComponentProps,
  type ReactNode,
} from 'react'
import { usePage } from './context.js'
import { Details } from './Details.js'
import { IslandLinks, isExternal, withBaseUrl } from './island-page.js'
import { Tabs, TabItem } from './Tabs.js'
import {
  BrowserOnly,
  ExecutionEnvironment,
  IdealImage,
  Interpolate,
  ThemedImage,
  Translate,
  interpolate,
  translate,
  useColorMode,
  useCurrentSidebarCategory,
  useGlobalData,
  useHistory,
  useIsBrowser,
  useLocation,
  usePluginData,
} from './docusaurus-runtime.js'

// The Docusaurus components MDX writers use most, for every MDX page: in scope without an import,
// and behind their Docusaurus import paths (src/mdx/bundle.ts maps `@theme/…` and
// `@docusaurus/…` here). All of them render at build time and ship no JavaScript; Tabs get their
// behaviour from the site's client script.

const ADMONITION_CLASS: Readonly<Record<string, string>> = { caution: 'warning admonition-caution' }

export function Admonition(props: {
  type?: string
  title?: ReactNode
  icon?: ReactNode
  children?: ReactNode
}) {
  const page = usePage()
  const type = props.type ?? 'note'
  return (
    <div className={`admonition admonition-${ADMONITION_CLASS[type] ?? type}`}>
      <div className="admonition-heading">{props.title ?? page.admonitionLabel(type)}</div>
      <div className="admonition-content">{props.children}</div>
    </div>
  )
}

/** The text of a code block written as children (`<CodeBlock>{`…`}</CodeBlock>` or nested tags). */
const textOf = (node: ReactNode): string =>
  Children.toArray(node)
    .map((c) =>
      typeof c === 'string' || typeof c === 'number'
        ? String(c)
        : isValidElement(c)
          ? textOf((c.props as { children?: ReactNode }).children)
          : '',
    )
    .join('')

export function CodeBlock(props: {
  children?: ReactNode
  language?: string
  className?: string
  title?: string
  metastring?: string
  showLineNumbers?: boolean
}) {
  const page = usePage()
  const lang = props.language ?? /language-(\S+)/.exec(props.className ?? '')?.[1] ?? ''
  const info = [
    lang,
    props.title ? `title="${props.title.replace(/"/g, "'")}"` : '',
    props.metastring ?? '',
    props.showLineNumbers ? 'showLineNumbers' : '',
  ].join(' ')
  // Shiki's HTML goes in after rendering, where this element stands (src/mdx/index.ts).
  return createElement('docs-site-raw', {
    i: page.raw(page.highlight(textOf(props.children).replace(/\n$/, ''), info)),
  })
}

export function TOCInline(props: { toc?: unknown; minHeadingLevel?: number; maxHeadingLevel?: number }) {
  const page = usePage()
  const min = props.minHeadingLevel ?? 2
  const max = props.maxHeadingLevel ?? 3
  const items = page.toc.filter((h) => h.level >= min && h.level <= max)
  return (
    <ul className="toc-inline">
      {items.map((h) => (
        <li key={h.id} className={`toc-level-${h.level - min}`}>
          <a href={`#${h.id}`}>{h.text}</a>
        </li>
      ))}
    </ul>
  )
}

/** The docs beside this one (its category, when the page is a category's index), as cards. */
export function DocCardList(props: {
  items?: ReadonlyArray<{ href: string; label: string; description?: string }>
}) {
  const page = usePage()
  const items =
    props.items?.map((i) => ({ href: i.href, title: i.label, description: i.description })) ??
    page.siblings().map((s) => ({ ...s, href: page.link(s.href) }))
  return (
    <ul className="doc-card-list">
      {items.map((i) => (
        <li key={i.href} className="doc-card">
          <a href={i.href}>
            <span className="doc-card-title">{i.title}</span>
            {i.description && <span className="doc-card-description">{i.description}</span>}
          </a>
        </li>
      ))}
    </ul>
  )
}

/**
 * One card, as Docusaurus's DocCard takes a sidebar item (`{ type: 'link' | 'category', href,
 * label, description }`): a site path is resolved and checked as a markdown link is.
 */
export function DocCard(props: { item: { href?: string; label?: string; description?: string } }) {
  const page = usePage()
  const { href = '', label = href, description } = props.item
  const url = /^[a-z][a-z\d+.-]*:|^\/\/|^#/i.test(href) ? href : page.link(href, href)
  return (
    <div className="doc-card">
      <a href={url}>
        <span className="doc-card-title">{label}</span>
        {description && <span className="doc-card-description">{description}</span>}
      </a>
    </div>
  )
}

/** Docusaurus puts its children in <head>; docs-site takes the page head from the front matter. */
export function Head(_props: { children?: ReactNode }) {
  return null
}

export function useBaseUrl(url: string, options?: { absolute?: boolean }): string {
  const page = usePage()
  return withBaseUrl(url, { baseUrl: page.baseUrl, siteUrl: page.siteConfig.url }, options)
}

/**
 * Docusaurus's Link: `to` is a site path, resolved and checked as a markdown link is (base URL,
 * locale, trailing slash), or a URL.
 */
export function Link(props: ComponentProps<'a'> & { to?: string }) {
  const page = usePage()
  const islandLinks = useContext(IslandLinks)
  const { to, href, ...rest } = props
  const target = to ?? href ?? ''
  const external = isExternal(target)
  const url = external || target === '' || target.startsWith('#') ? target : page.link(target, target)
  // Inside an island the browser renders this link again: it takes the URL the build resolves.
  if (url !== target) islandLinks?.set(target, url)
  return <a {...rest} href={url} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} />
}

export function useDocusaurusContext() {
  const page = usePage()
  return { siteConfig: page.siteConfig, i18n: page.i18n }
}

/** Markdown tables scroll in their box, as on markdown pages; images load lazily. */
const table = (props: ComponentProps<'table'>) => (
  <div className="table-wrap">
    <table {...props} />
  </div>
)
const img = (props: ComponentProps<'img'>) => <img loading="lazy" decoding="async" {...props} />

/** What every MDX page has in scope without an import. */
export const mdxComponents = {
  Tabs,
  TabItem,
  Admonition,
  CodeBlock,
  TOCInline,
  DocCardList,
  Head,
  Link,
  Details,
  table,
  img,
}

/** Modules behind the Docusaurus import paths a page may import. */
/**
 * A React page's frame: docs-site's own layout wraps the page already, so only its children
 * render; its title becomes the page's title.
 */
export function Layout(props: { title?: string; children?: ReactNode }) {
  const page = usePage()
  if (props.title) page.pageTitle(props.title)
  return <>{props.children}</>
}

/** Docusaurus's heading component: the element `as` names, with an id for anchors. */
export function Heading(props: { as?: string; children?: ReactNode } & Record<string, unknown>) {
  const { as = 'h2', ...rest } = props
  return createElement(as, rest)
}

export const docusaurusModules: Readonly<Record<string, Record<string, unknown>>> = {
  '@theme/Layout': { default: Layout },
  '@theme/Heading': { default: Heading },
  '@theme/Tabs': { default: Tabs },
  '@theme/TabItem': { default: TabItem },
  '@theme/Admonition': { default: Admonition },
  '@theme/CodeBlock': { default: CodeBlock },
  '@theme/DocCardList': { default: DocCardList },
  '@theme/DocCard': { default: DocCard },
  '@theme/TOCInline': { default: TOCInline },
  '@theme/Details': { default: Details },
  '@docusaurus/Head': { default: Head },
  '@docusaurus/Link': { default: Link },
  '@docusaurus/useBaseUrl': { default: useBaseUrl, useBaseUrlUtils: () => ({ withBaseUrl: useBaseUrl }) },
  '@docusaurus/useDocusaurusContext': { default: useDocusaurusContext },
  '@docusaurus/BrowserOnly': { default: BrowserOnly },
  '@docusaurus/useIsBrowser': { default: useIsBrowser },
  '@docusaurus/ExecutionEnvironment': { default: ExecutionEnvironment, ...ExecutionEnvironment },
  '@docusaurus/Translate': { default: Translate, translate },
  '@docusaurus/Interpolate': { default: Interpolate, interpolate },
  '@docusaurus/router': { useLocation, useHistory },
  '@docusaurus/useGlobalData': { default: useGlobalData, usePluginData },
  '@docusaurus/theme-common': { useColorMode, useCurrentSidebarCategory, ThemeClassNames: {} },
  '@docusaurus/plugin-content-docs/client': { useCurrentSidebarCategory },
  '@theme/ThemedImage': { default: ThemedImage },
  '@theme/IdealImage': { default: IdealImage },
  '@theme/MDXComponents': { default: mdxComponents },
  // What a site's own src/theme/MDXComponents spreads (Docusaurus's swizzle "wrap" imports).
  '@theme-original/MDXComponents': { default: mdxComponents },
  '@theme-init/MDXComponents': { default: mdxComponents },
}
