import type { Diagnostic, ParsedDoc, Route, Site } from './types.js'
import { fileStamp, parseSources, type ParseCache, type ParseContext } from './parse/index.js'
import { LazyDoc } from './parse/lazy-doc.js'
import { staleTranslation } from './translation.js'
import { formatDiagnostic } from './errors.js'

/**
 * serve's fast path for the commonest save: the text of a page changed, nothing the route table
 * or a sidebar shows did (front matter, title). The saved docs take their new bodies in place
 * and the routes that show them are answered; everything else stays as prepared. Undefined when
 * the save needs the whole site prepared again: a file that is not a doc of this revision, a
 * changed front matter or title, a front-matter problem that appeared or went away, or a
 * translation whose "source changed" note would appear or go.
 */
export async function editInPlace(input: {
  readonly site: Site
  readonly cache: ParseCache
  readonly ctx: ParseContext
  readonly files: ReadonlySet<string>
}): Promise<readonly Route[] | undefined> {
  const { site, cache } = input
  const edits: Array<{ doc: LazyDoc; next: LazyDoc; absPath: string; diagnostics: readonly Diagnostic[] }> =
    []
  for (const absPath of input.files) {
    const hit = cache.get(absPath)
    const doc = hit?.parsed
    if (!(doc instanceof LazyDoc)) return undefined
    const read = await parseSources([doc.source], { ...input.ctx, cache: undefined, lazy: true })
    const next = read.parsed[0]
    if (!(next instanceof LazyDoc) || !sameHead(doc, next)) return undefined
    if (!sameDiagnostics(hit!.diagnostics, read.diagnostics)) return undefined
    edits.push({ doc, next, absPath, diagnostics: read.diagnostics })
  }
  const docRoutes = site.routes.filter((r) => r.data.kind === 'doc')
  for (const { doc, next } of edits)
    for (const route of docRoutes) {
      if (route.data.kind !== 'doc' || doc.source.locale !== site.config.defaultLocale) continue
      if (!isTranslationOf(route.data.doc, doc)) continue
      // The note's wording carries the source's hash; whether it shows is what the page must get right.
      if ((staleTranslation(route.data.doc, next) !== undefined) !== route.data.staleTranslation)
        return undefined
    }
  for (const { doc, next, absPath, diagnostics } of edits) {
    doc.takeBody(next)
    cache.set(absPath, { stamp: fileStamp(absPath) ?? '', includes: [], parsed: doc, diagnostics })
  }
  const changed = new Set<ParsedDoc>(edits.map((e) => e.doc))
  return docRoutes.filter((r) => r.data.kind === 'doc' && changed.has(r.data.doc))
}

function sameHead(a: ParsedDoc, b: ParsedDoc): boolean {
  return (
    a.id === b.id &&
    a.title === b.title &&
    a.description === b.description &&
    JSON.stringify(a.frontMatter) === JSON.stringify(b.frontMatter)
  )
}

const sameDiagnostics = (a: readonly Diagnostic[], b: readonly Diagnostic[]) =>
  a.map(formatDiagnostic).join('\n') === b.map(formatDiagnostic).join('\n')

/** `doc` translates `source` (same version and id, another locale than the source's). */
function isTranslationOf(doc: ParsedDoc, source: ParsedDoc): boolean {
  return (
    doc !== source &&
    doc.id === source.id &&
    doc.source.version === source.source.version &&
    doc.source.locale !== source.source.locale
  )
}
