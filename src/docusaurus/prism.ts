import type { Diagnostic } from '../types.js'
import { resolveLanguage } from '../parse/languages.js'

// prism.additionalLanguages names Prism grammars; code is highlighted here with shiki, which
// bundles most of them under the same name or an alias, and src/parse/languages.ts renames the
// few that differ. A name shiki has no grammar for is one warning, not one per code block.

/** `code.languages` of a config: a warning for each name no grammar answers to. */
export function checkCodeLanguages(names: readonly string[], file: string): Diagnostic[] {
  return names
    .filter((name) => !resolveLanguage(name).known)
    .map((name) => ({
      severity: 'warning' as const,
      code: 'config',
      message: `code language "${name}" (prism.additionalLanguages): shiki has no grammar for it; its code blocks are shown as plain text`,
      at: { file },
      // The same key as a code block's unknown-language warning: one warning per language.
      once: `code-language:${name.toLowerCase()}`,
    }))
}
