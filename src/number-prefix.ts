// A number prefix orders files and folders without showing in their URLs or labels, as in
// Docusaurus: `01-intro.md` is the doc `intro`, placed first; `02-guides/` the category "guides".

/** A date (`2024-01-31-notes`) or a version (`1.2-release`) is a name, not a prefix. */
const NOT_A_PREFIX = /^(?:\d{2,4}[-_.]\d{2}[-_.]\d{2}|\d+[-_.]\d+)/
const PREFIX = /^(\d+)\s*[-_.]+\s*([^-_.\s].*)$/

/** A file or folder name split into its number prefix and the rest ('01-intro' → [1, 'intro']). */
export function numberPrefix(name: string): { position: number | undefined; name: string } {
  const m = NOT_A_PREFIX.test(name) ? null : PREFIX.exec(name)
  return m ? { position: Number(m[1]), name: m[2]! } : { position: undefined, name }
}
