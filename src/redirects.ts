import fs from 'node:fs'
import path from 'node:path'
import type { ClientRedirectsConfig, Diagnostic, Route, Site } from './types.js'
import type { Strings } from '../theme/i18n/format.js'
import { decodeSafe, escapeHtml } from './text.js'
import { outFileFor, sitePrefix, urlFor } from './urls.js'

// Client redirects (`clientRedirects`, Docusaurus's plugin-client-redirects): an old path gets a
// small HTML page that sends the reader on to a page of the site, keeping the query and #hash
// (static hosts have no server-side redirects to configure). Paths are written as in Docusaurus:
// from the site's root, without the baseUrl or the locale prefix; each locale gets its own copy.
// The pages are not routes: no sitemap entry, no search index, no Markdown twin.

/** One redirect: `from` a path, `to` a path (query and #hash allowed) or a URL. */
interface Redirect {
  readonly from: string
  readonly to: string
  /** The option that asked for it: where in the config its mistakes are reported. */
  readonly origin: Origin
}

type Origin = 'redirects' | 'createRedirects' | 'fromExtensions' | 'toExtensions'

export interface RedirectPages {
  /** Output path → the redirect page. */
  readonly files: Map<string, string>
  readonly diagnostics: Diagnostic[]
}

/** What the redirect pages are made with, beside the route table. */
interface RedirectInputs {
  readonly locales: readonly string[]
  readonly strings: (locale: string) => Strings
  /** Whether the output already has this file (static files, assets, other redirects). */
  readonly taken: (file: string) => boolean
}

/**
 * The redirect pages of every built locale. A `to` that is no page of the site is an error at the
 * config; a `from` that is a page or a file the site already has keeps it (a warning).
 */
export function redirectPages(site: Site, options: RedirectInputs): RedirectPages {
  const { config } = site
  const files = new Map<string, string>()
  const diagnostics = new Map<string, Diagnostic>()
  const redirects = config.clientRedirects
  if (!redirects) return { files, diagnostics: [] }
  const at = configLocator(site)
  const report = (d: Diagnostic) => diagnostics.set(`${d.severity}:${d.message}`, d)
  for (const locale of options.locales) {
    const pages = localePages(site, locale)
    const ownFiles = new Set(pages.routes.map((r) => r.outFile))
    // Each file's first redirect: where it leads, and its `to` as written (for the warning).
    const targets = new Map<string, { href: string; to: string }>()
    const fail = (message: string) => report(error(message, at('', 'createRedirects')))
    for (const r of collect(redirects, pages.paths, fail)) {
      const problem = checkFrom(r.from)
      if (problem) {
        report(error(`clientRedirects: from ${JSON.stringify(r.from)} ${problem}`, at(r.from, r.origin)))
        continue
      }
      const href = resolveTo(r.to, pages.byPath)
      if (href === undefined) {
        report(
          error(
            `clientRedirects: ${JSON.stringify(r.to)} (the redirect from ${JSON.stringify(r.from)}) is not a page of the site`,
            at(r.to, r.origin),
            'write the path of a page as the site has it, from its root ("/docs/intro"), without the baseUrl or locale prefix; or an absolute URL',
          ),
        )
        continue
      }
      const fromUrl = config.baseUrl + sitePrefix(config, locale) + encodeURI(decodeSafe(r.from.slice(1)))
      const file = outFileFor(config, fromUrl)
      if (pages.byPath.has(normalise(r.from)) || ownFiles.has(file) || options.taken(file)) {
        report(
          warning(
            `clientRedirects: ${JSON.stringify(r.from)} is a page or file of the site: no redirect to ${JSON.stringify(r.to)} written there`,
            at(r.from, r.origin),
          ),
        )
        continue
      }
      const earlier = targets.get(file)
      if (earlier !== undefined) {
        if (earlier.href !== href)
          report(
            warning(
              `clientRedirects: ${JSON.stringify(r.from)} is redirected twice; the first redirect (to ${JSON.stringify(earlier.to)}) is kept`,
              at(r.from, r.origin),
            ),
          )
        continue
      }
      targets.set(file, { href, to: r.to })
      files.set(file, redirectPage(site, locale, href, options.strings(locale)))
    }
  }
  return { files, diagnostics: [...diagnostics.values()] }
}

/**
 * A locale without a page at its root (a site of docs only, none of them at `slug: /`) gets a
 * redirect page there, to the first page of the docs served at the root: the logo, the 404 page
 * and a reader typing the site's address all lead there.
 */
export function homeRedirects(site: Site, options: RedirectInputs): Map<string, string> {
  const { config } = site
  const files = new Map<string, string>()
  const pages = new Set(site.routes.map((r) => r.outFile))
  for (const locale of options.locales) {
    const file = outFileFor(config, urlFor(config, { locale, path: '' }))
    if (pages.has(file) || options.taken(file)) continue
    const href = firstDoc(site, locale)
    if (href) files.set(file, redirectPage(site, locale, href, options.strings(locale)))
  }
  return files
}

/** The first page of the locale's docs at the root: its first sidebar's first, else its first doc. */
function firstDoc(site: Site, locale: string): string | undefined {
  const version = site.config.versions.find((v) => v.path === '') ?? site.config.versions[0]
  if (!version) return undefined
  for (const id of Object.keys(version.sidebars)) {
    const first = site.sidebars
      .get(`${locale}/${version.name}/${id}`)
      ?.flat.find((n) => n.href?.startsWith('/'))
    if (first) return first.href
  }
  return site.routes.find((r) => r.locale === locale && r.version === version.name && r.data.kind === 'doc')
    ?.url
}

/** A locale's pages by the path Docusaurus's plugin knows them by (`createRedirects` is given it). */
function localePages(site: Site, locale: string) {
  const { config } = site
  const prefix = sitePrefix(config, locale)
  const routes = site.routes.filter((r) => r.locale === locale && r.data.kind !== 'not-found')
  const pathOf = (r: Route) => {
    const inner = decodeSafe(r.url.slice(config.baseUrl.length))
    const p = '/' + (prefix && inner.startsWith(prefix) ? inner.slice(prefix.length) : inner)
    // Docusaurus's URLs end with a slash only under `trailingSlash: true` (see the SiteConfig field).
    return config.relativeLinksFromParent && p !== '/' ? p.replace(/\/+$/, '') : p
  }
  const paths = routes.map(pathOf)
  const byPath = new Map(routes.map((r, i) => [normalise(paths[i]!), r]))
  return { routes, paths, byPath }
}

/** Every redirect the options ask for, in Docusaurus's order: extensions, the list, the function. */
function collect(
  options: ClientRedirectsConfig,
  paths: readonly string[],
  fail: (message: string) => void,
): Redirect[] {
  const made =
    (origin: Origin) =>
    (from: string, to: string): Redirect => ({ from, to, origin })
  const from = (options.fromExtensions ?? []).map((e) => `.${e}`)
  const to = (options.toExtensions ?? []).map((e) => `.${e}`)
  return [
    ...paths.flatMap((p) =>
      p === '/' || from.some((e) => p.endsWith(e))
        ? []
        : from.map((e) => made('fromExtensions')(`${p.replace(/\/+$/, '')}${e}`, p)),
    ),
    ...paths.flatMap((p) => {
      const e = to.find((x) => p.endsWith(x))
      return e ? [made('toExtensions')(p.slice(0, -e.length), p)] : []
    }),
    ...(options.redirects ?? []).flatMap((r) =>
      [r.from].flat().map((f): Redirect => ({ from: f, to: r.to, origin: 'redirects' })),
    ),
    ...(options.createRedirects ? paths.flatMap((p) => created(options.createRedirects!, p, fail)) : []),
  ]
}

/** What `createRedirects` returns for a page; a function that throws is the config's error. */
function created(
  create: NonNullable<ClientRedirectsConfig['createRedirects']>,
  existingPath: string,
  fail: (message: string) => void,
): Redirect[] {
  let froms: unknown
  try {
    froms = create(existingPath)
  } catch (err) {
    fail(
      `clientRedirects: createRedirects(${JSON.stringify(existingPath)}) threw: ${(err as Error)?.message ?? String(err)}`,
    )
    return []
  }
  return [froms ?? []]
    .flat()
    .map((from) => ({ from: from as string, to: existingPath, origin: 'createRedirects' as const }))
}

/** Why `from` is not a path a page can be written at, if it is not. */
function checkFrom(from: string): string | undefined {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//'))
    return 'is not a path: write it from the site’s root, starting with /'
  if (/[?#]/.test(from)) return 'has a query or #hash: a redirect page is written at a path only'
  return undefined
}

/** The href a redirect leads to: a page's URL (its query and #hash kept), or the URL as written. */
function resolveTo(to: string, byPath: ReadonlyMap<string, Route>): string | undefined {
  if (/^([a-z][a-z\d+.-]*:|\/\/)/i.test(to)) return to
  if (!to.startsWith('/')) return undefined
  const cut = to.search(/[?#]/)
  const [pathname, rest] = cut < 0 ? [to, ''] : [to.slice(0, cut), to.slice(cut)]
  const route = byPath.get(normalise(decodeSafe(pathname)))
  return route && route.url + rest
}

/** A path as pages are looked up: decoded, without a trailing slash (the root stays '/'). */
const normalise = (p: string) => decodeSafe(p).replace(/(.)\/+$/, '$1')

/**
 * The page: a refresh for readers without JavaScript, a script that keeps the query and #hash,
 * a canonical link for search engines, and a visible link for anyone left on it.
 */
function redirectPage(site: Site, locale: string, href: string, strings: Strings): string {
  const { config } = site
  const lang = config.localeConfigs[locale]?.htmlLang ?? locale
  const canonical = config.url && href.startsWith('/') ? config.url + href : href
  const hashAt = href.indexOf('#')
  const [beforeHash, hash] = hashAt < 0 ? [href, ''] : [href.slice(0, hashAt), href.slice(hashAt)]
  const queryAt = beforeHash.indexOf('?')
  const [page, query] =
    queryAt < 0 ? [beforeHash, ''] : [beforeHash.slice(0, queryAt), beforeHash.slice(queryAt)]
  const js = (s: string) => JSON.stringify(s).replace(/</g, '\\u003c')
  // The reader's own query joins the target's; the reader's #hash wins over the target's.
  const script = `var q=location.search,h=location.hash,t=${js(query)};location.replace(${js(page)}+(t?t+(q?'&'+q.slice(1):''):q)+(h||${js(hash)}))`
  const link = `<a href="${escapeHtml(href)}">${escapeHtml(decodeSafe(href))}</a>`
  const [before = '', after = ''] = (strings['redirect.message'] ?? '{link}').split('{link}')
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(strings['redirect.title'] ?? '')}</title>`,
    `<meta http-equiv="refresh" content="0; url=${escapeHtml(href)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    '<meta name="robots" content="noindex">',
    `<script>${script}</script>`,
    '</head>',
    `<body data-pagefind-ignore="all"><p>${escapeHtml(before)}${link}${escapeHtml(after)}</p></body>`,
    '</html>',
    '',
  ].join('\n')
}

/**
 * Where a redirect is written in the config file: the line of its path (a redirect of the list)
 * or of the option that made it, with the text for a code frame.
 */
function configLocator(site: Site) {
  const { config } = site
  const file = config.configFile ? path.relative(config.root, config.configFile) : 'docs-site.config.ts'
  let text: string | undefined
  try {
    text = config.configFile ? fs.readFileSync(config.configFile, 'utf8') : undefined
  } catch {
    text = undefined
  }
  const lines = text?.split('\n') ?? []
  return (value: string, origin: Origin): Located => {
    const needles = origin === 'redirects' ? [`'${value}'`, `"${value}"`, `\`${value}\``] : [origin]
    for (let i = 0; i < lines.length; i++)
      for (const n of needles) {
        const column = lines[i]!.indexOf(n)
        if (column >= 0) return { at: { file, line: i + 1, column: column + 1 }, source: text }
      }
    return { at: { file } }
  }
}

type Located = Pick<Diagnostic, 'at' | 'source'>

const error = (message: string, where: Located, hint?: string): Diagnostic => ({
  severity: 'error',
  code: 'config',
  message,
  ...where,
  ...(hint ? { hint } : {}),
})
const warning = (message: string, where: Located): Diagnostic => ({
  severity: 'warning',
  code: 'config',
  message,
  ...where,
})
