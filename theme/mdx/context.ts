import { createContext, useContext } from 'react'
import type { Heading } from '../../src/types.js'

/** What the Docusaurus components on an MDX page need from the build: one value per page. */
export interface MdxPageContext {
  readonly baseUrl: string
  readonly locale: string
  /** The page's headings (TOCInline). */
  readonly toc: readonly Heading[]
  /** Highlighted code block HTML, as a fence renders (CodeBlock), from its info string. */
  readonly highlight: (code: string, info: string) => string
  /** Keeps HTML made outside React; the number goes in `<docs-site-raw i>`, replaced after rendering. */
  readonly raw: (html: string) => number
  /**
   * A link's placeholder href, resolved later like a markdown link (DocCardList, Link); `near` is
   * text of the source the link is reported at.
   */
  readonly link: (href: string, near?: string) => string
  /** The docs beside this page, for DocCardList: relative file link, title, description. */
  readonly siblings: () => ReadonlyArray<{ href: string; title: string; description?: string }>
  readonly admonitionLabel: (type: string) => string
  /** Sets the page's title (a React page's `<Layout title>`), when its front matter has none. */
  readonly pageTitle: (title: string) => void
  readonly siteConfig: Readonly<{
    title: string
    tagline: string
    url: string
    baseUrl: string
    customFields: Readonly<Record<string, unknown>>
  }>
  readonly i18n: Readonly<{ currentLocale: string; defaultLocale: string; locales: readonly string[] }>
}

export const MdxContext = createContext<MdxPageContext | undefined>(undefined)

export function usePage(): MdxPageContext {
  const ctx = useContext(MdxContext)
  if (!ctx) throw new Error('a docs-site MDX component was rendered outside an MDX page')
  return ctx
}
