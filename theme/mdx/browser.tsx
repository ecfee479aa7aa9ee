import { createElement, type ComponentProps, type ReactNode } from 'react'
import { isExternal, useIslandPage, withBaseUrl } from './island-page.js'
export { Details } from './Details.js'

// The Docusaurus modules a hydrating island imports, in the browser (src/mdx/islands-bundle.ts
// maps `@theme/…` and `@docusaurus/…` here). Each renders the markup its server version in
// components.tsx renders, from what the island carries (island-page.ts) instead of the build.

/** The page's frame: on the server its title became the document's; here only its children. */
export function Layout(props: { title?: string; children?: ReactNode }) {
  return <>{props.children}</>
}

export function Heading(props: { as?: string; children?: ReactNode } & Record<string, unknown>) {
  const { as = 'h2', ...rest } = props
  return createElement(as, rest)
}

export function Head(_props: { children?: ReactNode }) {
  return null
}

export function Link(props: ComponentProps<'a'> & { to?: string }) {
  const page = useIslandPage()
  const { to, href, ...rest } = props
  const target = to ?? href ?? ''
  const external = isExternal(target)
  // A link the server rendered has its resolved URL; one that appears only in the browser (after
  // a click) is a site path under the base URL.
  const url =
    external || target === '' || target.startsWith('#')
      ? target
      : (page.links[target] ?? withBase(page, target))
  return <a {...rest} href={url} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} />
}

const withBase = (page: ReturnType<typeof useIslandPage>, url: string, absolute?: boolean) =>
  withBaseUrl(url, { baseUrl: page.baseUrl, siteUrl: page.siteConfig.url }, { absolute })

export function useBaseUrl(url: string, options?: { absolute?: boolean }): string {
  return withBase(useIslandPage(), url, options?.absolute)
}

export function useBaseUrlUtils() {
  const page = useIslandPage()
  return {
    withBaseUrl: (url: string, options?: { absolute?: boolean }) => withBase(page, url, options?.absolute),
  }
}

export function useDocusaurusContext() {
  const page = useIslandPage()
  return { siteConfig: page.siteConfig, i18n: page.i18n }
}
