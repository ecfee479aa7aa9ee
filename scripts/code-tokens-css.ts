// Writes theme/code-tokens.css: the class of each colour of shiki's css-variables theme (see
// src/parse/token-classes.ts). Run after upgrading shiki when test/highlight.test.ts says the
// file is out of date: npx tsx scripts/code-tokens-css.ts
import fs from 'node:fs'
import { createCssVariablesTheme, createHighlighter } from 'shiki'
import { tokenClassesCss } from '../src/parse/token-classes.js'

const theme = createCssVariablesTheme({ name: 'css-variables', variablePrefix: '--shiki-', fontStyle: true })
const shiki = await createHighlighter({ themes: [theme], langs: [] })
const table = shiki.setTheme('css-variables').theme.colorReplacements ?? {}
fs.writeFileSync(new URL('../theme/code-tokens.css', import.meta.url), tokenClassesCss(table))
shiki.dispose()
