import { tagPath } from '../urls.js'
import type { Diagnostic, SourceLocation } from '../types.js'
import type { TagDef } from '../content-types.js'
import type { Parsed } from './types.js'

/** A docs root's tags.yml entries, by key. */
export type TagDefs = ReadonlyMap<string, TagDef>

export interface DocTag {
  readonly label: string
  /** Under the version's tags page. */
  readonly path: string
  readonly description?: string
}

/**
 * A doc's front-matter tag: a key of the docs' tags.yml (its label, description and permalink),
 * a label, or Docusaurus's `{ label, permalink }` (the permalink places its page; the label names
 * it). Its path is under the version's tags page, as a blog tag's is under the blog's.
 */
export function docTag(raw: unknown, defs?: TagDefs): DocTag {
  if (raw !== null && typeof raw === 'object' && 'label' in raw) {
    const label = String(raw.label)
    return { label, path: tagPath(label, (raw as { permalink?: unknown }).permalink) }
  }
  const def = defs?.get(String(raw))
  if (def)
    return {
      label: def.label,
      path: tagPath(def.key, def.permalink),
      ...(def.description ? { description: def.description } : {}),
    }
  return { label: String(raw), path: tagPath(String(raw)) }
}

/** The tags file of a locale × version's docs, else the default locale's (a translation may omit it). */
export function tagFileOf(
  parsed: readonly Parsed[],
  locale: string,
  defaultLocale: string,
  version: string,
): { defs: TagDefs; file: string } | undefined {
  const of = (l: string) =>
    parsed.find((p) => p.kind === 'tags' && p.source.locale === l && p.source.version === version)
  const found = of(locale) ?? of(defaultLocale)
  return found?.kind === 'tags' ? { defs: found.defs, file: found.source.file } : undefined
}

/**
 * A doc's tags that its docs' tags.yml does not list (Docusaurus's `onInlineTags: 'warn'`): a
 * warning each, as for a post's.
 */
export function inlineTagWarnings(
  tags: readonly unknown[],
  tagFile: { defs: TagDefs; file: string },
  at: SourceLocation,
): Diagnostic[] {
  return tags
    .filter((t) => typeof t === 'string' && !tagFile.defs.has(t))
    .map((t) => ({
      severity: 'warning' as const,
      code: 'tags' as const,
      message: `tag "${String(t)}" is not defined in ${tagFile.file}; it is used as an inline tag`,
      at,
      hint: `add "${String(t)}" with a label and description to ${tagFile.file}`,
    }))
}
