// Where a JSON path is written in block-style YAML, found from the lines' indentation alone.
//
// Positions of a large OpenAPI document come from `yaml`'s document model, which costs seconds on
// a spec of thousands of operations (most of a build's link-check stage when its text links are
// reported). Specs are almost always written in block style, where a node's place follows from
// indentation: this finds it in a few milliseconds. It answers only when the lines leave no doubt
// (block mappings and sequences, plain or simply quoted keys) and gives the position the document
// model gives; anything else (flow collections, anchors, aliases, merge keys, complex keys, tabs,
// a missing key, an empty value) is `undefined`, and the caller asks the document model.

export interface IndentIndex {
  readonly lines: readonly string[]
  /** Leading spaces of each line; -1 for a blank or comment-only line. */
  readonly indents: Int32Array
}

export function indexLines(text: string): IndentIndex | undefined {
  // JSON, several documents or directives: the document model only. (Tabs may follow the
  // indentation inside block scalars, as code samples do; indentation itself is spaces in YAML.)
  if (/^\s*[[{]/.test(text) || /^(---|\.\.\.)\s*\S|^%/m.test(text)) return undefined
  const lines = text.split(/\r?\n/)
  const indents = new Int32Array(lines.length)
  lines.forEach((line, i) => {
    const n = /^ */.exec(line)![0].length
    const rest = line.slice(n).trim()
    indents[i] = rest === '' || rest.startsWith('#') || rest === '---' ? -1 : n
  })
  return { lines, indents }
}

type Pos = { line: number; column: number }
type Entry = { line: number; col: number }
/**
 * A block of lines [from, to) whose entries are at `indent`; `firstCol` is where the first entry's
 * text starts when it shares its line with a '- ' (or is a value after 'key:').
 */
interface Block {
  from: number
  to: number
  indent: number
  firstCol?: number
}

const UNSAFE = /(^|[\s:,[{])[&*!][^\s]|<<\s*:|^\s*\?\s/

/** Line and column (1-based) of the node at `path`, as `yaml`'s document model gives them. */
export function locateByIndent(index: IndentIndex, path: ReadonlyArray<string | number>): Pos | undefined {
  const { lines, indents } = index
  const firstEntry = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (indents[i]! >= 0) return i
    return -1
  }
  const rootLine = firstEntry(0, lines.length)
  if (rootLine < 0) return undefined
  let block: Block = { from: rootLine, to: lines.length, indent: indents[rootLine]! }
  let at: Pos = { line: rootLine + 1, column: indents[rootLine]! + 1 }
  for (let k = 0; k < path.length; k++) {
    const segment = path[k]!
    const last = k === path.length - 1
    const seq = textAt(lines[block.from]!, block.firstCol ?? block.indent).startsWith('-')
    const entry = seq ? nthItem(index, block, Number(segment)) : keyEntry(index, block, String(segment))
    if (!entry || UNSAFE.test(lines[entry.line]!)) return undefined
    const { line, col } = entry
    // The rest of the entry's line after '- ' or 'key:', and the lines under it.
    const next = nextEntry(index, block, line)
    if (seq) {
      const rest = lines[line]!.slice(col + 1)
      const pad = rest.length - rest.trimStart().length
      const content = col + 1 + pad
      if (rest.trim() === '') {
        // '-' alone: the item is the block below it.
        const below = firstEntry(line + 1, next)
        if (below < 0) return undefined
        const child = { from: below, to: next, indent: indents[below]! }
        const isMap = isMappingLine(lines[below]!.slice(child.indent))
        if (!isMap) at = { line: below + 1, column: child.indent + 1 }
        block = child
      } else {
        const text = lines[line]!.slice(content)
        // A flow collection is the model's to enter; as the last segment, its place is known:
        // a sequence where it starts, a mapping where the item's place already is.
        if (/^[[{]/.test(text) && last)
          return text.startsWith('[') ? { line: line + 1, column: content + 1 } : at
        if (/^[[{|>]/.test(text)) return undefined
        if (isMappingLine(text)) {
          // '- key: value': a mapping whose first key shares the dash's line; the position stays.
          block = { from: line, to: next, indent: content, firstCol: content }
        } else {
          at = { line: line + 1, column: content + 1 }
          block = { from: line, to: line + 1, indent: content, firstCol: content }
          if (firstEntry(line + 1, next) >= 0) return undefined // a multi-line scalar
        }
      }
    } else {
      at = { line: line + 1, column: col + 1 }
      const value = valueAfterKey(lines[line]!, col)
      if (value === undefined) return undefined
      if (value.text === '') {
        // The value is below; a sequence may sit at the key's own indentation, past `next`.
        const below = firstEntry(line + 1, block.to)
        if (below < 0) return undefined // an empty value: null, placed where the model knows
        const indent = indents[below]!
        const text = lines[below]!.slice(indent)
        // A sequence may sit at its key's own indentation; a mapping must go deeper.
        if (text.startsWith('-') && indent >= block.indent) {
          at = { line: below + 1, column: indent + 1 }
          block = { from: below, to: nextAtOrAbove(index, block, below, indent), indent }
        } else if (below < next && indent > block.indent && isMappingLine(text)) {
          block = { from: below, to: next, indent }
        } else return undefined
      } else {
        if (/^[[{]/.test(value.text) && last)
          return value.text.startsWith('[') ? { line: line + 1, column: value.col + 1 } : at
        if (/^[[{&*!]/.test(value.text)) return undefined
        at = { line: line + 1, column: value.col + 1 }
        if (/^[|>]/.test(value.text)) block = { from: line, to: line + 1, indent: value.col }
        else block = { from: line, to: line + 1, indent: value.col, firstCol: value.col }
        // A scalar has no children: a deeper segment is the document model's to answer.
        if (!last) return undefined
      }
    }
  }
  return at
}

const textAt = (line: string, col: number) => line.slice(col)

/** `key:` then a space or the end: a mapping entry (plain, or quoted without escapes). */
const KEY = /^(?:"([^"\\]*)"|'([^']*)'|([^\s"'#[\]{},&*!|>%@`-][^:#]*?|-[^\s:#][^:#]*?))\s*:(?:\s|$)/
const isMappingLine = (text: string) => KEY.test(text)

function keyEntry(index: IndentIndex, block: Block, key: string): Entry | undefined {
  return scan(index, block, (text) => {
    const m = KEY.exec(text)
    return !!m && (m[1] ?? m[2] ?? m[3]) === key
  })
}

function nthItem(index: IndentIndex, block: Block, n: number): Entry | undefined {
  if (!Number.isInteger(n) || n < 0) return undefined
  let count = -1
  return scan(index, block, (text) => /^-(\s|$)/.test(text) && ++count === n)
}

/** The entries of a block: lines at its indentation (the first may start after a '- '). */
function scan(index: IndentIndex, block: Block, match: (text: string) => boolean): Entry | undefined {
  const { lines, indents } = index
  for (let i = block.from; i < block.to; i++) {
    const col = i === block.from && block.firstCol !== undefined ? block.firstCol : indents[i]!
    if (i !== block.from || block.firstCol === undefined) {
      if (indents[i]! < 0 || indents[i]! !== block.indent) {
        if (indents[i]! >= 0 && indents[i]! < block.indent) return undefined
        continue
      }
    }
    if (match(lines[i]!.slice(col))) return { line: i, col }
  }
  return undefined
}

/** Where the entry at `line` ends: the next line at its block's indentation or less. */
function nextEntry({ indents }: IndentIndex, block: Block, line: number): number {
  for (let i = line + 1; i < block.to; i++) if (indents[i]! >= 0 && indents[i]! <= block.indent) return i
  return block.to
}

/** The end of a sequence written at its key's indentation: the first line there not a '- '. */
function nextAtOrAbove(index: IndentIndex, block: Block, from: number, indent: number): number {
  const { lines, indents } = index
  for (let i = from + 1; i < block.to; i++) {
    const n = indents[i]!
    if (n < 0) continue
    if (n < indent || (n === indent && !/^-(\s|$)/.test(lines[i]!.slice(n)))) return i
  }
  return block.to
}

/** The value after `key:` on its line (column where it starts), or undefined when unclear. */
function valueAfterKey(line: string, col: number): { text: string; col: number } | undefined {
  const m = KEY.exec(line.slice(col))
  if (!m) return undefined
  const after = col + m[0].length
  const rest = line.slice(after)
  const pad = rest.length - rest.trimStart().length
  const text = rest.trim()
  return { text: text.startsWith('#') ? '' : text, col: after + pad }
}
