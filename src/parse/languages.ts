import { bundledLanguagesInfo } from 'shiki/langs'

// What the main thread needs to know about code languages without loading shiki itself (the
// highlight worker does that): ~0.1 s less at startup.

/**
 * Languages loaded up front (the ones docs use most); any other language shiki bundles is
 * loaded the first time a block asks for it.
 */
export const LANGS = [
  'bash',
  'shell',
  'json',
  'jsonc',
  'http',
  'javascript',
  'typescript',
  'tsx',
  'jsx',
  'go',
  'java',
  'python',
  'csharp',
  'php',
  'yaml',
  'xml',
  'html',
  'css',
  'sql',
  'diff',
  'markdown',
  'ini',
  'dotenv',
  'graphql',
]
/** Names writers use that shiki does not, or means differently (`console` stays bash, as before). */
const ALIASES: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  sh: 'bash',
  zsh: 'bash',
  console: 'bash',
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  cs: 'csharp',
  'c#': 'csharp',
  yml: 'yaml',
  md: 'markdown',
  node: 'javascript',
  nodejs: 'javascript',
  golang: 'go',
  curl: 'bash',
  'shell-session': 'shellsession',
  htmlbars: 'handlebars',
  // Prism's names (Docusaurus's prism.additionalLanguages) for grammars shiki names otherwise.
  markup: 'html',
  'markup-templating': 'html',
  clike: 'c',
  batch: 'bat',
  'visual-basic': 'vb',
  'js-extras': 'javascript',
  'js-templates': 'javascript',
  // Prism's flow is JavaScript with type annotations; shiki has no flow grammar of its own.
  flow: 'javascript',
})
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none', 'log'])
/** Every name shiki answers to (ids and aliases). */
export const KNOWN: ReadonlySet<string> = new Set(
  bundledLanguagesInfo.flatMap((l) => [l.id, ...(l.aliases ?? [])]),
)
/** The names shiki answers to once LANGS are loaded: their ids and aliases. */
export const LOADED = new Set(
  bundledLanguagesInfo
    .filter((l) => [l.id, ...(l.aliases ?? [])].some((n) => LANGS.includes(n)))
    .flatMap((l) => [l.id, ...(l.aliases ?? [])]),
)

/**
 * How a fence's language is highlighted: the grammar name to ask shiki for, or plain text
 * (`known` false: nobody knows the language, warn).
 */
export function resolveLanguage(lang: string): { grammar: string | undefined; known: boolean } {
  const wanted = lang.toLowerCase()
  if (PLAIN.has(wanted)) return { grammar: undefined, known: true }
  const resolved = ALIASES[wanted] ?? wanted
  return KNOWN.has(resolved) ? { grammar: resolved, known: true } : { grammar: undefined, known: false }
}
