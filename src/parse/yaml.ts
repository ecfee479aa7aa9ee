import type * as Yaml from 'yaml'
import type { Node, Pair } from 'yaml'
import type * as JsYaml from 'js-yaml'
import { lazyRequire } from '../lazy-require.js'
import { oneByte } from '../text.js'
import { indexLines, locateByIndent, type IndentIndex } from './yaml-locate.js'

// Loaded when first needed: most front matter is flat (flatMapping) and needs neither.
const yamlLib = lazyRequire<typeof Yaml>('yaml')
const jsYaml = lazyRequire<typeof JsYaml>('js-yaml')

/** A YAML problem with its position inside the parsed text. */
export class YamlError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message)
  }
}

export interface ParsedYaml {
  readonly data: unknown
  /** Lines of the top-level keys. */
  readonly keyLines: Map<string, number>
  /** Line and column of the node at a JSON path, or of its nearest existing ancestor. */
  readonly locate: (path: ReadonlyArray<string | number>) => { line: number; column: number }
}

/**
 * Parses YAML strictly: duplicate keys, alias bombs and absurd nesting are errors with a position.
 * js-yaml reads the data (about 5× faster than `yaml` on a large OpenAPI document) when the text
 * has no alias at all and no error; anything else, and every position asked for, goes through
 * `yaml`'s document model, parsed only then. The only import of either library.
 */
export function parseYaml(text: string): ParsedYaml {
  let data: unknown = flatMapping(text)
  if (data === undefined) {
    try {
      data = jsYaml().load(text, { maxAliases: 0 })
    } catch {
      return parseYamlDocument(text)
    }
  }
  if (/[\u0100-\uffff]/.test(text)) oneByteStrings(data)
  let full: ParsedYaml | undefined
  // js-yaml's data stays: the document model is asked for positions only, and only those that
  // the lines' indentation does not settle (yaml-locate.ts).
  const positions = () => (full ??= parseYamlDocument(text, false))
  let lines: IndentIndex | undefined | null
  return {
    data,
    get keyLines() {
      return positions().keyLines
    },
    locate: (path) => {
      if (lines === undefined) lines = indexLines(text) ?? null
      return (lines && locateByIndent(lines, path)) ?? positions().locate(path)
    },
  }
}

const FLAT_KEY = /^([A-Za-z_][\w-]*):(?: +(.*?))? *$/
const INTEGER = /^-?(?:0|[1-9]\d{0,14})$/
const CONSTANTS: Record<string, null | boolean> = {
  null: null,
  Null: null,
  NULL: null,
  true: true,
  True: true,
  TRUE: true,
  false: false,
  False: false,
  FALSE: false,
}

/** An item of a one-line list: quoted, or plain without the list's own punctuation. */
const FLOW_ITEM = /\s*("[^"\\]*"|'[^']*'|[^,"'[\]{}]+?)\s*(?:,|$)/y

/** A one-line list of values (`tags: [a, "b c"]`), or undefined when it is anything harder. */
function flowList(inner: string): unknown[] | undefined {
  if (inner.trim() === '') return []
  // A comma ending the list would be an empty item.
  if (inner.trimEnd().endsWith(',')) return undefined
  const items: unknown[] = []
  // Its own copy of the sticky pattern: the position it reads from is this call's.
  const item = new RegExp(FLOW_ITEM)
  while (item.lastIndex < inner.length) {
    const m = item.exec(inner)
    const value = m && m[1] !== '' ? flatValue(m[1]) : undefined
    if (value === undefined) return undefined
    items.push(value)
  }
  return items
}

/** One value of a flat mapping as js-yaml reads it, or undefined when it is anything harder. */
function flatValue(raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return null
  if (raw.startsWith('[') && raw.endsWith(']')) return flowList(raw.slice(1, -1))
  if (raw in CONSTANTS) return CONSTANTS[raw]
  if (INTEGER.test(raw)) return Number(raw)
  // Quoted, with nothing to unescape.
  if (/^"[^"\\]*"$/.test(raw) || /^'[^']*'$/.test(raw)) return raw.slice(1, -1)
  // Plain text that starts with a letter, `/` or `(` (no indicator, number, date or special
  // float) and has no `:` or `#` (a key or a comment) and no tab.
  if (/^[\p{L}/(][^:#\t]*$/u.test(raw)) return raw
  return undefined
}

/** What js-yaml refuses to read at all (its own test): left to it, for its error. */
const NON_PRINTABLE =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/

/**
 * The data of a mapping of keys to one-line values (`title: Debit a bet`, `sidebar_position: 3`,
 * `tags: [wallet, bets]`), which most front matter is, read without a YAML parser: js-yaml's
 * start on each small text was most of the time `serve` takes to list a large site. Exactly what
 * js-yaml reads (`test/yaml-flat.test.ts` compares them); anything else (lists over several
 * lines, nesting, dates, other numbers, escapes, a repeated key) is undefined, for js-yaml.
 */
export function flatMapping(text: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {}
  let keys = 0
  // Line by line without splitting the whole text first: a large document (an OpenAPI spec) is
  // given up at its first nested line.
  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start)
    const end = newline === -1 ? text.length : newline
    const line = text.slice(start, end)
    start = end + 1
    if (line === '' || line.startsWith('#')) continue
    const m = FLAT_KEY.exec(line)
    if (!m || m[1] === '__proto__' || Object.hasOwn(data, m[1]!)) return undefined
    const value = flatValue(m[2])
    if (value === undefined) return undefined
    data[m[1]!] = value
    keys++
  }
  // An empty text is no mapping to js-yaml (undefined), nor one of comments only.
  return keys && !NON_PRINTABLE.test(text) && !text.includes('\r') ? data : undefined
}

/**
 * The data's strings made one-byte where they can be (`oneByte`), in place: js-yaml's strings are
 * slices of the text, and a large OpenAPI document with a single arrow anywhere doubled the memory
 * of every value read from it, and of the samples, examples and pages made of them.
 */
function oneByteStrings(value: unknown): void {
  if (!value || typeof value !== 'object') return
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (typeof v === 'string') value[i] = oneByte(v)
      else oneByteStrings(v)
    })
    return
  }
  const obj = value as Record<string, unknown>
  for (const key of Object.keys(obj)) {
    const v = obj[key]
    // A `__proto__` key is an own property here (js-yaml defines it so): assigning it sets that.
    if (typeof v === 'string') obj[key] = oneByte(v)
    else oneByteStrings(v)
  }
}

/** Positions from `yaml`'s document model alone (what yaml-locate.ts is checked against). */
export const documentLocator = (text: string): ParsedYaml['locate'] => parseYamlDocument(text, false).locate

/**
 * `yaml`'s document model: exact error messages and positions; and the data, unless `withData`
 * is false (the data of a large spec costs seconds and a second copy of it in memory).
 */
function parseYamlDocument(text: string, withData = true): ParsedYaml {
  const { LineCounter, parseDocument, isMap, isScalar, isSeq, isCollection } = yamlLib()
  const lineCounter = new LineCounter()
  let doc
  try {
    // Merge keys (`<<: *defaults`): YAML 1.1's, which js-yaml and the OpenAPI tools apply too.
    doc = parseDocument(text, {
      lineCounter,
      uniqueKeys: true,
      prettyErrors: false,
      strict: true,
      merge: true,
    })
  } catch (err) {
    throw new YamlError(err instanceof RangeError ? 'nesting is too deep' : (err as Error).message, 1, 1)
  }
  const first = doc.errors[0]
  if (first) {
    const pos = lineCounter.linePos(first.pos[0])
    let message = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, '')
    if (first.code === 'DUPLICATE_KEY') {
      // Name the key and both of its lines, not just the parser's generic sentence.
      const key = /^\s*(?:"([^"]+)"|'([^']+)'|([^:#\s][^:#]*?))\s*:/.exec(
        text.split('\n')[pos.line - 1] ?? '',
      )
      const name = key?.[1] ?? key?.[2] ?? key?.[3]
      const firstLine = name
        ? text
            .split('\n')
            .findIndex((l) =>
              new RegExp(`^\\s*["']?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*:`).test(l),
            ) + 1
        : 0
      if (name) message = `duplicate key "${name}" (lines ${firstLine} and ${pos.line})`
    }
    throw new YamlError(message, pos.line, pos.col)
  }
  const keyLines = new Map<string, number>()
  if (isMap(doc.contents)) {
    for (const item of doc.contents.items as Pair[]) {
      if (isScalar(item.key) && item.key.range)
        keyLines.set(String(item.key.value), lineCounter.linePos(item.key.range[0]).line)
    }
  }
  let data: unknown
  try {
    // A large spec shares one anchor (a page parameter, `<<: *errors`) across hundreds of
    // operations; an alias bomb still counts its nested aliases many times over this.
    if (withData) data = doc.toJS({ maxAliasCount: 10_000 })
  } catch (err) {
    throw new YamlError(err instanceof RangeError ? 'nesting is too deep' : (err as Error).message, 1, 1)
  }
  const root = doc.contents as Node | null
  const locate = (path: ReadonlyArray<string | number>) => {
    let node: Node | null = root
    let at = node?.range?.[0] ?? 0
    for (const key of path) {
      if (!node || !isCollection(node)) break
      let next: unknown
      if (isMap(node)) {
        const pair = (node.items as Pair[]).find(
          (p) => isScalar(p.key) && String(p.key.value) === String(key),
        )
        if (!pair) break
        at = (pair.key as Node).range?.[0] ?? at
        next = pair.value
      } else if (isSeq(node)) {
        next = node.items[Number(key)]
      }
      node = (next as Node | null) ?? null
      if (node?.range && !isMap(node)) at = node.range[0]
    }
    const pos = lineCounter.linePos(at)
    return { line: pos.line, column: pos.col }
  }
  return { data, keyLines, locate }
}

/** Data as YAML text (a bundled OpenAPI document offered for download). */
export const stringifyYaml = (data: unknown): string =>
  yamlLib().stringify(data, { aliasDuplicateObjects: false, lineWidth: 0 })
