/** UI strings of one locale, from theme/i18n/<locale>.json. */
export type Strings = Readonly<Record<string, string>>

/** Replaces `{name}` placeholders. */
export function interpolate(template: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m))
}

/** Looks a key up (the key itself when missing, so a gap is visible) and interpolates it. */
export function translate(
  strings: Strings,
  key: string,
  vars?: Readonly<Record<string, string | number>>,
): string {
  return interpolate(strings[key] ?? key, vars)
}

/**
 * Plural forms Docusaurus-style: "One post|{count} posts", ordered as Intl.PluralRules lists the
 * locale's categories (Vietnamese has one form, English two).
 */
export function plural(
  strings: Strings,
  key: string,
  count: number,
  locale: string,
  vars: Readonly<Record<string, string | number>> = {},
): string {
  const forms = (strings[key] ?? key).split('|')
  const rules = new Intl.PluralRules(locale)
  const categories = rules.resolvedOptions().pluralCategories
  const order = ['zero', 'one', 'two', 'few', 'many', 'other'].filter((c) =>
    categories.includes(c as Intl.LDMLPluralRule),
  )
  const at = order.indexOf(rules.select(count))
  const form = forms.length === 1 ? forms[0]! : (forms[at] ?? forms[forms.length - 1]!)
  return interpolate(form, { count, ...vars })
}
