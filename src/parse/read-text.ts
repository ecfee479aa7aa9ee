import fs from 'node:fs'
import type { Diagnostic, ParsedDoc, SourceFile } from '../types.js'
import { contentHash } from '../translation.js'

/** UTF-8 text with BOM and CRLF normalised, or a diagnostic for binary, invalid or empty files. */
export function readText(
  source: Pick<SourceFile, 'absPath' | 'file'>,
  diagnostics: Diagnostic[],
): string | undefined {
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
  let text: string
  try {
    text = UTF8.decode(buf)
  } catch {
    const bad = buf.toString('latin1').split('\n')
    const line = bad.findIndex((l) => !isUtf8(Buffer.from(l, 'latin1'))) + 1
    const hint = 're-save the file as UTF-8'
    return refuse({ severity: 'error', message: 'file is not valid UTF-8', hint }, line || 1)
  }
  if (text.trim() === '' || text === '\uFEFF')
    return refuse({ severity: 'warning', message: 'file is empty and was skipped' })
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  return unmarked.includes('\r') ? unmarked.replace(/\r\n?/g, '\n') : unmarked
}

/** One decoder for every file (each decode starts afresh); invalid UTF-8 throws. */
const UTF8 = new TextDecoder('utf-8', { fatal: true })

const isUtf8 = (b: Buffer) => {
  try {
    UTF8.decode(b)
    return true
  } catch {
    return false
  }
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
function fromLine(text: string, line: number): string {
  let at = 0
  for (let i = 1; i < line; i++) {
    const end = text.indexOf('\n', at)
    if (end < 0) return ''
    at = end + 1
  }
  return text.slice(at)
}
