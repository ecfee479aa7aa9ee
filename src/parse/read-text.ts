import { isUtf8 as validUtf8 } from 'node:buffer'
import fs from 'node:fs'
import type { Diagnostic, ParsedDoc, SourceFile } from '../types.js'
import { contentHash } from '../translation.js'

/** UTF-8 text with BOM and CRLF normalised, or a diagnostic for binary, invalid or empty files. */
export function readText(
  source: Pick<SourceFile, 'absPath' | 'file'>,
  diagnostics: Diagnostic[],
): string | undefined {
  return readChecked(source, diagnostics, () => Infinity)?.text
}

/**
 * The start of a file's text, as `readText` would give it: its front matter and `lines` lines
 * more, or the first `lines` lines of a file without one; `whole` when that is the whole file. The
 * file is checked whole (binary, invalid UTF-8) but only that start is decoded: serve reads every
 * doc's front matter as it starts, and decoding the bodies (mostly not ASCII in a translated site)
 * was a tenth of its time to the first page.
 */
export function readHead(
  source: Pick<SourceFile, 'absPath' | 'file'>,
  diagnostics: Diagnostic[],
  lines: number,
): Head | undefined {
  let bytes: Buffer | undefined
  const head = readChecked(source, diagnostics, (buf) => headEnd((bytes = buf), lines))
  if (!head) return undefined
  const buf = bytes!
  return {
    ...head,
    through: (more) =>
      head.whole ? head.text : normalised(buf.toString('utf8', 0, Math.min(headEnd(buf, more), buf.length))),
  }
}

/** The start of a file's text (`readHead`). */
export interface Head {
  readonly text: string
  /** Whether `text` is the whole file. */
  readonly whole: boolean
  /** The start to the front matter's end and `lines` lines more, from the bytes already read. */
  readonly through: (lines: number) => string
}

function readChecked(
  source: Pick<SourceFile, 'absPath' | 'file'>,
  diagnostics: Diagnostic[],
  /** Where in the bytes to stop decoding: after a newline, or the end. */
  cut: (buf: Buffer) => number,
): { text: string; whole: boolean } | undefined {
  // Every refusal below is one diagnostic of the same rule on this file, and no text.
  const refuse = (d: Pick<Diagnostic, 'severity' | 'message' | 'hint'>, line?: number) => {
    const at = line ? { file: source.file, line, column: 1 } : { file: source.file }
    diagnostics.push({ code: 'encoding', at, ...d })
    return undefined
  }
  let buf: Buffer
  try {
    buf = fs.readFileSync(source.absPath)
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message
    return refuse({ severity: 'error', message: `cannot read file: ${why}` })
  }
  if (buf.includes(0))
    return refuse({ severity: 'error', message: 'file is binary (contains NUL bytes), not markdown' })
  if (!validUtf8(buf)) {
    const bad = buf.toString('latin1').split('\n')
    const line = bad.findIndex((l) => !validUtf8(Buffer.from(l, 'latin1'))) + 1
    const hint = 're-save the file as UTF-8'
    return refuse({ severity: 'error', message: 'file is not valid UTF-8', hint }, line || 1)
  }
  // A newline byte is never inside a character's bytes: the cut is between two characters.
  const end = Math.min(cut(buf), buf.length)
  let text = buf.toString('utf8', 0, end)
  let whole = end === buf.length
  // Blank so far: only the whole text tells whether the file is empty.
  if (!whole && text.trim() === '') [text, whole] = [buf.toString('utf8'), true]
  if (whole && (text.trim() === '' || text === '\uFEFF'))
    return refuse({ severity: 'warning', message: 'file is empty and was skipped' })
  return { text: normalised(text), whole }
}

/** Without a BOM, and with LF line endings. */
function normalised(text: string): string {
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  return unmarked.includes('\r') ? unmarked.replace(/\r\n?/g, '\n') : unmarked
}

/**
 * The byte after the front matter's closing fence and `lines` lines more (the first `lines` lines
 * without front matter); the end when a fence is not plainly there. A fence line here is `---`
 * and spaces, tabs or a CR: stricter than the front matter's reader, so what this cannot place is
 * decoded whole and read as before.
 */
function headEnd(buf: Buffer, lines: number): number {
  const NL = 0x0a
  const bom = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0
  const isFence = (start: number, end: number) => {
    if (end - start < 3 || buf[start] !== 0x2d || buf[start + 1] !== 0x2d || buf[start + 2] !== 0x2d)
      return false
    for (let i = start + 3; i < end; i++)
      if (buf[i] !== 0x20 && buf[i] !== 0x09 && buf[i] !== 0x0d) return false
    return true
  }
  const lineEnd = (start: number) => {
    const i = buf.indexOf(NL, start)
    return i < 0 ? buf.length : i
  }
  let at = bom
  let end = lineEnd(at)
  if (isFence(at, end)) {
    // The closing fence: every line of the front matter is read anyway.
    for (;;) {
      if (end >= buf.length) return buf.length
      at = end + 1
      end = lineEnd(at)
      if (isFence(at, end)) break
    }
  } else lines--
  for (let i = 0; i < lines && end < buf.length; i++) end = lineEnd(end + 1)
  return end + 1
}

/**
 * A doc's markdown is read by its Markdown twin only, after every page is rendered: a build reads it
 * from the file again then rather than holding the markdown of every doc meanwhile (the file is the
 * same: a build is over in one go). So is the hash of its text, which only a translation that
 * records its source's asks for (most builds never do). serve keeps both: a file may change while
 * serve runs. Not enumerable, so walks over the parse results (the placeholder fill) do not read
 * every file again.
 */
export function readTextLater(doc: ParsedDoc, source: SourceFile, bodyLine: number): void {
  Object.defineProperty(doc, 'body', {
    enumerable: false,
    get: () => fromLine(readText(source, []) ?? '', bodyLine),
  })
  let hash: string | undefined
  Object.defineProperty(doc, 'contentHash', {
    enumerable: false,
    get: () => (hash ??= contentHash(readText(source, []) ?? '')),
  })
}

/** The text from its `line`th line (1-based) on; '' past its end. */
export function fromLine(text: string, line: number): string {
  let at = 0
  for (let i = 1; i < line; i++) {
    const end = text.indexOf('\n', at)
    if (end < 0) return ''
    at = end + 1
  }
  return text.slice(at)
}
