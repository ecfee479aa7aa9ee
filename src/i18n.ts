import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Strings } from '../theme/i18n/format.js'
import type { Diagnostic, SiteConfig } from './types.js'
import { labelsFromDocusaurus } from './docusaurus/labels.js'
import { stringsFromCodeJson } from './docusaurus/code-json.js'

const THEME_I18N = fileURLToPath(new URL('../theme/i18n/', import.meta.url))

/** The languages docs-site has UI strings in: theme/i18n/<BCP 47 tag>.json. */
const OWN_LOCALES = fs
  .readdirSync(THEME_I18N)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))

type LocaleSources = Pick<SiteConfig, 'sources'> & Partial<Pick<SiteConfig, 'localeConfigs'>>

/**
 * The theme's UI strings for a locale: docs-site's own file for its language (chosen by
 * `stringsFileFor`), a Docusaurus site's own translations over it (i18n/<locale>/code.json, where
 * a message means the same as a docs-site string), English filling any gap.
 */
export function loadThemeStrings(locale: string, config?: LocaleSources): Strings {
  const read = (name: string | undefined): Record<string, string> => {
    const file = name && path.join(THEME_I18N, `${name}.json`)
    return file && fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
      : {}
  }
  const english = read('en')
  const own = read(stringsFileFor(locale, config?.localeConfigs?.[locale]?.htmlLang))
  const codeJson = config?.sources.uiStrings[locale]
  const site = codeJson ? stringsFromCodeJson(codeJson, english) : {}
  // `docusaurus write-translations` leaves English where Docusaurus has no translation: such a
  // message does not replace docs-site's translation.
  for (const key of Object.keys(site)) if (site[key] === english[key] && own[key]) delete site[key]
  // en.json has every key (Strings is typed from it), so the merge is a complete table.
  return Object.freeze({ ...english, ...own, ...site }) as Strings
}

/**
 * Which of docs-site's UI-string files speaks a locale, by BCP 47 matching: the same tag, else
 * the same language in the same script, the same region first ('zh-CN' and 'zh' → zh-Hans,
 * 'zh-TW' and 'zh-HK' → zh-Hant, 'pt' and 'pt-PT' → pt-BR, 'fr-CA' → fr).
 * The locale's `htmlLang` is tried too, for a locale named otherwise ('cn' with htmlLang 'zh-CN').
 */
export function stringsFileFor(locale: string, htmlLang?: string): string | undefined {
  for (const tag of [locale, htmlLang]) {
    if (!tag) continue
    const exact = OWN_LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase())
    if (exact) return exact
    const want = maximize(tag)
    if (!want) continue
    const same = OWN_LOCALES.map((l) => ({ l, m: maximize(l) })).filter(
      ({ m }) => m && m.language === want.language && m.script === want.script,
    )
    const best = same.find(({ m }) => m!.region === want.region) ?? same[0]
    if (best) return best.l
  }
  return undefined
}

function maximize(tag: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale(tag).maximize()
  } catch {
    return undefined
  }
}

/** Does docs-site have UI strings of its own in this locale's language? */
const hasOwnStrings = (locale: string, htmlLang?: string) => stringsFileFor(locale, htmlLang) !== undefined

/**
 * One warning per locale whose buttons and labels will be English: docs-site has no strings in
 * its language and the site gives none (a Docusaurus site's i18n/<locale>/code.json).
 */
export function uiStringWarnings(
  config: Pick<SiteConfig, 'locales' | 'sources' | 'layout' | 'root' | 'configFile' | 'localeConfigs'>,
): Diagnostic[] {
  return config.locales
    .filter(
      (l) =>
        !hasOwnStrings(l, config.localeConfigs[l]?.htmlLang) &&
        !fs.existsSync(config.sources.uiStrings[l] ?? ''),
    )
    .map((locale) => {
      const codeJson = config.sources.uiStrings[locale]
      const fix = codeJson
        ? `add ${path.relative(config.root, codeJson).split(path.sep).join('/')} (\`npx docusaurus write-translations --locale ${locale}\` writes it)`
        : `docs-site's UI strings are in ${OWN_LOCALES.join(', ')}`
      return {
        severity: 'warning',
        code: 'config',
        message: `locale "${locale}": docs-site has no UI strings in this language; buttons and labels are in English`,
        hint: fix,
        at: {
          file: config.configFile ? path.relative(config.root, config.configFile) : 'docs-site.config.ts',
        },
        once: `ui-strings:${locale}`,
      } satisfies Diagnostic
    })
}

/** A string whose key is made at run time (an admonition kind written in markdown): may be missing. */
export function lookupString(strings: Strings, key: string): string | undefined {
  return (strings as Readonly<Record<string, string | undefined>>)[key]
}

/**
 * Translations of the site's own labels (navbar, footer, sidebar categories), keyed by the English
 * label: content/i18n/<locale>/site.json `{ "labels": { "Integration": "Tích hợp" } }`, or in the
 * Docusaurus layout the theme's and the docs plugin's translation files.
 */
export function loadSiteLabels(
  config: SiteConfig,
  diagnostics: Diagnostic[],
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {}
  for (const locale of config.locales) {
    // Looked up by labels users write: no inherited `constructor` or `toString` to find.
    out[locale] = Object.create(null) as Record<string, string>
    for (const file of config.sources.labels[locale] ?? []) {
      if (!fs.existsSync(file)) continue
      const data = readJson(file, config, diagnostics)
      const labels =
        path.basename(file) === 'site.json'
          ? (data as { labels?: Record<string, string> } | undefined)?.labels
          : labelsFromDocusaurus(data, namedLabels(config, file))
      Object.assign(out[locale], labels ?? {})
    }
  }
  return out
}

/**
 * The English text of the keys of a Docusaurus translation file that name no label: navbar.json's
 * `title`, footer.json's `copyright`, and `version.label` in a version's file (`current.json`,
 * `version-2.0.json`).
 */
function namedLabels(config: SiteConfig, file: string): Record<string, string | undefined> {
  const name = path.basename(file, '.json')
  if (name === 'navbar') return { title: config.navbar.title }
  if (name === 'footer') return { copyright: config.footer?.copyright }
  const version = config.versions.find(
    (v) => (v.name === 'current' ? 'current' : `version-${v.name}`) === name,
  )
  return { 'version.label': version?.label }
}

function readJson(file: string, config: SiteConfig, diagnostics: Diagnostic[]): unknown {
  const rel = path.relative(config.root, file).split(path.sep).join('/')
  const text = fs.readFileSync(file, 'utf8')
  try {
    return JSON.parse(text) as unknown
  } catch (err) {
    const pos = /position (\d+)/.exec((err as Error).message)
    const line = pos ? text.slice(0, Number(pos[1])).split('\n').length : 1
    diagnostics.push({
      severity: 'error',
      code: 'config',
      message: `invalid JSON: ${(err as Error).message}`,
      at: { file: rel, line, column: 1 },
      source: text,
    })
    return undefined
  }
}
