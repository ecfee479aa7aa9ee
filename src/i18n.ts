import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Strings } from '../theme/i18n/format.js'
import type { Diagnostic, SiteConfig } from './types.js'

const THEME_I18N = fileURLToPath(new URL('../theme/i18n/', import.meta.url))

/** The theme's UI strings for a locale, English filling any gap. */
export function loadThemeStrings(locale: string): Strings {
  const read = (name: string): Record<string, string> => {
    const file = path.join(THEME_I18N, `${name}.json`)
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {}
  }
  return Object.freeze({ ...read('en'), ...read(locale) })
}

/**
 * Translations of the site's own labels (navbar, footer, sidebar categories), keyed by the English
 * label: content/i18n/<locale>/site.json `{ "labels": { "Integration": "Tích hợp" } }`.
 */
export function loadSiteLabels(
  config: SiteConfig,
  diagnostics: Diagnostic[],
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {}
  for (const locale of config.locales) {
    const file = path.join(config.dirs.content, 'i18n', locale, 'site.json')
    out[locale] = Object.create(null) as Record<string, string>
    if (!fs.existsSync(file)) continue
    const rel = path.relative(config.root, file).split(path.sep).join('/')
    const text = fs.readFileSync(file, 'utf8')
    try {
      const data = JSON.parse(text) as { labels?: Record<string, string> }
      // Looked up by labels users write: no inherited `constructor` or `toString` to find.
      out[locale] = Object.assign(Object.create(null) as Record<string, string>, data.labels ?? {})
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
    }
  }
  return out
}
