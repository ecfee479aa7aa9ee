import { formatDiagnostic } from '../errors.js'
import type { Diagnostic } from '../types.js'
import type { LiveMessage, LiveReload, OverlayDiagnostic } from './live-reload.js'

/**
 * What serve has to say about the site: each problem printed once in the terminal, and the
 * errors shown in the browsers' overlay. A failed revision's errors stay until a good one; a
 * page's own problems (a broken link on the page being previewed) stay until the next revision.
 */
export interface Problems {
  /** The errors of the last failed revision (the overlay's and the status page's). */
  readonly failure: () => OverlayDiagnostic[] | undefined
  /** The message a browser that connects now gets first. */
  readonly hello: (revision: number) => LiveMessage
  /** A good revision: its warnings printed (the new ones; none for a page's text), the overlay cleared. */
  revision(diagnostics?: readonly Diagnostic[]): void
  /** A failed revision: printed, and shown in every browser. */
  failed(diagnostics: readonly Diagnostic[], revision: number): void
  /** Problems of a page rendered in this revision: printed once, errors to the overlay. */
  page(diagnostics: readonly Diagnostic[], revision: number): void
  /** Problems in docs' bodies found by a background pass (kept printed across revisions). */
  bodies(texts: ReadonlySet<string>): void
}

export function createProblems(logError: (line: string) => void, live: () => LiveReload): Problems {
  let failure: OverlayDiagnostic[] | undefined
  let printed = new Set<string>()
  let bodyTexts: ReadonlySet<string> = new Set()
  const pageErrors = new Map<string, OverlayDiagnostic>()
  const printNew = (diagnostics: readonly Diagnostic[]) => {
    const texts = diagnostics.map(formatDiagnostic)
    for (const t of texts) if (!printed.has(t)) logError(t)
    printed = new Set([...texts, ...bodyTexts])
  }
  return {
    failure: () => failure,
    hello(revision) {
      const diagnostics = [...(failure ?? []), ...pageErrors.values()]
      return { type: 'init', revision, ...(diagnostics.length ? { diagnostics } : {}) }
    },
    revision(diagnostics) {
      failure = undefined
      pageErrors.clear()
      if (diagnostics) printNew(diagnostics)
    },
    failed(diagnostics, revision) {
      printNew(diagnostics)
      failure = diagnostics.filter((d) => d.severity === 'error').map(toOverlay)
      live().broadcast({ type: 'error', revision, diagnostics: failure })
    },
    page(diagnostics, revision) {
      for (const text of diagnostics.map(formatDiagnostic))
        if (!printed.has(text)) {
          printed.add(text)
          logError(text)
        }
      const errors = diagnostics.filter((d) => d.severity === 'error').map(toOverlay)
      const fresh = errors.filter((o) => !pageErrors.has(o.text))
      if (fresh.length === 0) return
      for (const o of fresh) pageErrors.set(o.text, o)
      live().broadcast({ type: 'error', revision, diagnostics: [...pageErrors.values()] })
    },
    bodies(texts) {
      bodyTexts = texts
    },
  }
}

export function toOverlay(d: Diagnostic): OverlayDiagnostic {
  const where = d.at
    ? [d.at.file, d.at.line, d.at.line ? (d.at.column ?? 1) : undefined]
        .filter((x) => x !== undefined)
        .join(':')
    : ''
  return { severity: d.severity, where, message: d.message, code: d.code, text: formatDiagnostic(d) }
}
