import path from 'node:path'
import type { Diagnostic, MarkdownConfig, UserConfig } from '../types.js'
import { Notes } from './notes.js'
import { mapVersions, type DocsPluginOptions } from './versions.js'
import { mapAnnouncementBar, mapFooter, mapNavbar, mapToc, noteColorMode } from './theme.js'
import { noteProject } from './project.js'
import { contentOptions, type ContentOptions } from './content-plugins.js'
import { combineEditUrls, pluginEdit, type PluginEdit } from './edit-urls.js'
import { mapClientRedirects } from './redirects.js'

// A Docusaurus config (as docusaurus.config.js exports it) → docs-site's UserConfig with
// `layout: 'docusaurus'`, plus the one summary of what does not carry over.

type Obj = Record<string, unknown>

export interface MappedConfig {
  readonly user: UserConfig
  readonly deps: string[]
  readonly diagnostics: Diagnostic[]
  /** The edit options as the Docusaurus config gave them (functions too), for `init --from-docusaurus`. */
  readonly edit: { readonly docs: PluginEdit; readonly blog: PluginEdit; readonly docsPath: string }
}

export async function mapDocusaurusConfig(root: string, d: Obj, file: string): Promise<MappedConfig> {
  const notes = new Notes()
  const diagnostics: Diagnostic[] = []
  const rel = path.relative(root, file).split(path.sep).join('/')
  const { docs, blog, pages, taken: content, customCss } = contentOptions(d, notes)
  const { clientRedirects, taken: redirects } = mapClientRedirects(d, notes)
  const taken = new Set([...content, ...redirects])
  const theme = obj(d.themeConfig)
  const sidebarNotes = { html: 0 }
  const mapped = docs ? await mapVersions(root, docs as DocsPluginOptions, sidebarNotes) : undefined
  if (sidebarNotes.html) notes.add('sidebar items of type "html"', 'replace them with links or categories')
  const extra = obj(theme.prism).additionalLanguages
  const languages = Array.isArray(extra) ? extra.map(String) : []
  noteOptions(d, { docs, blog, taken }, theme, notes)
  noteColorMode(obj(theme.colorMode), notes)
  noteProject(root, notes)
  const edit = {
    docs: pluginEdit(docs, 'docs'),
    blog: pluginEdit(blog, 'blog'),
    docsPath: typeof docs?.path === 'string' ? docs.path.replace(/^\.\/|\/+$/g, '') : 'docs',
  }
  const editUrl = combineEditUrls(edit.docs, edit.blog, edit.docsPath)
  const user: UserConfig = clean({
    layout: 'docusaurus',
    title: str(d.title),
    tagline: str(d.tagline),
    ...(d.customFields && typeof d.customFields === 'object' ? { customFields: obj(d.customFields) } : {}),
    url: str(d.url),
    baseUrl: str(d.baseUrl),
    favicon: str(d.favicon) && '/' + str(d.favicon)!.replace(/^\/+/, ''),
    image: str(theme.image) && '/' + str(theme.image)!.replace(/^\/+/, ''),
    customCss: customCss.length ? customCss.map((f) => cssPath(root, f)) : undefined,
    // Docusaurus's default (undefined) writes folders as `x/index.html`, reached with or without
    // the slash: docs-site's trailing-slash links reach the same files.
    // `true` is kept: it also says how relative links resolve (see relativeLinksFromParent).
    trailingSlash: typeof d.trailingSlash === 'boolean' ? d.trailingSlash : undefined,
    i18n: mapI18n(obj(d.i18n), notes),
    markdown: mapMarkdown(obj(d.markdown), docs, blog, pages),
    code: languages.length ? { languages } : undefined,
    docs: docs && {
      ...(mapped ? { versions: mapped.versions } : {}),
      ...(editUrl ? { editUrl } : {}),
      ...(typeof docs.path === 'string' && docs.path !== 'docs' ? { path: docs.path } : {}),
      ...(typeof docs.sidebarCollapsed === 'boolean' ? { sidebarCollapsed: docs.sidebarCollapsed } : {}),
      ...(docs.breadcrumbs === false ? { breadcrumbs: false } : {}),
      ...(globs(docs.exclude) ? { exclude: globs(docs.exclude) } : {}),
      ...(docs.showLastUpdateTime === true ? { showLastUpdateTime: true } : {}),
      ...(docs.showLastUpdateAuthor === true ? { showLastUpdateAuthor: true } : {}),
    },
    navbar: mapNavbar(maybeObj(theme.navbar), notes),
    footer: mapFooter(maybeObj(theme.footer), notes),
    announcementBar: mapAnnouncementBar(maybeObj(theme.announcementBar)),
    toc: mapToc(maybeObj(theme.tableOfContents)),
    // `blog: false` in the preset: no blog, whatever blog/ holds.
    blog: blog ? mapBlog(blog) : false,
    ...(globs(pages?.exclude) ? { pages: { exclude: globs(pages?.exclude) } } : {}),
    ...headOptions(d),
    clientRedirects,
    onBrokenLinks: ['warn', 'ignore', 'log'].includes(String(d.onBrokenLinks)) ? 'warn' : undefined,
    // 'throw' fails the build, as in Docusaurus (3.x's markdown.hooks spelling too).
    onBrokenMarkdownLinks: [
      d.onBrokenMarkdownLinks,
      obj(obj(d.markdown).hooks).onBrokenMarkdownLinks,
    ].includes('throw')
      ? 'error'
      : undefined,
    onBrokenAnchors: d.onBrokenAnchors === 'throw' ? 'error' : undefined,
  })
  diagnostics.push(...notes.summary(rel))
  return {
    user,
    deps: mapped?.deps ?? [],
    diagnostics,
    edit,
  }
}

/** Plugins, themes and options docs-site has no counterpart for, each with what to do. */
function noteOptions(d: Obj, content: Omit<ContentOptions, 'pages' | 'customCss'>, theme: Obj, notes: Notes) {
  const { blog } = content
  for (const key of ['plugins', 'themes'] as const)
    for (const p of Array.isArray(d[key]) ? d[key] : []) {
      if (content.taken.has(p)) continue
      const name = Array.isArray(p) ? p[0] : p
      // docs-site draws ```mermaid blocks itself: the theme that does it in Docusaurus is not missed.
      if (name === '@docusaurus/theme-mermaid') continue
      const what = `${key === 'plugins' ? 'plugin' : 'theme'} ${typeof name === 'string' ? JSON.stringify(name) : '(a function)'}`
      // A second instance of a content plugin (its own `id` and `path`): its pages are not built.
      const options = Array.isArray(p) ? obj(p[1]) : {}
      if (typeof name === 'string' && /plugin-content-(docs|blog|pages)$/.test(name))
        notes.add(
          `${what}${typeof options.id === 'string' ? ` (id "${options.id}")` : ''}`,
          `a second instance of a content plugin: its pages (${str(options.path) ?? 'its folder'}) are not built; docs-site builds the default instance only`,
        )
      else
        notes.add(what, 'not run: docs-site has no plugin API; drop it or port what it adds to the content')
    }
  if (Array.isArray(d.clientModules) && d.clientModules.length)
    notes.add(
      'clientModules',
      'docs-site runs no modules of the site in the browser; load a script with `scripts` instead',
    )
  if (Array.isArray(d.staticDirectories) && d.staticDirectories.some((s) => s !== 'static'))
    notes.add('staticDirectories other than static/', 'move those files into static/')
  if (theme.algolia)
    notes.add('Algolia DocSearch', 'set `search: true`: docs-site builds its own Pagefind index')
  if (blog?.showReadingTime === false)
    notes.add('blog.showReadingTime: false', 'docs-site always shows reading time')
  const feed = obj(blog?.feedOptions)
  if (feed.type === null)
    notes.add('blog.feedOptions.type: null', 'docs-site writes RSS, Atom and JSON feeds when url is set')
}

function mapI18n(i18n: Obj, notes: Notes): UserConfig['i18n'] {
  const locales = Array.isArray(i18n.locales) ? i18n.locales.map(String) : undefined
  if (!locales) return undefined
  const configs = obj(i18n.localeConfigs)
  if (str(i18n.path) && str(i18n.path)!.replace(/^\.\/|\/+$/g, '') !== 'i18n')
    notes.add('i18n.path other than "i18n"', 'move the locale folders under i18n/')
  if (locales.some((l) => obj(configs[l]).baseUrl !== undefined || obj(configs[l]).url !== undefined))
    notes.add(
      'localeConfigs[].url / baseUrl',
      'docs-site serves every locale from one site, at /<locale>/ (the default locale at /)',
    )
  return {
    defaultLocale: str(i18n.defaultLocale) ?? 'en',
    locales: Object.fromEntries(
      locales.map((l) => {
        const c = obj(configs[l])
        return [
          l,
          {
            label: str(c.label) ?? localeLabel(l),
            htmlLang: str(c.htmlLang) ?? l,
            ...(c.direction === 'rtl' || c.direction === 'ltr' ? { direction: c.direction } : {}),
            // The folder under i18n/ only: Docusaurus's URL segment stays the locale's name.
            ...(str(c.path) && c.path !== l ? { path: str(c.path) } : {}),
          },
        ]
      }),
    ),
  }
}

/** Docusaurus's default label: the language's own name, capitalised ('Français'). */
function localeLabel(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
  } catch {
    return locale
  }
}

function mapMarkdown(md: Obj, ...plugins: Array<Obj | undefined>): MarkdownConfig | undefined {
  // Docusaurus 3 reads `.md` files as MDX unless told otherwise; those that are not valid MDX
  // (written for Docusaurus 2's MDX 1, or plain CommonMark) are read as CommonMark, with a warning.
  const out: MarkdownConfig =
    md.format === 'md' || md.format === 'mdx' || md.format === 'detect'
      ? { format: md.format }
      : { format: 'mdx', mdxFallback: true }
  for (const key of ['remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins'] as const) {
    const all = plugins.flatMap((p) => (Array.isArray(p?.[key]) ? (p[key] as unknown[]) : []))
    if (all.length) out[key] = all
  }
  return out
}

function mapBlog(blog: Obj): UserConfig['blog'] {
  const perPage = blog.postsPerPage
  const count = blog.blogSidebarCount
  const base = str(blog.routeBasePath)?.replace(/^\/+|\/+$/g, '')
  const folder = str(blog.path)?.replace(/^\.\/|\/+$/g, '')
  return clean({
    postsPerPage: perPage === 'ALL' ? 1_000_000 : typeof perPage === 'number' ? perPage : undefined,
    sidebarCount: count === 'ALL' ? ('ALL' as const) : typeof count === 'number' ? count : undefined,
    feedTitle: str(obj(blog.feedOptions).title),
    feedCopyright: str(obj(blog.feedOptions).copyright),
    // Docusaurus's '/' (a blog-only site) is docs-site's too; '' is the same root.
    routeBasePath: base === undefined || base === 'blog' ? undefined : base || '/',
    path: folder === undefined || folder === 'blog' ? undefined : folder,
    title: str(blog.blogTitle),
    description: str(blog.blogDescription),
    sidebarTitle: str(blog.blogSidebarTitle),
    exclude: globs(blog.exclude),
  })
}

/** A plugin's `exclude`: its glob patterns, when it gives a list of them. */
const globs = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((p) => typeof p === 'string') ? (v as string[]) : undefined

/** `headTags`, `scripts` and `stylesheets`: docs-site takes them with the same names and shapes. */
function headOptions(d: Obj): Pick<UserConfig, 'headTags' | 'scripts' | 'stylesheets'> {
  const out: Pick<UserConfig, 'headTags' | 'scripts' | 'stylesheets'> = {}
  for (const key of ['headTags', 'scripts', 'stylesheets'] as const)
    if (Array.isArray(d[key]) && d[key].length) out[key] = d[key] as never
  return out
}

/** A customCss entry relative to the project (`require.resolve` gives an absolute path). */
const cssPath = (root: string, f: string) =>
  path.isAbsolute(f) ? path.relative(root, f).split(path.sep).join('/') : f.replace(/^\.\//, '')

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const maybeObj = (v: unknown): Obj | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined
const obj = (v: unknown): Obj => maybeObj(v) ?? {}
/** Drops undefined keys, so the written config and validation see only what was set. */
function clean<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T
}
