import fs from 'node:fs'
import { createHash } from 'node:crypto'
import type { Diagnostic, ParsedDoc, Route, SiteConfig } from './types.js'
import type { AnnouncementBarConfig } from './config-types.js'

/**
 * What a translation records of its source: `source_hash:` in a translated page's front matter is
 * this hash of the default-locale file it was translated from. The file's text (line endings
 * normalised) is all it depends on, so it gives the same answer in a fresh clone as in a long-lived
 * checkout, unlike modification times or git history.
 */
export function contentHash(text: string): string {
  return createHash('sha256')
    .update(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), 'utf8')
    .digest('hex')
    .slice(0, 16)
}

/**
 * Whether a translated page is older than its source: it declares `source_hash` and the source's
 * hash is now different. Pages without the field are not tracked (and never reported).
 */
export function staleTranslation(
  translated: ParsedDoc,
  source: ParsedDoc | undefined,
): Diagnostic | undefined {
  const recorded = translated.frontMatter.source_hash
  if (typeof recorded !== 'string' || !source) return undefined
  const now = source.contentHash
  if (recorded === now) return undefined
  return {
    severity: 'warning',
    code: 'stale-translation',
    message: `translation older than its source: ${source.source.file} changed since this page was translated (source_hash ${recorded}, now ${now}); update the translation, then set source_hash: ${now}`,
    at: { file: translated.source.file, line: frontMatterLine(translated.source.absPath, 'source_hash') },
  }
}

/** Read again only for the (rare) stale page, to point at the line to update. */
function frontMatterLine(file: string, key: string): number | undefined {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  const at = text.split('\n').findIndex((l) => l.startsWith(`${key}:`))
  return at >= 0 ? at + 1 : undefined
}

/**
 * What a page says about its locale beyond the docs themselves: the announcement bar, translated
 * like a navbar label (site.json's labels, keyed by the English content), and whether an API page
 * shows the spec's text in another language than the reader's.
 */
export function localeNotices(
  config: SiteConfig,
  route: Route,
  label: (s: string) => string,
): { announcementBar: AnnouncementBarConfig | undefined; untranslatedSpec: boolean } {
  return {
    announcementBar: config.announcementBar && {
      ...config.announcementBar,
      content: label(config.announcementBar.content),
    },
    untranslatedSpec: route.data.kind.startsWith('api-') && route.locale !== config.defaultLocale,
  }
}
