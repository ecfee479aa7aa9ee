import type en from './en.json'

/**
 * A UI string's key: one of en.json's. English is the reference every locale translates, so a
 * misspelled or missing key in a lookup is a type error rather than a key shown to readers.
 */
export type StringKey = keyof typeof en

/** UI strings of one locale, from theme/i18n/<locale>.json (English fills any gap). */
export type Strings = Readonly<Record<StringKey, string>>

/** `translate` bound to one locale's strings, as views pass it down. */
export type Translate = (key: StringKey, vars?: Readonly<Record<string, string | number>>) => string

/** Replaces `{name}` placeholders. */
export function interpolate(template: string, vars: Readonly<Record<string, string | number>> = {}): string {
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
  const rules = new Intl.PluralRules(locale)
  const categories = rules.resolvedOptions().pluralCategories
  const order = ['zero', 'one', 'two', 'few', 'many', 'other'].filter((c) =>
    categories.includes(c as Intl.LDMLPluralRule),
  )
  const at = order.indexOf(rules.select(count))
  const form = forms.length === 1 ? forms[0]! : (forms[at] ?? forms[forms.length - 1]!)
  return interpolate(form, { count, ...vars })
}
