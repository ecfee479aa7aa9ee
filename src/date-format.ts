/**
 * Intl's date formatters, made once per owner (a site's config) and language and options: making
 * one costs ~0.3 ms, and the blog's pages and every page's last-update line each made their own
 * (~1% of a build). Throws as the constructor does for a language Intl does not know.
 */
const made = new WeakMap<object, Map<string, Intl.DateTimeFormat>>()

export function dateFormat(
  owner: object,
  lang: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let formats = made.get(owner)
  if (!formats) made.set(owner, (formats = new Map()))
  const key = `${lang}\0${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(lang, options)))
  return format
}
