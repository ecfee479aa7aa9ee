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
