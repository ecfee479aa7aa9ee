import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Strings } from '../theme/i18n/format.js'
import type { Diagnostic, SiteConfig } from './types.js'
import { labelsFromDocusaurus } from './docusaurus/labels.js'
import { stringsFromCodeJson } from './docusaurus/code-json.js'

const THEME_I18N = fileURLToPath(new URL('../theme/i18n/', import.meta.url))

/** Does docs-site have UI strings of its own in this language (English and Vietnamese)? */
const hasOwnStrings = (locale: string) =>
  /^en\b/i.test(locale) || fs.existsSync(path.join(THEME_I18N, `${locale}.json`))

/**
 * The theme's UI strings for a locale, English filling any gap. For a language docs-site has no
 * strings in, a Docusaurus site's own translations (i18n/<locale>/code.json) where they exist.
 */
export function loadThemeStrings(locale: string, config?: Pick<SiteConfig, 'sources'>): Strings {
  const read = (name: string): Record<string, string> => {
    const file = path.join(THEME_I18N, `${name}.json`)
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {}
  }
  const english = read('en')
  const codeJson = config?.sources.uiStrings[locale]
  const site = !hasOwnStrings(locale) && codeJson ? stringsFromCodeJson(codeJson, english) : {}
  // en.json has every key (Strings is typed from it), so the merge is a complete table.
  return Object.freeze({ ...english, ...site, ...read(locale) }) as Strings
}

/**
 * One warning per locale whose buttons and labels will be English: docs-site has no strings in
 * its language and the site gives none (a Docusaurus site's i18n/<locale>/code.json).
 */
export function uiStringWarnings(
  config: Pick<SiteConfig, 'locales' | 'sources' | 'layout' | 'root' | 'configFile'>,
): Diagnostic[] {
  return config.locales
    .filter((l) => !hasOwnStrings(l) && !fs.existsSync(config.sources.uiStrings[l] ?? ''))
    .map((locale) => {
      const codeJson = config.sources.uiStrings[locale]
      const fix = codeJson
        ? `add ${path.relative(config.root, codeJson).split(path.sep).join('/')} (\`npx docusaurus write-translations --locale ${locale}\` writes it)`
        : 'docs-site translates its UI into English and Vietnamese only'
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
          : labelsFromDocusaurus(data)
      Object.assign(out[locale], labels ?? {})
    }
  }
  return out
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
