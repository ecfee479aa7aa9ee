// Escaping and decoding of text in HTML, XML and URLs, and the two copies of a string that keep
// memory small: one definition each.

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Safe in HTML text, attribute values and XML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!)

/**
 * The entities React and markdown-it write in attributes, and those of a config's HTML lines
 * (`&copy;`, `&nbsp;`), back to characters.
 */
export const decodeEntities = (s: string) =>
  !s.includes('&')
    ? s
    : s
        .replace(/&quot;/g, '"')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&copy;/g, '©')
        .replace(/&nbsp;/g, '\u00a0')
        .replace(/&amp;/g, '&')

/**
 * `record[key]` when the record has that key itself: a key written by a user (`constructor`,
 * `toString`, `__proto__`) must not find what every object inherits.
 */
export const ownValue = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined

/** decodeURIComponent that leaves malformed input as it is. */
export function decodeSafe(s: string): string {
  // Most links have no escapes: decoding them returns the same text, at the cost of a try.
  if (!s.includes('%')) return s
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/**
 * A copy of a string that shares no memory with the one it was cut from: V8 keeps a slice (a regex
 * match, a split line) as a view that holds its whole parent alive. Prefixing a character builds a
 * new string, and slicing it off again keeps a view of only that copy.
 */
export const ownCopy = (s: string): string => (' ' + s).slice(1)

/**
 * The string as a one-byte string when every character fits in one. V8 keeps a slice of a two-byte
 * string (a file with a single arrow anywhere: every value read from it) and all that is built
 * from it at two bytes a character.
 */
export const oneByte = (s: string): string =>
  /[\u0100-\uffff]/.test(s) ? s : Buffer.from(s, 'latin1').toString('latin1')
