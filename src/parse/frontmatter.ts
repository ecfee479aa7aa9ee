import type { Diagnostic, DocFrontMatter, SourceLocation } from '../types.js'
import { parseYaml, YamlError } from './yaml.js'
import { ownValue } from '../text.js'
import { readText } from './read-text.js'

export interface FrontMatterResult {
  readonly data: DocFrontMatter
  readonly body: string
  /** 1-based line of the body's first line in the source file. */
  readonly bodyLine: number
  readonly diagnostics: readonly Diagnostic[]
}

export type Check = (v: unknown) => boolean
const str: Check = (v) => typeof v === 'string'
/** A title or label with something in it: an empty one leaves an empty `<title>`, link and pager. */
const text: Check = (v) => typeof v === 'string' && v.trim() !== ''
/** A heading level a table of contents can start or end at, as Docusaurus allows (2 to 6). */
const tocLevel: Check = (v) => Number.isInteger(v) && (v as number) >= 2 && (v as number) <= 6
const strList: Check = (v) =>
  Array.isArray(v) &&
  v.every((x) => typeof x === 'string' || (typeof x === 'object' && x !== null && 'label' in x))
/** Docusaurus's `last_update: { date, author }`: either or both, the date one `Date` can read. */
function lastUpdate(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
  const { date, author, ...rest } = v as Record<string, unknown>
  const dateOk =
    date === undefined ||
    // A bare number (20240102) would be read as milliseconds since 1970.
    ((date instanceof Date || typeof date === 'string') && !Number.isNaN(new Date(date).getTime()))
  return (
    Object.keys(rest).length === 0 &&
    (date !== undefined || author !== undefined) &&
    dateOk &&
    (author === undefined || typeof author === 'string')
  )
}

/** Docusaurus's front-matter names and their types; unknown keys only warn. */
const KNOWN: Record<string, [Check, string]> = {
  id: [str, 'a string'],
  title: [text, 'a string that is not empty'],
  description: [str, 'a string'],
  slug: [str, 'a string'],
  sidebar_label: [text, 'a string that is not empty'],
  sidebar_position: [(v) => typeof v === 'number' && Number.isFinite(v), 'a number'],
  sidebar_class_name: [str, 'a string'],
  sidebar_custom_props: [(v) => typeof v === 'object' && v !== null, 'a mapping'],
  displayed_sidebar: [(v) => v === null || typeof v === 'string', 'a sidebar id or null'],
  tags: [strList, 'a list of strings'],
  keywords: [strList, 'a list of strings'],
  image: [str, 'a string'],
  hide_title: [(v) => typeof v === 'boolean', 'true or false'],
  hide_table_of_contents: [(v) => typeof v === 'boolean', 'true or false'],
  hide_footer: [(v) => typeof v === 'boolean', 'true or false'],
  unlisted: [(v) => typeof v === 'boolean', 'true or false'],
  draft: [(v) => typeof v === 'boolean', 'true or false'],
  pagination_label: [text, 'a string that is not empty'],
  pagination_next: [(v) => v === null || typeof v === 'string', 'a doc id or null'],
  pagination_prev: [(v) => v === null || typeof v === 'string', 'a doc id or null'],
  toc_min_heading_level: [tocLevel, 'a heading level from 2 to 6'],
  toc_max_heading_level: [tocLevel, 'a heading level from 2 to 6'],
  custom_edit_url: [(v) => v === null || typeof v === 'string', 'a URL or null'],
  last_update: [lastUpdate, 'a mapping with `date` (a date) and/or `author` (a string)'],
  // A translation's record of its source page (see src/translation.ts).
  source_hash: [(v) => typeof v === 'string' && /^[0-9a-f]{16}$/.test(v), '16 lowercase hex digits'],
}

/** Splits and validates front matter. Positions in diagnostics are lines of the whole file. */
/** `extraKeys` adds names (and type checks) known to one kind of page, such as the blog's `authors` and `date`. */
export function readFrontMatter(
  text: string,
  file: string,
  extraKeys: Readonly<Record<string, [Check, string]>> = {},
): FrontMatterResult {
  const head = fencedHead(text)
  if (!head)
    return tomlHead(text, file) ?? { data: {}, body: text, bodyLine: 1, diagnostics: noOpening(text, file) }
  const { lines, bodyStart } = head
  const close = lines.length - 1
  if (bodyStart < 0)
    return unreadable(
      { file, line: 1, column: 1 },
      'front matter not closed: the `---` opened on line 1 has no closing `---`',
    )
  // Where each key is: worked out (a second pass over the YAML) only for a key with a problem.
  let yaml: ReturnType<typeof parseYaml> | undefined
  const lineOf = (key: string) => yaml?.keyLines.get(key) ?? 2
  // The YAML between the fences, after the newline that ends the opening one, so that YAML line N
  // is file line N. Nothing but blank and comment lines is no front matter at all: no data.
  const block = '\n' + lines.slice(1, close).join('\n')
  let parsed: unknown = {}
  if (/^[ \t]*[^\s#]/m.test(block)) {
    try {
      yaml = parseYaml(block)
      parsed = yaml.data ?? {}
    } catch (err) {
      const e = err instanceof YamlError ? err : new YamlError((err as Error).message, 1, 1)
      return unreadable({ file, line: e.line, column: e.column }, `front matter: ${e.message}`, text)
    }
  }
  const data = parsed as Record<string, unknown>
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return unreadable({ file, line: 2, column: 1 }, 'front matter must be a mapping of keys to values')
  return {
    data: data as DocFrontMatter,
    body: text.slice(bodyStart),
    bodyLine: close + 2,
    diagnostics: checkKeys(data, extraKeys, { file, text, lineOf }),
  }
}

/**
 * The lines of a file's front matter, fences included, and where its body starts (-1 when the
 * fence is never closed); undefined when the first line is no fence. Only the head is split into
 * lines: the body is the rest of the text as it is.
 */
function fencedHead(text: string): { lines: string[]; bodyStart: number } | undefined {
  const lines: string[] = []
  for (let at = 0; ;) {
    const end = text.indexOf('\n', at)
    const line = text.slice(at, end < 0 ? undefined : end)
    lines.push(line)
    const fence = line.trimEnd() === '---'
    if (lines.length === 1 && !fence) return undefined
    if (lines.length > 1 && fence) return { lines, bodyStart: end < 0 ? text.length : end + 1 }
    if (end < 0) return { lines, bodyStart: -1 }
    at = end + 1
  }
}

/**
 * A front matter that cannot be read (not closed, bad YAML, not a mapping): its one error, and
 * neither data nor body, so the page is not built from half of it. `source` is given where the
 * error points into the text (a YAML error's line and column).
 */
function unreadable(at: SourceLocation, message: string, source?: string): FrontMatterResult {
  const error: Diagnostic = { severity: 'error', code: 'frontmatter', message, at }
  return {
    data: {},
    body: '',
    bodyLine: 1,
    diagnostics: [source === undefined ? error : { ...error, source }],
  }
}

/**
 * A page file's text and front matter (blog posts and standalone pages read theirs alike), every
 * problem added to `diagnostics`; undefined when the file cannot be read or its front matter has
 * an error, as no page is built from either.
 */
export function readPageFile(
  source: Parameters<typeof readText>[0],
  diagnostics: Diagnostic[],
  extraKeys?: Readonly<Record<string, [Check, string]>>,
): { text: string; fm: FrontMatterResult } | undefined {
  const text = readText(source, diagnostics)
  if (text === undefined) return undefined
  const fm = readFrontMatter(text, source.file, extraKeys)
  diagnostics.push(...fm.diagnostics)
  return fm.diagnostics.some((d) => d.severity === 'error') ? undefined : { text, fm }
}

/** A file without front matter that looks as if it meant to have some: a warning, else none. */
/**
 * Hugo's TOML front matter (`+++` fences): not read, but not shown as the page's first paragraph
 * either; a warning says how to write it.
 */
function tomlHead(text: string, file: string): FrontMatterResult | undefined {
  if (!/^\+\+\+[ \t]*\r?\n/.test(text)) return undefined
  const lines = text.split('\n', 200)
  const close = lines.findIndex((l, i) => i > 0 && l.trimEnd() === '+++')
  if (close < 0) return undefined
  const bodyStart = lines.slice(0, close + 1).reduce((n, l) => n + l.length + 1, 0)
  return {
    data: {},
    body: text.slice(bodyStart),
    bodyLine: close + 2,
    diagnostics: [
      {
        severity: 'warning',
        code: 'frontmatter',
        message: 'TOML front matter (between `+++` lines) is not read: write it as YAML between `---` lines',
        at: { file, line: 1, column: 1 },
        hint: 'title = "X" becomes title: X',
      },
    ],
  }
}

function noOpening(text: string, file: string): Diagnostic[] {
  // The first 30 lines only: a page without front matter is not split whole for this.
  const lines = text.split('\n', 30)
  const closing = lines.findIndex((l, i) => i > 0 && l.trimEnd() === '---')
  const looksLikeKeys =
    closing > 0 && lines.slice(0, closing).every((l) => /^[A-Za-z_][\w-]*:\s/.test(l) || l.trim() === '')
  if (!looksLikeKeys) return []
  return [
    {
      severity: 'warning',
      code: 'frontmatter',
      message: 'front matter fence without opening: add `---` as the first line',
      at: { file, line: closing + 1, column: 1 },
    },
  ]
}

/** Unknown keys (warnings) and known keys of the wrong type (errors), at their lines. */
function checkKeys(
  data: Record<string, unknown>,
  extraKeys: Readonly<Record<string, [Check, string]>>,
  at: { file: string; text: string; lineOf: (key: string) => number },
): Diagnostic[] {
  const found: Diagnostic[] = []
  for (const [key, value] of Object.entries(data)) {
    const rule = ownValue(extraKeys, key) ?? ownValue(KNOWN, key)
    if (!rule)
      found.push({
        severity: 'warning',
        code: 'frontmatter',
        message: `unknown front-matter key "${key}"`,
        at: { file: at.file, line: at.lineOf(key), column: 1 },
      })
    else if (!rule[0](value))
      found.push({
        severity: 'error',
        code: 'frontmatter',
        message: `"${key}" must be ${rule[1]}, got ${value === null ? 'null' : JSON.stringify(value)}`,
        at: { file: at.file, line: at.lineOf(key), column: 1 },
        source: at.text,
      })
  }
  const [min, max] = [data.toc_min_heading_level, data.toc_max_heading_level]
  if (typeof min === 'number' && typeof max === 'number' && min > max)
    found.push({
      severity: 'error',
      code: 'frontmatter',
      message: `"toc_min_heading_level" (${min}) is more than "toc_max_heading_level" (${max}): the table of contents would be empty`,
      at: { file: at.file, line: at.lineOf('toc_min_heading_level'), column: 1 },
      source: at.text,
    })
  return found
}
