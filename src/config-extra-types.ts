// The config's parts that Docusaurus sites bring with the same names: tags added to every page's
// <head> and client-side redirects. Kept apart from config-types.ts, which re-exports them.

/** An attribute's value: a string, or `true` for an attribute without a value (`async`). */
export type HeadAttributeValue = string | boolean

/** A tag of every page's <head>, as Docusaurus's `headTags` writes it. */
export interface HeadTagConfig {
  /** @example 'link', 'meta', 'script' */
  tagName: string
  /** Written escaped; `true` writes the name alone, `false` leaves it out. */
  attributes: Record<string, HeadAttributeValue>
  /** Trusted markup from the config (a script's code), written as is; not on void tags. */
  innerHTML?: string
}

/** A script of every page: its URL, or its attributes (`src` and `async`, `defer`, `type`…). */
export type ScriptConfig = string | ({ src: string } & Record<string, HeadAttributeValue>)

/** A stylesheet of every page: its URL, or the attributes of its `<link rel="stylesheet">`. */
export type StylesheetConfig = string | ({ href: string } & Record<string, HeadAttributeValue>)

/** One or more old paths that lead to a page. */
export interface RedirectConfig {
  /** Site paths without the baseUrl or locale prefix, starting with '/'. @example ['/old', '/older'] */
  from: string | string[]
  /** A page of the site (same form; a query or #hash is kept), or an absolute URL. */
  to: string
}

/**
 * Redirect pages (as Docusaurus's plugin-client-redirects writes them): a small HTML page at each
 * old path, in every locale, that sends the reader on to the new one with the query and #hash.
 */
export interface ClientRedirectsConfig {
  redirects?: RedirectConfig[]
  /**
   * Called with the path of every page of the site (without baseUrl or locale prefix; with a
   * trailing slash where the site's URLs have one); returns the old path(s) that lead to it.
   */
  createRedirects?: (existingPath: string) => string | string[] | undefined | null
  /** `['html']`: `/page.html` leads to `/page`. */
  fromExtensions?: string[]
  /** `['zip']`: `/page` leads to `/page.zip` when that is a page of the site. */
  toExtensions?: string[]
}
