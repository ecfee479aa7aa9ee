// What `docs-site serve` says to the live-reload client in the browser (theme/dev-client.ts),
// over its WebSocket, as JSON. One definition for both ends: src/serve/live-reload.ts sends them.

/** One problem as the browser overlay shows it. */
export interface OverlayDiagnostic {
  readonly severity: 'error' | 'warning'
  /** `path:line:col` (as much as is known), or '' */
  readonly where: string
  readonly message: string
  readonly code: string
  /** The whole formatted diagnostic: location, message, code frame, hint. */
  readonly text: string
}

/** Server → browser messages. The browser never sends anything that is read. */
export type LiveMessage =
  | { readonly type: 'init'; readonly revision: number; readonly diagnostics?: readonly OverlayDiagnostic[] }
  | {
      readonly type: 'reload'
      readonly revision: number
      /**
       * The URL paths whose pages changed, when a save changed only some pages; a browser showing
       * another page stays as it is. Absent: every page reloads.
       */
      readonly paths?: readonly string[]
    }
  | { readonly type: 'error'; readonly revision: number; readonly diagnostics: readonly OverlayDiagnostic[] }
