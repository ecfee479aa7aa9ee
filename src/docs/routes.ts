import type {
  Diagnostic,
  ParsedCategory,
  ParsedDoc,
  Parsed,
  Route,
  RouteData,
  Sidebar,
  SidebarNode,
  SiteConfig,
} from '../types.js'

type Version = SiteConfig['versions'][number]
import { buildSidebar, flattenSidebar } from '../site/sidebar.js'
import { makeRoute } from '../site/route.js'
import { docPathFor, urlFor } from '../urls.js'
import { docTag, inlineTagWarnings, tagFileOf, type TagDefs } from './tags.js'
import { staleTranslation } from '../translation.js'
import { ownValue } from '../text.js'

/** What the docs of one version × locale add to the site. */
export interface DocsOfLocale {
  /** Doc pages, then the category index pages, in sidebar order of discovery. */
  readonly pages: readonly Route[]
  /** /tags/ and /tags/<tag>/, when any listed doc has tags. */
  readonly tags: readonly Route[]
  /** Sidebars by `${locale}/${version}/${sidebarId}`. */
  readonly sidebars: ReadonlyArray<readonly [string, Sidebar]>
  /** Doc URLs by `${locale}|${version}|${docId}`. */
  readonly docUrls: ReadonlyArray<readonly [string, string]>
  /** The URL of a path inside this version and locale. */
  readonly urlOf: (path: string) => string
}

export interface DocsInput {
  readonly parsed: readonly Parsed[]
  readonly version: Version
  readonly locale: string
  /** The default locale's docs and categories of this version (fallbacks for a translation). */
  readonly english: ReadonlyMap<string, ParsedDoc>
  readonly englishCategories: ReadonlyMap<string, ParsedCategory>
  readonly labels: Readonly<Record<string, string>>
  /** The API reference's sidebar nodes for this version and locale (an `api` sidebar item). */
  readonly apiNodes: (urlOf: (p: string) => string, translate: (s: string) => string) => SidebarNode[]
  readonly configFile: string
}

/**
 * The routes and sidebars of one version × locale: a doc missing in the locale falls back to the
 * default locale's (marked `notTranslated`); a translation older than its source is flagged.
 */
export function docsOfLocale(config: SiteConfig, input: DocsInput, diagnostics: Diagnostic[]): DocsOfLocale {
  const { version, locale, english } = input
  const isDefault = locale === config.defaultLocale
  const own = isDefault ? english : docsOf(input.parsed, locale, version.name, diagnostics)
  const translate = (s: string) => ownValue(input.labels, s) ?? s
  const urlOf = (p: string) => urlFor(config, { locale, versionPath: version.path, path: p })
  const { entries, docUrls } = docEntries(input, own, urlOf, isDefault, diagnostics)
  const categories = new Map([
    ...input.englishCategories,
    ...(isDefault ? [] : categoriesOf(input.parsed, locale, version.name)),
  ])
  const sidebarOf = new Map<string, string>()
  const categoryPages: Route[] = []
  const sidebars: Array<[string, Sidebar]> = []
  const apiNodes = input.apiNodes(urlOf, translate)
  const shadowed = shadowedDocs(entries)
  for (const [sidebarId, items] of Object.entries(version.sidebars)) {
    const built = buildSidebar(items, {
      sidebarId,
      docs: entries,
      categories,
      translate,
      urlOf,
      configFile: input.configFile,
      sidebarsSource: version.sidebarsSource,
      apiNodes,
      collapsedByDefault: config.sidebarCollapsed,
      baseUrl: config.baseUrl,
      // Sidebar mistakes are the same in every locale: report them once.
      diagnostics: isDefault ? diagnostics : [],
    })
    const listed = shadowed.size ? withoutDocs(built.items, shadowed) : built.items
    sidebars.push([
      `${locale}/${version.name}/${sidebarId}`,
      { id: sidebarId, items: listed, flat: flattenSidebar(listed) },
    ])
    markDocs(built.items, sidebarId, sidebarOf)
    for (const c of built.categoryIndexes)
      categoryPages.push(
        makeRoute(config, {
          url: c.url,
          locale,
          version: version.name,
          key: `cat:${version.name}:${c.pathInVersion}`,
          versionKey: `cat:${c.pathInVersion}`,
          unlisted: false,
          source: undefined,
          data: {
            kind: 'category-index',
            title: c.title,
            description: c.description,
            sidebarId,
            categoryLabel: c.label,
          },
        }),
      )
  }
  const tagFile = tagFileOf(input.parsed, locale, config.defaultLocale, version.name)
  const pages = [...docPages(config, input, { entries, sidebarOf, tagFile }, diagnostics), ...categoryPages]
  const tags = tagRoutes(config, [...entries.values()], {
    locale,
    version: version.name,
    urlOf,
    defs: tagFile?.defs,
  })
  return { pages, tags, sidebars, docUrls, urlOf }
}

type DocEntry = { doc: ParsedDoc; url: string; unlisted: boolean; notTranslated: boolean; stale: boolean }

/** A route for each doc of the version in this locale, with the sidebar it shows and its tags. */
function docPages(
  config: SiteConfig,
  { version, locale }: Pick<DocsInput, 'version' | 'locale'>,
  {
    entries,
    sidebarOf,
    tagFile,
  }: {
    entries: ReadonlyMap<string, DocEntry>
    sidebarOf: ReadonlyMap<string, string>
    tagFile: ReturnType<typeof tagFileOf>
  },
  diagnostics: Diagnostic[],
): Route[] {
  return [...entries].map(([id, e]) => {
    // A doc of this locale's own (a fallback was checked in its own locale).
    if (tagFile && !e.notTranslated)
      diagnostics.push(
        ...inlineTagWarnings(e.doc.frontMatter.tags ?? [], tagFile, { file: e.doc.source.file }),
      )
    const data: RouteData = {
      kind: 'doc',
      doc: e.doc,
      notTranslated: e.notTranslated,
      staleTranslation: e.stale,
      sidebarId: displayedSidebar(e.doc.frontMatter.displayed_sidebar, version, sidebarOf.get(id)),
      ...(tagFile ? { tagDefs: tagFile.defs } : {}),
    }
    return makeRoute(config, {
      url: e.url,
      locale,
      version: version.name,
      key: `doc:${version.name}:${id}`,
      versionKey: `doc:${id}`,
      unlisted: e.unlisted,
      source: e.doc.source.file,
      data,
    })
  })
}

/** Each doc of the version in this locale, its own or the default locale's, with its URL. */
function docEntries(
  input: DocsInput,
  own: ReadonlyMap<string, ParsedDoc>,
  urlOf: (p: string) => string,
  isDefault: boolean,
  diagnostics: Diagnostic[],
): { entries: Map<string, DocEntry>; docUrls: Array<[string, string]> } {
  const { english, locale, version } = input
  const entries = new Map<string, DocEntry>()
  const docUrls: Array<[string, string]> = []
  for (const id of new Set([...english.keys(), ...own.keys()])) {
    const doc = own.get(id) ?? english.get(id)!
    const url = urlOf(docPathFor(doc.source.relPath, doc.id, doc.frontMatter))
    const stale = !isDefault && own.has(id) ? staleTranslation(doc, english.get(id)) : undefined
    if (stale) diagnostics.push(stale)
    entries.set(id, {
      doc,
      url,
      unlisted: doc.frontMatter.unlisted === true,
      notTranslated: !own.has(id),
      stale: stale !== undefined,
    })
    docUrls.push([`${locale}|${version.name}|${id}`, url])
  }
  return { entries, docUrls }
}

/**
 * The docs of one locale × version by id. Two files with one id (`01-intro.md` beside
 * `intro.md`, or the same `id:`) are an error naming both: one of them would silently vanish.
 */
export function docsOf(
  parsed: readonly Parsed[],
  locale: string,
  version: string,
  diagnostics?: Diagnostic[],
): Map<string, ParsedDoc> {
  const out = new Map<string, ParsedDoc>()
  for (const p of parsed) {
    if (p.kind !== 'doc' || p.source.locale !== locale || p.source.version !== version) continue
    const first = out.get(p.id)
    if (!first) out.set(p.id, p)
    else
      diagnostics?.push({
        severity: 'error',
        code: 'duplicate-route',
        message: `two files are the doc "${p.id}": ${first.source.file} and ${p.source.file}`,
        at: { file: p.source.file },
        hint: 'rename or remove one of them, or give one a different `id`',
      })
  }
  return out
}

export function categoriesOf(
  parsed: readonly Parsed[],
  locale: string,
  version: string,
): Map<string, ParsedCategory> {
  const out = new Map<string, ParsedCategory>()
  for (const p of parsed)
    if (p.kind === 'category' && p.source.locale === locale && p.source.version === version) out.set(p.dir, p)
  return out
}

/**
 * The sidebar a doc's `displayed_sidebar` names (Docusaurus's: a doc in no sidebar, or in several,
 * shows that one); `null` shows none; else the sidebar it is in.
 */
function displayedSidebar(given: unknown, version: Version, own: string | undefined): string | undefined {
  if (given === null) return undefined
  return typeof given === 'string' && Object.hasOwn(version.sidebars, given) ? given : own
}

/**
 * Docs whose URL an earlier doc already has (two `slug: /same`): the route table keeps the first
 * and warns; the others have no page, and are not listed as a second link to the first's.
 */
function shadowedDocs(entries: ReadonlyMap<string, { url: string }>): Set<string> {
  const byUrl = new Set<string>()
  const out = new Set<string>()
  for (const [id, e] of entries)
    if (byUrl.has(e.url)) out.add(id)
    else byUrl.add(e.url)
  return out
}

const withoutDocs = (items: Sidebar['items'], ids: ReadonlySet<string>): Sidebar['items'] =>
  items
    .filter((n) => !(n.kind === 'doc' && n.docId && ids.has(n.docId)))
    .map((n) => (n.items.length ? { ...n, items: withoutDocs(n.items, ids) } : n))

function markDocs(items: Sidebar['items'], sidebarId: string, into: Map<string, string>): void {
  for (const n of items) {
    if (n.docId && !into.has(n.docId)) into.set(n.docId, sidebarId)
    markDocs(n.items, sidebarId, into)
  }
}

/** /tags/ and /tags/<tag>/ of one locale × version, when any listed doc has tags. */
function tagRoutes(
  config: SiteConfig,
  entries: Array<{ doc: ParsedDoc; url: string; unlisted: boolean }>,
  {
    locale,
    version,
    urlOf,
    defs,
  }: { locale: string; version: string; urlOf: (p: string) => string; defs: TagDefs | undefined },
): Route[] {
  const byTag = new Map<string, Array<{ title: string; href: string; description: string | undefined }>>()
  const paths = new Map<string, string>()
  const descriptions = new Map<string, string>()
  for (const e of entries) {
    if (e.unlisted) continue
    for (const raw of e.doc.frontMatter.tags ?? []) {
      const { label, path, description } = docTag(raw, defs)
      if (!paths.has(label)) paths.set(label, path)
      if (description && !descriptions.has(label)) descriptions.set(label, description)
      const list = byTag.get(label) ?? []
      list.push({ title: e.doc.title, href: e.url, description: e.doc.description })
      byTag.set(label, list)
    }
  }
  if (byTag.size === 0) return []
  const sorted = [...byTag.keys()].sort((a, b) => a.localeCompare(b))
  const tags = sorted.map((label) => ({
    label,
    href: urlOf(`tags/${paths.get(label)!}`),
    count: byTag.get(label)!.length,
  }))
  const page = (url: string, key: string, versionKey: string, data: RouteData) =>
    makeRoute(config, { url, locale, version, key, versionKey, unlisted: false, source: undefined, data })
  return [
    page(urlOf('tags'), `tags:${version}`, 'tags', { kind: 'tags', tags }),
    ...tags.map((t) =>
      page(t.href, `tag:${version}:${t.label}`, `tag:${t.label}`, {
        kind: 'tag',
        tag: t.label,
        ...(descriptions.has(t.label) ? { description: descriptions.get(t.label)! } : {}),
        allTagsHref: urlOf('tags'),
        docs: byTag.get(t.label)!.sort((a, b) => a.title.localeCompare(b.title)),
      }),
    ),
  ]
}
