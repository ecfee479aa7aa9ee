import { formatDiagnostic } from './errors.js'
import type { Diagnostic } from './types.js'

/**
 * How `build` and `check-links` print their diagnostics, for a terminal or for CI:
 * - `text`: `path:line:col: severity: message [rule]` with a code frame, on stderr;
 * - `github`: the same, plus a `::error file=…,line=…,col=…::` workflow command per diagnostic on
 *   stdout, which GitHub Actions shows on the pull request's diff line (the default when
 *   `GITHUB_ACTIONS=true`);
 * - `json`: one JSON document on stdout listing every diagnostic (file, line, column, severity,
 *   rule, message), as lychee's and linkinator's JSON reports do;
 * - `junit`: a JUnit XML report on stdout, one test case per page, for CI dashboards.
 * In `json` and `junit`, progress and summary lines go to stderr so stdout stays parseable.
 */
export const FORMATS = ['text', 'json', 'github', 'junit'] as const
export type Format = (typeof FORMATS)[number]

/** The default format: `github` under GitHub Actions, `text` elsewhere. */
export function defaultFormat(env: NodeJS.ProcessEnv = process.env): Format {
  return env.GITHUB_ACTIONS === 'true' ? 'github' : 'text'
}

/** A page of the run, for JUnit's one-test-case-per-page: its name and the file diagnostics name. */
export interface ReportPage {
  readonly name: string
  readonly file: string | undefined
}

export interface Reporter {
  readonly format: Format
  /** Prints a line meant for a human (progress, the summary) where it does not spoil stdout. */
  info(line: string): void
  /** Prints every diagnostic of the run at once; `pages` are the pages checked, when known. */
  diagnostics(list: readonly Diagnostic[], pages?: readonly ReportPage[]): void
}

export interface ReporterIO {
  readonly out: (text: string) => void
  readonly err: (text: string) => void
}

const consoleIO: ReporterIO = { out: (t) => console.log(t), err: (t) => console.error(t) }

export function createReporter(format: Format, command: string, io: ReporterIO = consoleIO): Reporter {
  const machine = format === 'json' || format === 'junit'
  return {
    format,
    info: (line) => (machine ? io.err(line) : io.out(line)),
    diagnostics(list, pages = []) {
      if (format === 'json') return io.out(toJson(command, list))
      if (format === 'junit') return io.out(toJunit(command, list, pages))
      const shown = fewPerGroup(list)
      for (const d of shown.list) io.err(formatDiagnostic(d))
      for (const [group, n] of shown.left)
        io.err(`… and ${n} more ${n === 1 ? 'page' : 'pages'} with ${group} (--format json lists every one)`)
      if (format === 'github') for (const d of shown.list) io.out(toGithub(d))
    },
  }
}

/** Diagnostics of a group (`Diagnostic.group`) the text report shows; the rest are counted. */
const SHOWN_PER_GROUP = 10

/** The diagnostics to show, at most `SHOWN_PER_GROUP` of each group, and how many each group leaves. */
function fewPerGroup(list: readonly Diagnostic[]): { list: Diagnostic[]; left: Map<string, number> } {
  const seen = new Map<string, number>()
  const left = new Map<string, number>()
  const shown = list.filter((d) => {
    if (!d.group) return true
    const n = (seen.get(d.group) ?? 0) + 1
    seen.set(d.group, n)
    if (n <= SHOWN_PER_GROUP) return true
    left.set(d.group, (left.get(d.group) ?? 0) + 1)
    return false
  })
  return { list: shown, left }
}

/** A diagnostic as plain fields, the shape of the JSON report. */
export function diagnosticRecord(d: Diagnostic) {
  return {
    file: d.at?.file ?? null,
    line: d.at?.line ?? null,
    column: d.at?.line ? (d.at.column ?? 1) : null,
    severity: d.severity,
    rule: d.code,
    message: d.message,
    ...(d.hint ? { hint: d.hint } : {}),
  }
}

function toJson(command: string, list: readonly Diagnostic[]): string {
  const errors = list.filter((d) => d.severity === 'error').length
  const report = {
    tool: 'docs-site',
    command,
    errors,
    warnings: list.length - errors,
    diagnostics: list.map(diagnosticRecord),
  }
  return JSON.stringify(report, null, 2)
}

// GitHub's workflow-command escaping: data escapes %, CR and LF; property values also : and ,.
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')

/** `::error file=…,line=…,col=…,title=…::message` (GitHub's annotation syntax). */
export function toGithub(d: Diagnostic): string {
  const props: string[] = []
  if (d.at?.file) props.push(`file=${escapeProperty(d.at.file)}`)
  if (d.at?.line) props.push(`line=${d.at.line}`, `col=${d.at.column ?? 1}`)
  props.push(`title=${escapeProperty(`docs-site ${d.code}`)}`)
  const message = d.hint ? `${d.message}\nhint: ${d.hint}` : d.message
  return `::${d.severity} ${props.join(',')}::${escapeData(message)}`
}

const escapeXml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Control characters other than tab and newlines are not allowed in XML 1.0.
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '')

/**
 * One test case per page: it fails when an error names the page's file; warnings go to its
 * system-out. Diagnostics naming a file that is not a page get a test case of their own (per
 * file), and those naming no file one called `site`.
 */
function toJunit(command: string, list: readonly Diagnostic[], pages: readonly ReportPage[]): string {
  const cases = new Map<string, { name: string; file: string | undefined; diags: Diagnostic[] }>()
  const byFile = new Map<string, string>()
  for (const p of pages) {
    if (!cases.has(p.name)) cases.set(p.name, { name: p.name, file: p.file, diags: [] })
    if (p.file && !byFile.has(p.file)) byFile.set(p.file, p.name)
  }
  for (const d of list) {
    const file = d.at?.file
    const name = (file && byFile.get(file)) ?? file ?? 'site'
    if (!cases.has(name)) cases.set(name, { name, file, diags: [] })
    cases.get(name)!.diags.push(d)
  }
  const failures = [...cases.values()].filter((c) => c.diags.some((d) => d.severity === 'error')).length
  const body = [...cases.values()].map((c) => {
    const attrs = `classname="docs-site.${command}" name="${escapeXml(c.name)}"${c.file ? ` file="${escapeXml(c.file)}"` : ''}`
    const errors = c.diags.filter((d) => d.severity === 'error')
    const warnings = c.diags.filter((d) => d.severity === 'warning')
    if (!c.diags.length) return `    <testcase ${attrs}/>`
    const inner: string[] = []
    if (errors.length) {
      const text = errors.map((d) => escapeXml(formatDiagnostic({ ...d, source: undefined }))).join('\n')
      inner.push(
        `      <failure message="${escapeXml(errors[0]!.message)}" type="${errors[0]!.code}">${text}</failure>`,
      )
    }
    if (warnings.length)
      inner.push(
        `      <system-out>${warnings.map((d) => escapeXml(formatDiagnostic({ ...d, source: undefined }))).join('\n')}</system-out>`,
      )
    return `    <testcase ${attrs}>\n${inner.join('\n')}\n    </testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="docs-site ${command}" tests="${cases.size}" failures="${failures}">`,
    `  <testsuite name="docs-site ${command}" tests="${cases.size}" failures="${failures}" errors="0">`,
    ...body,
    '  </testsuite>',
    '</testsuites>',
  ].join('\n')
}
