// Looking up and filling in UI strings. The theme renders with them and the engine writes some
// (the blog's and the pages' titles and labels, which are data, not markup), so both import this
// module. It is generic over the table's keys: the theme's typed keys (`StringKey`, the keys of
// theme/i18n/en.json) are declared beside the strings, in theme/i18n/format.ts. No imports.

/** Replaces `{name}` placeholders. */
export function interpolate(template: string, vars?: Readonly<Record<string, string | number>>): string {
  // Most strings have no placeholder, and a large API's pages look up tens of thousands.
  if (!vars || !template.includes('{')) return template
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m))
}

/**
 * Looks a key up (the key itself when missing, so a gap is visible) and interpolates it. The key
 * must be one of the table's: with the theme's `Strings`, one of en.json's.
 */
export function translate<K extends string>(
  strings: Readonly<Record<K, string>>,
  key: NoInfer<K>,
  vars?: Readonly<Record<string, string | number>>,
): string {
  return interpolate(strings[key] ?? key, vars)
}

/**
 * Plural forms Docusaurus-style: "One post|{count} posts", ordered as Intl.PluralRules lists the
 * locale's categories (Vietnamese has one form, English two).
 */
export function plural<K extends string>(
  strings: Readonly<Record<K, string>>,
  key: NoInfer<K>,
  count: number,
  locale: string,
  vars: Readonly<Record<string, string | number>> = {},
): string {
  const forms = (strings[key] ?? key).split('|')
  const { rules, order } = pluralRules(locale)
  const at = order.indexOf(rules.select(count))
  const form = forms.length === 1 ? forms[0]! : (forms[at] ?? forms[forms.length - 1]!)
  return interpolate(form, { count, ...vars })
}

/** A locale's plural rules and its categories in order, made once: making them is most of a call. */
const pluralRulesOf = new Map<string, { rules: Intl.PluralRules; order: readonly string[] }>()

function pluralRules(locale: string) {
  let made = pluralRulesOf.get(locale)
  if (!made) {
    const rules = new Intl.PluralRules(locale)
    const categories = rules.resolvedOptions().pluralCategories
    const order = ['zero', 'one', 'two', 'few', 'many', 'other'].filter((c) =>
      categories.includes(c as Intl.LDMLPluralRule),
    )
    pluralRulesOf.set(locale, (made = { rules, order }))
  }
  return made
}
