import type { default as MarkdownItClass } from 'markdown-it'
import type * as Katex from 'katex'
import { createRequire, Module } from 'node:module'
import { lazyRequire } from '../lazy-require.js'
import { escapeHtml } from '../text.js'
import type { MarkdownEnv } from './markdown-env.js'

type MarkdownIt = InstanceType<typeof MarkdownItClass>
/** Loaded at the first formula. */
const katex = lazyRequire<typeof Katex>('katex')
type Token = ReturnType<MarkdownIt['parse']>[number]

/** Class on every rendered formula: a page whose HTML has it gets KaTeX's stylesheet. */
export const MATH_MARKER = 'class="katex'

const BLOCK = new Set(['math_block', 'math_inline_block', 'math_inline_bare_block'])

/**
 * `$…$` and `$$…$$` typeset by KaTeX at build time. The delimiters follow @vscode/markdown-it-katex
 * (a closing `$` not followed by a digit or a letter) and Pandoc's rule it lacks (a formula neither
 * starts nor ends with a space), so prices ($5 and $10), `$HOME` and `$(selector)` stay text. A formula KaTeX
 * cannot parse is a warning at its line and shows its source, marked as an error.
 */
export function addMath(md: MarkdownIt): void {
  // The plugin's own typesetting is never called (the rules below render), so it is given no
  // KaTeX of its own to fall back on.
  md.use(mathPlugin(), { katex: NOT_CALLED })
  md.core.ruler.push('typeset_math', (state) => {
    const env = state.env as unknown as MarkdownEnv
    for (const token of state.tokens) {
      if (BLOCK.has(token.type)) typeset(token, token.map, true, env)
      else if (token.type === 'inline')
        for (const child of token.children ?? [])
          if (child.type === 'math_inline' && /^\s|\s$/.test(child.content)) {
            // The plugin lets a `$` after a space close a formula: `$(selector) and $.ajax()` is
            // prose. As Pandoc and GitHub read them, a formula neither starts nor ends with a space.
            child.type = 'text'
            child.content = `$${child.content}$`
          } else if (child.type === 'math_inline' || BLOCK.has(child.type))
            typeset(child, token.map, BLOCK.has(child.type), env)
    }
  })
  const render = (tokens: Token[], idx: number) => String((tokens[idx]!.meta as { html: string }).html)
  for (const type of ['math_inline', ...BLOCK]) md.renderer.rules[type] = render
}

type MathPlugin = (md: MarkdownIt, options: { katex: unknown }) => void
const NOT_CALLED = {}
const require = createRequire(import.meta.url)
let plugin: MathPlugin | undefined

/**
 * @vscode/markdown-it-katex's parsing rules. The plugin requires its own copy of KaTeX when it
 * loads (~35 ms of every start, serve's first page included, on sites that have no formula), but
 * only reads it when typesetting, which the plugin is never asked to do here. So it loads with a
 * stand-in in that copy's place, taken away at once: a later `require('katex')` from anywhere
 * gets the real one.
 */
function mathPlugin(): MathPlugin {
  if (plugin) return plugin
  const file = require.resolve('@vscode/markdown-it-katex')
  const katexFile = createRequire(file).resolve('katex')
  const standIn = !require.cache[katexFile] && new Module(katexFile)
  if (standIn) {
    standIn.filename = katexFile
    standIn.loaded = true
    standIn.exports = { __esModule: true }
    require.cache[katexFile] = standIn
  }
  try {
    // A CommonJS module: its function is `default`.
    plugin = (require(file) as { default: MathPlugin }).default
  } finally {
    if (standIn && require.cache[katexFile] === standIn) delete require.cache[katexFile]
  }
  return plugin
}

function typeset(token: Token, map: [number, number] | null, block: boolean, env: MarkdownEnv): void {
  // `$`…`$` keeps backticks out of markdown's way; they are not part of the formula.
  const tex = /^`[\s\S]+`$/.test(token.content) ? token.content.slice(1, -1) : token.content
  const { html, error } = typesetFormula(tex, block)
  if (error) {
    const [line, column] = locate(env, map, tex)
    env.diagnostics.push({
      severity: 'warning',
      code: 'markdown',
      message: `math: ${error}`,
      at: { file: env.file, line, column },
    })
  }
  token.meta = { html }
}

/**
 * One formula's HTML, as markdown pages show it (MDX pages use it too): KaTeX's, in a
 * `math-block` div for a display formula; a formula KaTeX cannot parse shows its source, marked
 * as an error, and `error` says why.
 */
export function typesetFormula(tex: string, block: boolean): { html: string; error?: string } {
  const displayMode = block || /\\begin\{(align|equation|gather|cd|alignat)\}/i.test(tex)
  let html: string
  let error: string | undefined
  try {
    html = katex().renderToString(tex, { displayMode, throwOnError: true })
  } catch (err) {
    error = (err as Error).message.replace(/^KaTeX parse error: /, '')
    const tag = block ? 'div' : 'span'
    html = `<${tag} class="math-error" title="${escapeHtml((err as Error).message)}"><code>${escapeHtml(tex)}</code></${tag}>`
  }
  return { html: block ? `<div class="math-block">${html}</div>\n` : html, error }
}

/** The formula's line and column in the source, for the diagnostic. */
function locate(env: MarkdownEnv, map: [number, number] | null, tex: string): [number, number] {
  const [from, to] = map ?? [0, env.lines.length]
  const first = tex.trim().split('\n')[0] ?? ''
  for (let i = from; i < Math.max(to, from + 1); i++) {
    const col = env.lines[i]?.indexOf(first) ?? -1
    if (col >= 0) return [env.bodyLine + i, col + 1]
  }
  return [env.bodyLine + from, 1]
}
