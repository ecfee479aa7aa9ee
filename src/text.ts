// Escaping and decoding of text in HTML, XML and URLs: one definition each.

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Safe in HTML text, attribute values and XML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!)

/** The entities React and markdown-it write in attributes, back to characters. */
export const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/**
 * `record[key]` when the record has that key itself: a key written by a user (`constructor`,
 * `toString`, `__proto__`) must not find what every object inherits.
 */
export const ownValue = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined

/** decodeURIComponent that leaves malformed input as it is. */
export function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}
