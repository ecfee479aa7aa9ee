import path from 'node:path'
import fs from 'node:fs'
import type { ContentRoots } from './types.js'

// Where each kind of source lives, per locale and version. Discovery reads only this table, so
// the docs-site layout and the Docusaurus layout differ here and nowhere else.

export interface RootsInput {
  readonly root: string
  readonly layout: 'docs-site' | 'docusaurus'
  readonly defaultLocale: string
  readonly locales: readonly string[]
  /** A locale's folder under i18n/ when it is not the locale's code (`localeConfigs[].path`). */
  readonly localePaths?: Readonly<Record<string, string>>
  readonly versions: readonly string[]
  /** The docs-site layout without version folders: the one version reads content/docs/ itself. */
  readonly unversioned?: boolean
  /** Folder of the current version in the Docusaurus layout, relative to the root. */
  readonly docsPath: string
  /** Folder of the blog's posts in the Docusaurus layout, relative to the root. @default 'blog' */
  readonly blogPath?: string
}

/** Docusaurus's name for the docs of the working tree (docs/), the version that is not in versions.json. */
export const CURRENT_VERSION = 'current'

export function contentRoots(input: RootsInput): ContentRoots {
  return input.layout === 'docusaurus' ? docusaurusRoots(input) : docsSiteRoots(input)
}

const localeDir = (input: RootsInput, locale: string) => input.localePaths?.[locale] ?? locale

function docsSiteRoots(input: RootsInput): ContentRoots {
  const { root, defaultLocale, locales, versions } = input
  const content = path.join(root, 'content')
  const under = (locale: string, rel: string) =>
    path.join(content, locale === defaultLocale ? rel : `i18n/${localeDir(input, locale)}/${rel}`)
  return table(locales, (locale) => ({
    docs: Object.fromEntries(
      versions.map((v) => [v, under(locale, input.unversioned ? 'docs' : `docs/${v}`)]),
    ),
    blog: under(locale, 'blog'),
    pages: under(locale, 'pages'),
    labels: [path.join(content, 'i18n', localeDir(input, locale), 'site.json')],
    uiStrings: undefined,
  }))
}

/**
 * Docusaurus: docs/ and versioned_docs/version-X/; translations under
 * i18n/<locale>/docusaurus-plugin-content-<plugin>/, with the theme's labels beside them.
 */
function docusaurusRoots(input: RootsInput): ContentRoots {
  const { root, defaultLocale, locales, versions, docsPath } = input
  const versionDir = (v: string) => (v === CURRENT_VERSION ? docsPath : `versioned_docs/version-${v}`)
  return table(locales, (locale) => {
    const i18n = path.join(root, 'i18n', localeDir(input, locale))
    if (locale === defaultLocale)
      return {
        docs: Object.fromEntries(versions.map((v) => [v, path.join(root, versionDir(v))])),
        blog: path.join(root, input.blogPath ?? 'blog'),
        pages: path.join(root, 'src/pages'),
        labels: [],
        uiStrings: path.join(i18n, 'code.json'),
      }
    const plugin = (name: string) => path.join(i18n, `docusaurus-plugin-content-${name}`)
    return {
      docs: Object.fromEntries(
        versions.map((v) => [v, path.join(plugin('docs'), v === CURRENT_VERSION ? v : `version-${v}`)]),
      ),
      blog: plugin('blog'),
      pages: plugin('pages'),
      uiStrings: path.join(i18n, 'code.json'),
      labels: [
        path.join(i18n, 'docusaurus-theme-classic/navbar.json'),
        path.join(i18n, 'docusaurus-theme-classic/footer.json'),
        ...versions.map((v) =>
          path.join(plugin('docs'), `${v === CURRENT_VERSION ? v : `version-${v}`}.json`),
        ),
      ],
    }
  })
}

function table(
  locales: readonly string[],
  one: (locale: string) => {
    docs: Record<string, string>
    blog: string
    pages: string
    labels: string[]
    uiStrings: string | undefined
  },
): ContentRoots {
  const out = { docs: {}, blog: {}, pages: {}, labels: {}, uiStrings: {} } as {
    docs: Record<string, Record<string, string>>
    blog: Record<string, string>
    pages: Record<string, string>
    labels: Record<string, string[]>
    uiStrings: Record<string, string | undefined>
  }
  for (const locale of locales) {
    const r = one(locale)
    out.docs[locale] = r.docs
    out.blog[locale] = r.blog
    out.pages[locale] = r.pages
    out.labels[locale] = r.labels
    out.uiStrings[locale] = r.uiStrings
  }
  return out
}

/** Which files of a content folder a content kind reads, by name (see listContentFiles). */
export interface ContentFilter {
  readonly file: (name: string) => boolean
}

/**
 * Files under `cwd` that `filter` accepts, POSIX paths relative to it, sorted. A symlink is
 * followed (as Docusaurus follows it) when its target is inside `within` (the project), each real
 * folder walked once so a link loop cannot hang the build; one pointing outside, or nowhere, is
 * skipped. Folders starting with `_` or `.`, files starting with `.`, and node_modules are
 * skipped. One synchronous walk: a content tree is read in a few milliseconds, and a glob
 * library's asynchronous walk and pattern matching cost ten times that.
 */
export function listContentFiles(cwd: string, filter: ContentFilter, within?: string): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  const project = within && realOrUndefined(within)
  const inProject = (real: string) => {
    const rel = project ? path.relative(project, real) : '..'
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)
  }
  const visit = (dir: string, rel: string) => {
    let entries: fs.Dirent[]
    try {
      const real = fs.realpathSync(dir)
      if (seen.has(real)) return
      seen.add(real)
      entries = fs.readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue
      const relPath = rel + e.name
      const abs = path.join(dir, e.name)
      let kind: 'dir' | 'file' | undefined = e.isDirectory() ? 'dir' : e.isFile() ? 'file' : undefined
      if (e.isSymbolicLink()) {
        const real = realOrUndefined(abs)
        if (!real || !inProject(real)) continue
        const stat = fs.statSync(real)
        kind = stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : undefined
      }
      if (kind === 'dir') {
        if (e.name.startsWith('_') || e.name === 'node_modules') continue
        visit(abs, relPath + '/')
      } else if (kind === 'file' && filter.file(e.name)) out.push(relPath)
    }
  }
  visit(cwd, '')
  return out.sort()
}

function realOrUndefined(p: string): string | undefined {
  try {
    return fs.realpathSync(p)
  } catch {
    return undefined
  }
}
