// Docusaurus's translation files (i18n/<locale>/docusaurus-theme-classic/navbar.json, footer.json,
// docusaurus-plugin-content-docs/<version>.json) hold `{ "item.label.Docs": { "message": "…" } }`.
// docs-site translates labels by their English text, so each key is reduced to the label it names.

const LABEL_KEY = [
  /^item\.label\.(.+)$/, // navbar items
  /^link\.title\.(.+)$/, // footer column titles
  /^link\.item\.label\.(.+)$/, // footer links
  /^sidebar\.[^.]+\.(?:category|link|doc)\.(.+)$/, // sidebar items of a version
]

/**
 * English label → translation, from one Docusaurus translation file's parsed JSON. Keys that name
 * no label of their own (the navbar's `title`, the footer's `copyright`, a version's
 * `version.label`) are translated from the English text `named` gives them.
 */
export function labelsFromDocusaurus(
  data: unknown,
  named: Readonly<Record<string, string | undefined>> = {},
): Record<string, string> {
  const out: Record<string, string> = {}
  if (!data || typeof data !== 'object') return out
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const message = (value as { message?: unknown } | null)?.message
    if (typeof message !== 'string') continue
    // A generated index's title and description are page text, not a label.
    if (/\.link\.generated-index\./.test(key)) continue
    const english = Object.hasOwn(named, key) ? named[key] : undefined
    if (english) {
      out[english] = message
      continue
    }
    for (const re of LABEL_KEY) {
      const m = re.exec(key)
      if (m) {
        out[m[1]!] = message
        break
      }
    }
  }
  return out
}
