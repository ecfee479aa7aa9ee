// The config's parts that Docusaurus sites bring with the same names: tags added to every page's
// <head>, client-side redirects, the markdown options; and llms.txt's. Kept apart from
// config-types.ts, which re-exports them.

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

/**
 * A remark or rehype plugin as Docusaurus takes it: the plugin, or `[plugin, options]`.
 * Plugins run only on MDX pages (`.mdx`, or `.md` under `format: 'mdx'`).
 */
export type MdxPluginConfig = unknown

export interface MarkdownConfig {
  /**
   * 'detect' (Docusaurus's option of that name): `.mdx` files are MDX, `.md` files CommonMark;
   * 'mdx' (Docusaurus 3's default): `.md` files are MDX too; 'md': `.mdx` files are MDX, `.md`
   * files CommonMark (as 'detect').
   * @default 'detect' ('mdx' in a Docusaurus project whose config sets none)
   */
  format?: 'md' | 'mdx' | 'detect'
  /**
   * With format 'mdx': a `.md` file is MDX only when it uses MDX (an `import`/`export` line, a
   * capitalised JSX tag, an MDX comment), and one that is not valid MDX (a `<br>`, a stray `{`)
   * is read as CommonMark, with a warning at the MDX error, instead of failing the build. On in a
   * Docusaurus project whose config sets no format: its `.md` files may predate MDX 3.
   * @default false
   */
  mdxFallback?: boolean
  remarkPlugins?: MdxPluginConfig[]
  rehypePlugins?: MdxPluginConfig[]
  /** Run before docs-site's own remark plugins (admonitions, headings, links, code). */
  beforeDefaultRemarkPlugins?: MdxPluginConfig[]
}

export interface LlmsConfig {
  /**
   * Sections of llms.txt, in order. A page goes to the first section one of whose `paths` starts
   * its path (relative to the site root, without baseUrl or locale: 'api/', 'bo/', 'blog/').
   * Default: one section per sidebar of the latest version, titled as the navbar item that opens
   * it, then the blog.
   */
  sections?: Array<{ title: string; description?: string; paths: string[] }>
  /** Which pages are listed (and, except blog posts, put in llms-full.txt). @default ['docs', 'api', 'blog'] */
  include?: Array<'docs' | 'api' | 'blog'>
}

/** The blog's options (`blog` in the config). */
export interface BlogConfig {
  /** Posts that are not published: glob patterns relative to the blog's folder (`drafts/**`). */
  exclude?: string[]
  postsPerPage?: number
  sidebarCount?: number | 'ALL'
  feedTitle?: string
  /** The feeds' copyright line (Docusaurus's `feedOptions.copyright`). @default the footer's, as text */
  feedCopyright?: string
  /** URL segment of the blog: its list, posts, tags, archive, authors and feeds; '/' for the root. @default 'blog' */
  routeBasePath?: string
  /** Folder of the posts with `layout: 'docusaurus'`, relative to the project root. @default 'blog' */
  path?: string
  /** Title of the list of posts (Docusaurus's `blogTitle`). @default the UI string "Blog" */
  title?: string
  /** Meta description of the list of posts (Docusaurus's `blogDescription`). */
  description?: string
  /** Heading of the recent posts beside each post (`blogSidebarTitle`). @default "Recent posts" */
  sidebarTitle?: string
}
