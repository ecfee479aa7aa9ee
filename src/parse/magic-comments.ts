// Docusaurus's magic comments: a line that is only `// highlight-next-line` marks the line after
// it, `// highlight-start` … `// highlight-end` the lines between; the comment lines themselves
// leave the code. The comment is written in the block's language (`#` in Python and shell,
// `<!-- -->` in HTML…), as Docusaurus reads it. A block with `{1,3-5}` in its info string keeps
// its comments: the ranges say which lines are marked, as in Docusaurus.

/** Comment forms, each an opening and a closing pattern around the directive. */
const FORMS = {
  js: ['\\/\\/', ''],
  jsBlock: ['\\/\\*', '\\*\\/'],
  jsx: ['\\{\\s*\\/\\*', '\\*\\/\\s*\\}'],
  bash: ['#', ''],
  html: ['<!--', '-->'],
  lua: ['--', ''],
  wasm: ['\\;\\;', ''],
  tex: ['%', ''],
  vb: ["['‘’]", ''],
  rem: ['[Rr][Ee][Mm]\\b', ''],
  f90: ['!', ''],
  ml: ['\\(\\*', '\\*\\)'],
  cobol: ['\\*>', ''],
} as const

type Form = keyof typeof FORMS

/** The forms each language's comments take; any other language: the common ones. */
const BY_LANGUAGE: Readonly<Record<string, readonly Form[]>> = {
  js: ['js', 'jsBlock'],
  javascript: ['js', 'jsBlock'],
  ts: ['js', 'jsBlock'],
  typescript: ['js', 'jsBlock'],
  jsx: ['js', 'jsBlock', 'jsx'],
  tsx: ['js', 'jsBlock', 'jsx'],
  html: ['js', 'jsBlock', 'html'],
  python: ['bash'],
  py: ['bash'],
  bash: ['bash'],
  markdown: ['html', 'jsx', 'bash'],
  md: ['html', 'jsx', 'bash'],
  tex: ['tex'],
  latex: ['tex'],
  matlab: ['tex'],
  lua: ['lua'],
  haskell: ['lua'],
  sql: ['lua', 'jsBlock'],
  wasm: ['wasm'],
  vb: ['vb', 'rem'],
  vba: ['vb', 'rem'],
  'visual-basic': ['vb', 'rem'],
  batch: ['rem'],
  basic: ['rem', 'f90'],
  fsharp: ['js', 'ml'],
  ocaml: ['ml'],
  sml: ['ml'],
  fortran: ['f90'],
  cobol: ['cobol'],
}
const COMMON: readonly Form[] = ['js', 'jsBlock', 'jsx', 'bash', 'html']

const DIRECTIVES = 'highlight-next-line|highlight-start|highlight-end'
const patterns = new Map<string, RegExp>()

function patternOf(lang: string): RegExp {
  const forms = BY_LANGUAGE[lang] ?? COMMON
  const key = forms.join()
  let re = patterns.get(key)
  if (!re) {
    const alternatives = forms.map((f) => `(?:${FORMS[f][0]}\\s*(${DIRECTIVES})\\s*${FORMS[f][1]})`)
    patterns.set(key, (re = new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`)))
  }
  return re
}

/**
 * The code without its magic comment lines, and the 1-based lines they mark; undefined when it
 * has none (most blocks: one `includes` per block decides).
 */
export function magicComments(code: string, lang: string): { code: string; lines: Set<number> } | undefined {
  if (!lang || !code.includes('highlight-')) return undefined
  const directive = patternOf(lang.toLowerCase())
  const lines = code.split('\n')
  const marked = new Set<number>()
  const kept: string[] = []
  let start: number | undefined
  for (const line of lines) {
    const m = directive.exec(line.replace(/\r$/, ''))
    if (!m) {
      kept.push(line)
      continue
    }
    const which = m.slice(1).find((g) => g !== undefined)
    if (which === 'highlight-next-line') marked.add(kept.length + 1)
    else if (which === 'highlight-start') start = kept.length + 1
    else if (start !== undefined) {
      for (let n = start; n <= kept.length; n++) marked.add(n)
      start = undefined
    }
  }
  return kept.length === lines.length ? undefined : { code: kept.join('\n'), lines: marked }
}
