import { createContext, useContext } from 'react'

// What the Docusaurus components inside an island need in the browser, where the build's page
// context (context.ts) does not exist: the site's config and the page's resolved links. The server
// writes it on the island's element (`data-page`) and the links after it (src/mdx/islands.ts);
// the islands' module reads them back (src/mdx/islands-bundle.ts), so that both sides render the
// same markup.

export interface IslandPage {
  readonly baseUrl: string
  readonly siteConfig: Readonly<Record<string, unknown> & { url: string }>
  readonly i18n: Readonly<{ currentLocale: string; defaultLocale: string; locales: readonly string[] }>
  /** A Link's `to` as written → its URL, resolved by the build as a markdown link is. */
  readonly links: Readonly<Record<string, string>>
}

export const IslandPageContext = createContext<IslandPage | undefined>(undefined)

export function useIslandPage(): IslandPage {
  const page = useContext(IslandPageContext)
  if (!page) throw new Error('a Docusaurus component was rendered outside an island')
  return page
}

/**
 * On the server, inside an island: the links its Links render, `to` → placeholder href, which the
 * island writes after itself for the build to resolve. Its presence also tells a nested
 * interactive component that it hydrates with the island around it, not as one of its own.
 */
export const IslandLinks = createContext<Map<string, string> | undefined>(undefined)

/** A URL that leaves the site (a scheme or `//host`). */
export const isExternal = (url: string): boolean => /^[a-z][a-z\d+.-]*:|^\/\//i.test(url)

/** Docusaurus's useBaseUrl, the same on the server and in the browser. */
export function withBaseUrl(
  url: string,
  site: { baseUrl: string; siteUrl: string },
  options?: { absolute?: boolean },
): string {
  if (isExternal(url) || url.startsWith('#')) return url
  const path = site.baseUrl + url.replace(/^\//, '')
  return options?.absolute ? site.siteUrl + path : path
}
