import { tagPath } from '../urls.js'

/**
 * A doc's front-matter tag: a label, or Docusaurus's `{ label, permalink }` (the permalink places
 * its page; the label names it). Its path is under the version's tags page.
 */
export function docTag(raw: unknown): { label: string; path: string } {
  if (raw !== null && typeof raw === 'object' && 'label' in raw) {
    const label = String(raw.label)
    return { label, path: tagPath(label, (raw as { permalink?: unknown }).permalink) }
  }
  return { label: String(raw), path: tagPath(String(raw)) }
}
