import type { default as MarkdownItClass } from 'markdown-it'

type MarkdownIt = InstanceType<typeof MarkdownItClass>
type Rule = NonNullable<MarkdownIt['renderer']['rules']['text']>

// `:::name … :::` blocks (admonitions, code groups), as markdown-it-container reads them, with one
// difference: a fenced code block inside is text, as CommonMark reads a code block's lines, so
// its `:::` lines do not close the block. A page that shows how to write an admonition (a ```md
// sample holding `:::note … :::`) lost its sample and the rest of the page to one code block.
// Docusaurus's directive parser (micromark, which MDX pages use here too) closes the block there,
// so its writers give the outer block more colons (`::::tip`); read either way, that agrees.

const COLON = 0x3a
const BACKTICK = 0x60
const TILDE = 0x7e

export interface ContainerOptions {
  /** Whether the text after the opening colons opens this kind. @default its first word is the name */
  readonly validate?: (params: string) => boolean
  /**
   * Renders the open and close tokens, as a markdown-it renderer rule (its env the caller's own
   * type). @default `<div class="name">`
   */
  readonly render?: (...args: never[]) => string
}

/** Registers `:::name` blocks: tokens `container_<name>_open` / `_close`, nested by colon count. */
export function addContainer(md: MarkdownIt, name: string, options: ContainerOptions = {}): void {
  const validate = options.validate ?? ((params: string) => params.trim().split(' ', 2)[0] === name)
  md.block.ruler.before(
    'fence',
    `container_${name}`,
    (state, startLine, endLine, silent) => {
      const start = state.bMarks[startLine]! + state.tShift[startLine]!
      const max = state.eMarks[startLine]!
      const colons = runOf(state.src, start, max, COLON)
      if (colons < 3) return false
      const params = state.src.slice(start + colons, max)
      if (!validate(params)) return false
      if (silent) return true
      const { line: closing, closed } = closingLine(state, startLine, endLine, colons)
      const parent = state.parentType
      const lineMax = state.lineMax
      state.parentType = 'container' as typeof parent
      // The block ends where its closing line is, however deep what it holds.
      state.lineMax = closing
      const open = state.push(`container_${name}_open`, 'div', 1)
      open.markup = state.src.slice(start, start + colons)
      open.block = true
      open.info = params
      open.map = [startLine, closing]
      state.md.block.tokenize(state, startLine + 1, closing)
      const close = state.push(`container_${name}_close`, 'div', -1)
      close.markup = open.markup
      close.block = true
      state.parentType = parent
      state.lineMax = lineMax
      state.line = closing + (closed ? 1 : 0)
      return true
    },
    { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
  )
  const render: Rule =
    (options.render as Rule | undefined) ??
    ((tokens, idx, _options, _env, self) => {
      if (tokens[idx]!.nesting === 1) tokens[idx]!.attrJoin('class', name)
      return self.renderToken(tokens, idx, _options)
    })
  md.renderer.rules[`container_${name}_open`] = render
  md.renderer.rules[`container_${name}_close`] = render
}

/** How many `code` characters start at `pos`. */
function runOf(src: string, pos: number, max: number, code: number): number {
  let end = pos
  while (end < max && src.charCodeAt(end) === code) end++
  return end - pos
}

/**
 * The line that closes a block opened with `colons` colons (`:::` alone, at least as many, no more
 * indented than the block), skipping the lines of fenced code blocks; the end of the parent when
 * there is none (`closed: false`).
 */
function closingLine(
  state: Parameters<Parameters<MarkdownIt['block']['ruler']['before']>[2]>[0],
  startLine: number,
  endLine: number,
  colons: number,
): { line: number; closed: boolean } {
  let fence: { code: number; length: number } | undefined
  for (let line = startLine + 1; line < endLine; line++) {
    const start = state.bMarks[line]! + state.tShift[line]!
    const max = state.eMarks[line]!
    // A line less indented than the block (a list item's end) ends it unclosed.
    if (start < max && state.sCount[line]! < state.blkIndent) return { line, closed: false }
    if (state.sCount[line]! - state.blkIndent >= 4) continue
    const code = state.src.charCodeAt(start)
    if (code === BACKTICK || code === TILDE) {
      const length = runOf(state.src, start, max, code)
      const rest = state.src.slice(start + length, max)
      if (length < 3) continue
      if (!fence) {
        // A backtick fence's info string holds no backtick (CommonMark).
        if (code === TILDE || !rest.includes('`')) fence = { code, length }
      } else if (fence.code === code && length >= fence.length && rest.trim() === '') fence = undefined
      continue
    }
    if (fence || code !== COLON) continue
    const run = runOf(state.src, start, max, COLON)
    if (run < colons || state.skipSpaces(start + run) < max) continue
    return { line, closed: true }
  }
  return { line: endLine, closed: false }
}
