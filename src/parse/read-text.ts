import fs from 'node:fs'
import type { Diagnostic, ParsedDoc, SourceFile } from '../types.js'

/** UTF-8 text with BOM and CRLF normalised, or a diagnostic for binary, invalid or empty files. */
export function readText(
  source: Pick<SourceFile, 'absPath' | 'file'>,
  diagnostics: Diagnostic[],
): string | undefined {
  let buf: Buffer
  try {
    buf = fs.readFileSync(source.absPath)
  } catch (err) {
    diagnostics.push({
      severity: 'error',
      code: 'encoding',
      message: `cannot read file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      at: { file: source.file },
    })
    return undefined
  }
  if (buf.includes(0)) {
    diagnostics.push({
      severity: 'error',
      code: 'encoding',
      message: 'file is binary (contains NUL bytes), not markdown',
      at: { file: source.file },
    })
    return undefined
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf)
  } catch {
    const bad = buf.toString('latin1').split('\n')
    const line = bad.findIndex((l) => !isUtf8(Buffer.from(l, 'latin1'))) + 1
    diagnostics.push({
      severity: 'error',
      code: 'encoding',
      message: 'file is not valid UTF-8',
      at: { file: source.file, line: line || 1, column: 1 },
      hint: 're-save the file as UTF-8',
    })
    return undefined
  }
  if (text.trim() === '' || text === '\uFEFF') {
    diagnostics.push({
      severity: 'warning',
      code: 'encoding',
      message: 'file is empty and was skipped',
      at: { file: source.file },
    })
    return undefined
  }
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
}

const isUtf8 = (b: Buffer) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b)
    return true
  } catch {
    return false
  }
}

/**
 * A doc's markdown is read by its Markdown twin only, after every page is rendered: a build reads it
 * from the file again then rather than holding the markdown of every doc meanwhile (the file is the
 * same: a build is over in one go). serve keeps it: a file may change while serve runs. Not
 * enumerable, so walks over the parse results (the placeholder fill) do not read every file again.
 */
export function readBodyLater(doc: ParsedDoc, source: SourceFile, bodyLine: number): void {
  Object.defineProperty(doc, 'body', {
    enumerable: false,
    get: () =>
      (readText(source, []) ?? '')
        .split('\n')
        .slice(bodyLine - 1)
        .join('\n'),
  })
}
