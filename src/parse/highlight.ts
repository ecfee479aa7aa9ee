import {
  createCssVariablesTheme,
  createHighlighter as createShiki,
  type BundledLanguage,
  type Highlighter,
} from 'shiki'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { createOnigurumaEngine } from 'shiki/engine/oniguruma'
import { EncodedTokenMetadata, INITIAL, type IGrammar, type StateStack } from 'shiki/textmate'
import { LANGS, resolveLanguage } from './languages.js'
import { classTransformer, colourClasses, styleToClass } from './token-classes.js'
import { ownCopy } from '../text.js'

const require = createRequire(import.meta.url)
const THEME_NAME = 'css-variables'

/**
 * Oniguruma's WebAssembly, compiled from shiki's file. Not `shiki/wasm`: that one is gzipped into
 * the module's text and unpacked through a fetch Response, and the first use of `Response` loads
 * Node's whole fetch implementation (undici): ~90 ms of CPU in every highlight worker's start,
 * which serve's first page waits for.
 */
const onigWasm = (info?: WebAssembly.Imports) =>
  WebAssembly.instantiate(fs.readFileSync(require.resolve('shiki/onig.wasm')), info)
/** vscode-textmate's FontStyle bits (a const enum there, which verbatimModuleSyntax cannot import). */
const FontStyle = { Italic: 1, Bold: 2, Underline: 4, Strikethrough: 8 } as const
/**
 * A line this long or longer is not tokenised (one plain span, as shiki does with
 * `tokenizeMaxLineLength`): what bounds the work a pathological line can cause. There is no time
 * limit per line (shiki's default is 500 ms): a limit cuts lines short when the machine is busy
 * (the first line of a grammar compiles its regexes; on a loaded CI machine even 10 s was
 * reached), so the same page highlighted differently from one build to the next, and unchanged
 * pages got new bytes and were uploaded again.
 */
export const MAX_LINE_LENGTH = 10_000
/**
 * Past this many memoised lines per language, start over: what bounds the memo over hours of serve
 * and over a large API reference, whose samples hold thousands of lines seen once (every example
 * value). Lines that repeat (a sample's boilerplate) come back at once; at 2,500 operations a
 * memo ten times this size hit as often, and held ~150 MB more at its peak.
 */
const MAX_LINES = 20_000

export interface CodeOptions {
  lang: string
  /** 1-based line numbers to highlight. */
  highlightLines: ReadonlySet<number>
  /** `<pre class="line-numbers …">` (the numbers are CSS counters). */
  lineNumbers?: boolean
}

export interface CodeHighlighter {
  /**
   * Highlighted `<pre>`, or a placeholder for it until `settle` (see highlight-parallel.ts);
   * `known` is false when the language was not recognised.
   */
  highlight(code: string, options: CodeOptions): { html: string; known: boolean }
  /**
   * Waits for queued blocks (only those whose placeholders are `within` these strings, when
   * given: serve's page need not wait for the blocks of pages read in the background); the
   * function it gives swaps placeholders in a string for the HTML (a block not done yet keeps its
   * placeholder).
   */
  settle(within?: readonly string[]): Promise<(html: string) => string>
  /**
   * Drops what was highlighted (a one-off build, once the placeholders are filled: the HTML then
   * lives in the pages' data only). A highlighter kept between builds keeps it, to reuse it.
   */
  forget?(): void
  /**
   * Loads the grammars of these fence languages when shiki bundles them but has not loaded
   * them yet (only LANGS load up front). `highlight` of a language not loaded throws.
   */
  load?(langs: Iterable<string>): Promise<void>
  /**
   * Highlights code ahead of the blocks that will hold it, so that they come back at once: its
   * grammars loaded, their rules compiled, its lines memoised (serve's first page, see
   * `homeFirst` in src/prepare.ts). Nothing is kept of it but that.
   */
  warm?(blocks: ReadonlyArray<readonly [lang: string, code: string]>): void
  /** Lets go of the HTML of the blocks these placeholders stand for (a build's page is written). */
  release?(placeholders: string): void
  /**
   * Writes the blocks highlighted so far to the cache between builds, when there is one; `last`:
   * nothing more will be highlighted or written, and the cache's copy of the blocks is let go.
   */
  persist?(last?: boolean): void
  /**
   * Ends the worker thread, with shiki and its memo of lines: a one-off build highlights nothing
   * after `settle`. A later block starts a new one.
   */
  stop?(): void
}

// One tokenisation per block: colours are CSS variables, whose light and dark values live in
// theme/styles/syntax.css (shiki's dual-theme mode tokenises every block once per theme); tokens
// name them by class (token-classes.ts). A new theme object per highlighter: shiki completes the
// theme's colour table (the ANSI colours too) only the first time it loads that object.
const cssVariablesTheme = () =>
  createCssVariablesTheme({ name: THEME_NAME, variablePrefix: '--shiki-', fontStyle: true })

/**
 * Creates the build-time highlighter (shiki). The slow part: create once. `langs` load up front
 * (the rest through `load`); the worker loads none, so serve's first page waits only for the
 * grammars it shows.
 */
export async function createHighlighter(langs: readonly string[] = LANGS): Promise<CodeHighlighter> {
  // Oniguruma (WebAssembly), the engine the grammars are written for. shiki's JavaScript engine
  // gives the same tokens but translates every regex of a grammar to a JavaScript one first:
  // on a docs corpus in eight languages it took ~40% more CPU, compiling and matching.
  const shiki: Highlighter = await createShiki({
    themes: [cssVariablesTheme()],
    langs: [...langs],
    engine: createOnigurumaEngine({ instantiator: onigWasm }),
  })
  const { theme, colorMap } = shiki.setTheme(THEME_NAME)
  const replacements: Record<string, string> = theme.colorReplacements ?? {}
  const colour = (c: string | undefined) => (c ? (replacements[c.toLowerCase()] ?? c) : '')
  const classes = colourClasses(replacements)
  const toClasses = classTransformer(classes)
  const preTail = `tabindex="0"><code>`
  const tokenizers = new Map<string, LineTokenizer>()
  const attributeOf = tokenAttributes((m) => colour(colorMap[EncodedTokenMetadata.getForeground(m)]), classes)
  const loaded = new Set(shiki.getLoadedLanguages())
  return {
    settle: async () => (html) => html,
    async load(langs) {
      for (const lang of langs) {
        const { grammar } = resolveLanguage(lang)
        if (!grammar || loaded.has(grammar)) continue
        await shiki.loadLanguage(grammar as BundledLanguage)
        for (const name of shiki.getLoadedLanguages()) loaded.add(name)
      }
    },
    highlight(code, { lang, highlightLines, lineNumbers }) {
      const { grammar, known } = resolveLanguage(lang)
      let html: string
      if (!grammar) {
        html = shiki.codeToHtml(code, {
          lang: 'text',
          theme: THEME_NAME,
          transformers: [
            toClasses,
            {
              line: (node, n) =>
                void (highlightLines.has(n) && node.properties && (node.properties.class += ' highlighted')),
            },
          ],
        })
        if (lineNumbers) html = html.replace('<pre class="', '<pre class="line-numbers ')
      } else {
        let tokenize = tokenizers.get(grammar)
        if (!tokenize)
          tokenizers.set(grammar, (tokenize = lineTokenizer(shiki.getLanguage(grammar), attributeOf)))
        let state: StateStack = INITIAL
        const lines = code.split(/\r?\n/).map((line, i) => {
          const cls = highlightLines.has(i + 1) ? 'line highlighted' : 'line'
          // Like shiki: an empty line is not tokenised and keeps the state.
          if (line === '') return `<span class="${cls}"></span>`
          const r = tokenize(line, state)
          state = r.end
          return `<span class="${cls}">${r.html}</span>`
        })
        html = `<pre class="${lineNumbers ? 'line-numbers ' : ''}shiki ${THEME_NAME}" ${preTail}${lines.join('\n')}</code></pre>`
      }
      return { html, known }
    },
  }
}

type LineTokenizer = (line: string, state: StateStack) => { html: string; end: StateStack }

/**
 * Tokenises one line to shiki's HTML (`<span class="t7">` per token, whitespace merged into the
 * next token), memoised by (state before the line, line text). Docs repeat lines (imports,
 * boilerplate, translated pages), and equal states are interned to one object so a line after a
 * differing one still hits. Byte-identical to shiki's codeToHtml with classTransformer (tested).
 */
function lineTokenizer(grammar: IGrammar, attributeOf: (metadata: number) => string): LineTokenizer {
  const interned = new Map<string, StateStack>()
  let byState = new Map<StateStack, Map<string, { html: string; end: StateStack }>>()
  let size = 0
  const intern = (state: StateStack) => {
    const key = stateKey(state as unknown as InternalState)
    return interned.get(key) ?? interned.set(key, state).get(key)!
  }
  return (line, state) => {
    let lines = byState.get(state)
    const hit = lines?.get(line)
    if (hit) return hit
    if (size > MAX_LINES) {
      byState = new Map()
      size = 0
      lines = undefined
    }
    if (line.length >= MAX_LINE_LENGTH) return { html: `<span>${escapeText(line)}</span>`, end: state }
    // 0: no time limit (see MAX_LINE_LENGTH).
    const r = grammar.tokenizeLine2(line, state, 0)
    // Most lines end in the state they began in, and vscode-textmate then returns that very
    // object (already interned): only a new one needs its key.
    const end = r.ruleStack === state ? state : intern(r.ruleStack)
    // Kept as copies of their own: the line (a slice of its block's code) and its HTML (made of
    // slices of the line) would each keep the whole block's code alive as long as the memo.
    const result = { html: ownCopy(tokensHtml(line, r.tokens, attributeOf)), end }
    if (!lines) byState.set(state, (lines = new Map()))
    lines.set(ownCopy(line), result)
    size++
    return result
  }
}

function tokensHtml(line: string, tokens: Uint32Array, attributeOf: (metadata: number) => string): string {
  let html = ''
  let carry = ''
  const count = tokens.length / 2
  for (let j = 0; j < count; j++) {
    const start = tokens[2 * j]!
    const end = j + 1 < count ? tokens[2 * j + 2]! : line.length
    if (start === end) continue
    const metadata = tokens[2 * j + 1]!
    const fontStyle = EncodedTokenMetadata.getFontStyle(metadata)
    const text = line.substring(start, end)
    const decorated = fontStyle > 0 && (fontStyle & (FontStyle.Underline | FontStyle.Strikethrough)) !== 0
    if (!decorated && j + 1 < count && /^\s+$/.test(text)) {
      carry += text
      continue
    }
    if (carry && decorated) html += `<span>${escapeText(carry)}</span>`
    const content = decorated ? text : carry + text
    carry = ''
    html += `<span${attributeOf(metadata)}>${escapeText(content)}</span>`
  }
  return html
}

/**
 * A token's attribute by its metadata, memoised: it depends only on the token's colour and font
 * style, a few dozen pairs in a whole site, and making it (a style, then its classes) for each
 * token was ~4% of the highlight worker's profile.
 */
function tokenAttributes(
  colourOf: (metadata: number) => string,
  classes: ReadonlyMap<string, string>,
): (metadata: number) => string {
  const made = new Map<number, string>()
  return (metadata) => {
    const fontStyle = EncodedTokenMetadata.getFontStyle(metadata)
    // Font style: four bits.
    const key = EncodedTokenMetadata.getForeground(metadata) * 16 + fontStyle
    let attribute = made.get(key)
    if (attribute === undefined)
      made.set(key, (attribute = tokenAttribute(colourOf(metadata), fontStyle, classes)))
    return attribute
  }
}

/** ` class="…"` for a token (as classTransformer makes of shiki's style), or its style when it has no class. */
function tokenAttribute(color: string, fontStyle: number, classes: ReadonlyMap<string, string>): string {
  const style = tokenStyle(color, fontStyle)
  if (!style) return ''
  const cls = styleToClass(style, classes)
  return cls === undefined ? ` style="${style}"` : cls ? ` class="${cls}"` : ''
}

function tokenStyle(color: string, fontStyle: number): string {
  const parts = color ? [`color:${color}`] : []
  if (fontStyle > 0) {
    if (fontStyle & FontStyle.Italic) parts.push('font-style:italic')
    if (fontStyle & FontStyle.Bold) parts.push('font-weight:bold')
    const decorations = [
      fontStyle & FontStyle.Underline && 'underline',
      fontStyle & FontStyle.Strikethrough && 'line-through',
    ].filter(Boolean)
    if (decorations.length) parts.push(`text-decoration:${decorations.join(' ')}`)
  }
  return parts.join(';')
}

/** hast-util-to-html's text escaping, so the output matches shiki's byte for byte. */
const escapeText = (s: string) => s.replace(/[&<]/g, (c) => (c === '&' ? '&#x26;' : '&#x3C;'))

// vscode-textmate's state internals (not in its public types). Two states with the same key
// tokenise every following line alike: it covers what StateStack.equals compares plus the name
// scopes and the begin-captured-EOL flag, which equals leaves out.
interface InternalState {
  parent: InternalState | null
  ruleId: number
  endRule: string | null
  beginRuleCapturedEOL: boolean
  nameScopesList: InternalScopes | null
  contentNameScopesList: InternalScopes | null
}
interface InternalScopes {
  parent: InternalScopes | null
  scopePath: { toString(): string }
  tokenAttributes: number
}

function stateKey(state: InternalState | null): string {
  let key = ''
  for (let s = state; s; s = s.parent)
    key += `${s.ruleId}|${s.endRule ?? ''}|${s.beginRuleCapturedEOL ? 1 : 0}|${scopesKey(s.nameScopesList)}|${scopesKey(s.contentNameScopesList)}\n`
  return key
}

function scopesKey(scopes: InternalScopes | null): string {
  let key = ''
  for (let s = scopes; s; s = s.parent) key += `${s.scopePath.toString()}:${s.tokenAttributes}|`
  return key
}
