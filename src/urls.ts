import path from 'node:path'
import type { DocFrontMatter, SiteConfig } from './types.js'
import { decodeSafe } from './text.js'

/** URL path segments of a doc inside its version: from front-matter `slug` or the file path. */
export function docPathFor(relPath: string, id: string, frontMatter: Pick<DocFrontMatter, 'slug'>): string {
  const dir = path.posix.dirname(id) === '.' ? '' : path.posix.dirname(id)
  const slug = frontMatter.slug
  if (slug !== undefined) {
    // Docusaurus rule: '/x' is absolute within the version; 'x' is relative to the file's folder.
    const joined = slug.startsWith('/') ? slug : path.posix.join('/', dir, slug)
    return trimSlashes(path.posix.normalize(joined))
  }
  const base = path.posix.basename(id)
  const parent = path.posix.basename(dir)
  // index.md, README.md and a file named like its folder stand for the folder.
  if (
    /^(index|readme)$/i.test(base) ||
    (base === parent &&
      path.posix
        .basename(relPath)
        .replace(/\.mdx?$/, '')
        .replace(/^\d+[-_.]\s*/, '') === parent)
  )
    return dir
  return id
}

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '')

/** A path of only these characters (letters, digits, `_.~-` and slashes) is its own encoding. */
const URL_SAFE = /^[\w.~/-]*$/

/** Percent-encodes each segment so spaces and non-ASCII names give valid, consistent URLs. */
function encodePath(p: string): string {
  if (URL_SAFE.test(p)) return p
  return p
    .split('/')
    .map((s) => encodeURIComponent(decodeSafe(s)))
    .join('/')
}

/** The URL of a file of the output ('what?/index.md' → '/what%3F/index.md'), under baseUrl. */
export const outFileUrl = (config: Pick<SiteConfig, 'baseUrl'>, file: string): string =>
  config.baseUrl + encodePath(file)

/** Prefix of a locale and version: '' · 'vi/' · 'v1/' · 'vi/v1/'. */
export function sitePrefix(config: SiteConfig, locale: string, versionPath?: string): string {
  return (locale === config.defaultLocale ? '' : `${locale}/`) + (versionPath ? `${versionPath}/` : '')
}

/** The one function that makes a page URL: baseUrl + locale + version + path (+ '/'). */
export function urlFor(
  config: SiteConfig,
  options: { locale: string; versionPath?: string; path: string },
): string {
  const inner = trimSlashes(
    sitePrefix(config, options.locale, options.versionPath) + trimSlashes(options.path),
  )
  if (!inner) return config.baseUrl
  // A locale's home is a folder, slash included, whatever trailingSlash says (as Docusaurus's
  // baseUrl for the locale, `/fr/`).
  const localeHome = inner === options.locale && options.locale !== config.defaultLocale
  return config.baseUrl + encodePath(inner) + (config.trailingSlash || localeHome ? '/' : '')
}

/** Output file of a page URL: '/vi/a/' → 'vi/a/index.html' (decoded, as S3 keys are). */
export function outFileFor(config: SiteConfig, url: string): string {
  const inner = decodeSafe(url.slice(config.baseUrl.length)).replace(/\/+$/, '')
  if (!inner) return 'index.html'
  return htmlFilePages(config) && !config.locales.includes(inner) ? `${inner}.html` : `${inner}/index.html`
}

/**
 * Whether pages are written as `a.html` rather than `a/index.html`: a Docusaurus site with
 * `trailingSlash: false`, as Docusaurus writes it, so the hosts that site deploys to answer `/a`
 * with the page itself rather than a redirect to `/a/`. A locale's home stays a folder (`/fr/`).
 */
export const htmlFilePages = (config: Pick<SiteConfig, 'layout' | 'trailingSlash'>): boolean =>
  config.layout === 'docusaurus' && !config.trailingSlash

/** '/a/index.html' and '/a.html' → '/a/' (spec: such paths are normalised to the clean path). */
export function cleanPath(p: string, trailingSlash: boolean): string {
  let out = p.replace(/\/index\.html$/, '/').replace(/\.html$/, '')
  if (trailingSlash && !out.endsWith('/') && !/\.[a-z0-9]+$/i.test(path.posix.basename(out))) out += '/'
  return out
}

/** Slug of a tag label for /tags/<slug>. */
export function tagSlug(label: string): string {
  return (
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/gi, 'd')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'tag'
  )
}

/**
 * Where a tag's page is, under its tags page: its `permalink` when it gives one (Docusaurus's
 * `{ label, permalink: '/getting-started' }`, or a tags.yml entry's), else the slug of its label.
 */
export function tagPath(label: string, permalink?: unknown): string {
  const own = typeof permalink === 'string' ? permalink.replace(/^\/+|\/+$/g, '') : ''
  return own || tagSlug(label)
}

/**
 * A site path as an author writes it ('/api/bet') → under baseUrl, in the page's locale, as
 * Docusaurus does; a file of static/ stays where it is.
 */
/**
 * Files the build writes once for the whole site, not per locale (co-located assets, the client's
 * scripts, the search index, the sitemap, robots.txt, llms.txt): a link to one is not localised.
 */
const SITE_WIDE = /^(assets|pagefind)\/|^(robots\.txt|sitemap\.xml|llms\.txt|llms-full\.txt)$/

export function localisePath(
  config: SiteConfig,
  staticFiles: ReadonlySet<string>,
  locale: string,
  p: string,
): string {
  const { baseUrl } = config
  const inner = p.startsWith(baseUrl) ? p.slice(baseUrl.length) : p.replace(/^\//, '')
  const file = decodeSafe(inner.replace(/\/$/, ''))
  if (staticFiles.has(file) || SITE_WIDE.test(file)) return baseUrl + inner
  const prefix = sitePrefix(config, locale)
  return baseUrl + (prefix && !inner.startsWith(prefix) ? prefix : '') + inner
}

/**
 * Docusaurus's `pathname:///file.pdf`: a path of the site the router must not take (a file of
 * static/, another app under the same host), with the base URL before it and no check.
 */
export const pathnameHref = (href: string, baseUrl: string): string | undefined =>
  href.startsWith('pathname://') ? baseUrl + href.slice('pathname://'.length).replace(/^\/+/, '') : undefined

/** The attribute that keeps a link out of the link check (a `pathname://` one). */
export const NO_LINK_CHECK = 'data-no-link-check'
