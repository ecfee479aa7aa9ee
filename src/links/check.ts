import { pageLinks } from './page-links.js'
import type { Diagnostic, SiteConfig, SourceLocation } from '../types.js'
import type { RenderedPage } from '../render.js'
import { decodeSafe } from '../text.js'

export interface HtmlLinkCheckInput {
  readonly config: SiteConfig
  readonly pages: readonly RenderedPage[]
  /** Every other output path (assets, sitemap) and static file, POSIX, relative to outDir. */
  /** Output files besides the pages (only `has` is asked). */
  readonly files: Pick<ReadonlySet<string>, 'has'>
  /** The file and line of a text of an OpenAPI spec, by spec file and JSON pointer. */
  readonly locateSpecText?: (specFile: string, pointer: string) => SourceLocation | undefined
  /** The locales this build makes (`build --locale`); default: all of them. */
  readonly locales?: readonly string[]
}

/**
 * Checks every internal link of the rendered HTML against the output (case-sensitive, as S3 keys
 * are). A missing target is an error (exit 2); a missing #fragment warns. Grouped by source page.
 */
export function checkHtmlLinks({
  config,
  pages,
  files,
  locateSpecText,
  locales = config.locales,
}: HtmlLinkCheckInput): Diagnostic[] {
  const byOutFile = new Map(pages.map((p) => [p.route.outFile, p]))
  // `build --locale en` leaves the other locales out: links to their pages (the locale menu,
  // hreflang) point to pages this build does not make, which a full build has.
  const notBuilt = localeNotBuilt(config, locales)
  const broken = new Map<string, { target: string; resolved: string; pages: string[] }>()
  const diagnostics: Diagnostic[] = []
  // Links to pages of the route table never get here (src/html/document.ts); the absolute links
  // that do repeat on every page all the same (stylesheets, scripts, the logo): judge each once.
  const absolute = new Map<string, Verdict | undefined>()
  const judge = judgeLinks(
    config.baseUrl,
    (target, rel) => byOutFile.has(target) || files.has(target) || notBuilt(rel),
  )
  // Links in a spec's prose are reported once each, where the spec says them, per `api.onBrokenLinks`.
  const specReported = new Set<string>()
  for (const page of pages) {
    const skip = new Set(page.reported)
    for (const [tag, raw, spec] of pageLinks(page.links)) {
      if (!raw || skip.has(raw)) continue
      if (spec !== undefined) {
        if (config.api.onBrokenLinks === 'ignore' || specReported.has(spec + '\0' + raw)) continue
        const v = /^([a-z][a-z\d+.-]*:|\/\/)/i.test(raw) ? undefined : judge(raw, page.route.url)
        const missingFragment =
          v?.exists && v.frag && byOutFile.has(v.target) && !hasId(byOutFile.get(v.target)!, v.frag)
        if (!v || (v.exists && !missingFragment)) continue
        specReported.add(spec + '\0' + raw)
        diagnostics.push(specLinkDiagnostic(config, { spec, raw, v, missingFragment, page, locateSpecText }))
        continue
      }
      let v: Verdict | undefined
      if (raw.startsWith('/') && !raw.startsWith('//')) {
        if (absolute.has(raw)) v = absolute.get(raw)
        else absolute.set(raw, (v = judge(raw, page.route.url)))
      } else if (/^([a-z][a-z\d+.-]*:|\/\/)/i.test(raw)) continue
      else v = judge(raw, page.route.url)
      if (!v) continue
      if (!v.exists) {
        const key = raw + '\0' + v.target
        const entry = broken.get(key) ?? { target: raw, resolved: v.path, pages: [] }
        entry.pages.push(page.route.url)
        broken.set(key, entry)
        continue
      }
      if (v.frag && tag === 'a' && byOutFile.has(v.target) && !hasId(byOutFile.get(v.target)!, v.frag)) {
        diagnostics.push({
          severity: 'warning',
          code: 'broken-anchor',
          message: `${page.route.url} -> linking to ${raw}: no element with id "${v.frag}" on ${v.pathname}`,
          at: sourceOf(page),
        })
      }
    }
  }
  return [...diagnostics, ...brokenLinkDiagnostics(config, broken, pages)]
}

/** How a link is judged: its target output file, whether that exists, its #fragment. */
function judgeLinks(baseUrl: string, exists: (target: string, rel: string) => boolean) {
  return (raw: string, pageUrl: string): Verdict | undefined => {
    const url = new URL(raw, raw.startsWith('/') ? 'http://x' : new URL(pageUrl, 'http://x'))
    const path = decodeSafe(url.pathname)
    if (!path.startsWith(baseUrl)) return undefined
    const rel = path.slice(baseUrl.length)
    let target = rel === '' || rel.endsWith('/') ? rel + 'index.html' : rel
    // A page's URL without its slash (`trailingSlash: false`) is its `.html` file or its folder's
    // index.html, which hosts serve at that URL (the file itself, or a redirect to the slash).
    if (!exists(target, rel) && rel !== '' && !rel.endsWith('/'))
      target = [`${rel}.html`, `${rel}/index.html`].find((t) => exists(t, rel)) ?? target
    return {
      path,
      target,
      exists: exists(target, rel),
      frag: url.hash ? decodeSafe(url.hash.slice(1)) : '',
      pathname: url.pathname,
    }
  }
}

/** A broken link in an OpenAPI spec's text, reported where the spec says it. */
function specLinkDiagnostic(
  config: SiteConfig,
  link: {
    readonly spec: string
    readonly raw: string
    readonly v: Verdict
    readonly missingFragment: boolean | '' | undefined
    readonly page: RenderedPage
    readonly locateSpecText: HtmlLinkCheckInput['locateSpecText']
  },
): Diagnostic {
  const { spec, raw, v, missingFragment, page, locateSpecText } = link
  const hash = spec.indexOf('#')
  const [specFile, pointer] = hash < 0 ? [spec, '#'] : [spec.slice(0, hash), spec.slice(hash)]
  return {
    severity: config.api.onBrokenLinks === 'error' ? 'error' : 'warning',
    code: 'broken-link',
    message: missingFragment
      ? `link in the OpenAPI spec's text (${pointer}) to ${raw}: no element with id "${v.frag}" on ${v.pathname} (first seen on ${page.route.url})`
      : `link in the OpenAPI spec's text (${pointer}) to ${raw} leads to no page of this site (first seen on ${page.route.url})`,
    at: locateSpecText?.(specFile, pointer) ?? { file: specFile },
    hint: 'write an absolute URL to reach another site, or set api.onBrokenLinks to "ignore" in the config',
  }
}

/** One diagnostic per page with a broken link; a link broken on many pages hints at the config. */
function brokenLinkDiagnostics(
  config: SiteConfig,
  broken: ReadonlyMap<string, { target: string; resolved: string; pages: string[] }>,
  pages: readonly RenderedPage[],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  const severity = config.onBrokenLinks === 'warn' ? 'warning' : 'error'
  // A link in the navbar or footer is broken on every page: a lookup, not a search, per page.
  const byUrl = new Map<string, RenderedPage>()
  for (const p of pages) if (!byUrl.has(p.route.url)) byUrl.set(p.route.url, p)
  for (const b of broken.values()) {
    for (const url of b.pages) {
      const page = byUrl.get(url)!
      diagnostics.push({
        severity,
        code: 'broken-link',
        message: `broken link on ${url} -> linking to ${b.target} (resolved as ${b.resolved})`,
        at: linkSourceOf(page, b.target) ?? sourceOf(page),
        hint:
          b.pages.length >= 5
            ? `the same link is broken on ${b.pages.length} pages: it is probably in the navbar, footer or sidebar config`
            : undefined,
        ...(b.pages.length >= 5
          ? { group: `the broken link -> linking to ${b.target} (resolved as ${b.resolved})` }
          : {}),
      })
    }
  }
  return diagnostics
}

/** Whether an output path (relative to baseUrl) belongs to a locale left out of this build. */
function localeNotBuilt(config: SiteConfig, built: readonly string[]): (rel: string) => boolean {
  if (config.locales.every((l) => built.includes(l))) return () => false
  const prefixed = config.locales.filter((l) => l !== config.defaultLocale)
  return (rel) => {
    const locale = prefixed.find((l) => rel === l || rel.startsWith(`${l}/`)) ?? config.defaultLocale
    return !built.includes(locale)
  }
}

/** Does the page have an element with this id? (`ids` holds each between newlines.) */
const hasId = (page: Pick<RenderedPage, 'ids'>, id: string): boolean => page.ids.includes(`\n${id}\n`)

interface Verdict {
  /** Decoded path, target output file, whether it exists, decoded #fragment, raw pathname. */
  readonly path: string
  readonly target: string
  readonly exists: boolean
  readonly frag: string
  readonly pathname: string
}

const sourceOf = (page: RenderedPage) => (page.route.source ? { file: page.route.source } : undefined)

/** Where a doc's markdown wrote this link (its file, line and column), when it did. */
function linkSourceOf(page: RenderedPage, target: string): SourceLocation | undefined {
  const data = page.route.data
  if (data.kind !== 'doc') return undefined
  // The page's href is the written one made a URL: a trailing slash, the base URL or locale before it.
  const bare = (href: string) => decodeSafe(href).replace(/\/$/, '')
  const want = bare(target)
  const written = data.doc.links.find((l) => {
    const have = bare(l.href)
    return have === want || (have.startsWith('/') && want.endsWith(have))
  })
  return written?.at
}
