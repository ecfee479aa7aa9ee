import { createCssVariablesTheme, createHighlighter as createShiki, type Highlighter } from 'shiki'

/** Languages loaded up front; others fall back to plain text with a warning. */
const LANGS = ['bash', 'shell', 'json', 'jsonc', 'http', 'javascript', 'typescript', 'tsx', 'jsx', 'go', 'java', 'python', 'csharp', 'php', 'yaml', 'xml', 'html', 'css', 'sql', 'diff', 'markdown', 'ini', 'dotenv']
const ALIASES: Record<string, string> = { sh: 'bash', zsh: 'bash', console: 'bash', js: 'javascript', ts: 'typescript', py: 'python', cs: 'csharp', 'c#': 'csharp', yml: 'yaml', md: 'markdown', node: 'javascript', nodejs: 'javascript', golang: 'go', curl: 'bash' }
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none', 'log'])

export interface CodeOptions {
  lang: string
  /** 1-based line numbers to highlight. */
  highlightLines: ReadonlySet<number>
}

export interface CodeHighlighter {
  /** Highlighted `<pre>`; `known` is false when the language was not recognised. */
  highlight(code: string, options: CodeOptions): { html: string; known: boolean }
}

// One tokenisation per block: colours are CSS variables, whose light and dark values live in
// theme/styles.css (shiki's dual-theme mode tokenises every block once per theme).
const THEME = createCssVariablesTheme({ name: 'css-variables', variablePrefix: '--shiki-', fontStyle: true })

/** Creates the build-time highlighter (shiki). The slow part: create once. */
export async function createHighlighter(): Promise<CodeHighlighter> {
  const shiki: Highlighter = await createShiki({ themes: [THEME], langs: LANGS })
  const loaded = new Set(shiki.getLoadedLanguages())
  // Translations and versions repeat the same code blocks; highlighting is the costliest step.
  const memo = new Map<string, { html: string; known: boolean }>()
  return {
    highlight(code, { lang, highlightLines }) {
      const key = `${lang}\0${[...highlightLines].join(',')}\0${code}`
      const hit = memo.get(key)
      if (hit) return hit
      const wanted = lang.toLowerCase()
      const resolved = ALIASES[wanted] ?? wanted
      const known = PLAIN.has(wanted) || loaded.has(resolved)
      const html = shiki.codeToHtml(code, {
        lang: known && !PLAIN.has(wanted) ? resolved : 'text',
        theme: 'css-variables',
        transformers: [
          {
            pre(node) {
              // Focusable so a keyboard user can scroll a long line (axe scrollable-region-focusable).
              node.properties.tabindex = '0'
            },
            line(node, line) {
              if (highlightLines.has(line)) this.addClassToHast(node, 'highlighted')
            },
          },
        ],
      })
      const result = { html, known }
      memo.set(key, result)
      return result
    },
  }
}
