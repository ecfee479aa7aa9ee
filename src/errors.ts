import type { Diagnostic, DiagnosticCode, SourceLocation } from './types.js'

/** Exit codes of the error contract: 1 content/build error, 2 broken links, 3 bad config. */
export const EXIT = { ok: 0, content: 1, links: 2, config: 3 } as const

/** A user's mistake (or several): printed as diagnostics, never with a stack. */
export class DocsSiteError extends Error {
  readonly diagnostics: readonly Diagnostic[]
  readonly exitCode: number
  constructor(diagnostics: readonly Diagnostic[], exitCode: number) {
    super(diagnostics.map((d) => d.message).join('\n'))
    this.diagnostics = diagnostics
    this.exitCode = exitCode
  }
}

/** Collects diagnostics across a whole build, so every problem is reported at once. */
export class Diagnostics {
  readonly #list: Diagnostic[] = []
  readonly #once = new Set<string>()
  add(d: Diagnostic): void {
    if (d.once !== undefined) {
      if (this.#once.has(d.once)) return
      this.#once.add(d.once)
    }
    this.#list.push(d)
  }
  error(code: DiagnosticCode, message: string, at?: SourceLocation, extra: Partial<Diagnostic> = {}): void {
    this.add({ severity: 'error', code, message, at, ...extra })
  }
  warn(code: DiagnosticCode, message: string, at?: SourceLocation, extra: Partial<Diagnostic> = {}): void {
    this.add({ severity: 'warning', code, message, at, ...extra })
  }
  list(): readonly Diagnostic[] {
    return [...this.#list]
  }
  errors(): Diagnostic[] {
    return this.#list.filter((d) => d.severity === 'error')
  }
  /** Throws when an error was collected; broken links alone give exit 2, config errors 3. */
  throwIfErrors(): void {
    const errors = this.errors()
    if (errors.length === 0) return
    const code = errors.every((d) => d.code === 'broken-link')
      ? EXIT.links
      : errors.every((d) => d.code === 'config')
        ? EXIT.config
        : EXIT.content
    throw new DocsSiteError(this.#list, code)
  }
}

/** `path:line:col: severity: message [code]`, then a code frame and a hint when known. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.at
    ? [d.at.file, d.at.line, d.at.line ? (d.at.column ?? 1) : undefined]
        .filter((x) => x !== undefined)
        .join(':') + ': '
    : ''
  let out = `${where}${d.severity}: ${d.message} [${d.code}]`
  if (d.source !== undefined && d.at?.line) out += '\n' + codeFrame(d.source, d.at.line, d.at.column)
  if (d.hint) out += `\n    hint: ${d.hint}`
  return out
}

/** Two lines of context around `line`, a caret under `column` (Vite's generateCodeFrame, smaller). */
export function codeFrame(source: string, line: number, column = 1): string {
  const lines = source.split(/\r?\n/)
  const from = Math.max(1, line - 2)
  const to = Math.min(lines.length, line + 1)
  const width = String(to).length
  const out: string[] = []
  for (let n = from; n <= to; n++) {
    out.push(`  ${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`)
    if (n === line) out.push(`    ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`)
  }
  return out.join('\n')
}

/** The closing summary: `N errors, M warnings`. */
export function summarize(diagnostics: readonly Diagnostic[]): string {
  const e = diagnostics.filter((d) => d.severity === 'error').length
  const w = diagnostics.length - e
  return `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}`
}

/** A config file esbuild could not bundle (a syntax error, a missing import): exit 3, with where. */
export function configBundleError(err: unknown, file: string): DocsSiteError {
  // esbuild's BuildFailure, read by shape: this module does not import esbuild.
  const failure = err as { errors?: Array<{ text: string; location?: BundleLocation | null }> }
  const diags: Diagnostic[] = (failure.errors ?? []).map((m) => ({
    severity: 'error',
    code: 'config',
    message: m.text,
    at: m.location
      ? { file: m.location.file, line: m.location.line, column: m.location.column + 1 }
      : { file },
  }))
  return new DocsSiteError(
    diags.length ? diags : [{ severity: 'error', code: 'config', message: String(err), at: { file } }],
    EXIT.config,
  )
}

interface BundleLocation {
  file: string
  line: number
  column: number
}
