import type { OverlayDiagnostic } from './live-reload.js'
import { escapeHtml } from '../text.js'

/**
 * The page `serve` answers with before its first good build: "building…", or the errors of a
 * failed first build (readable without JavaScript; the overlay shows them too). The live-reload
 * client turns it into the site as soon as a build succeeds.
 */
export function statusPage(title: string, failure: readonly OverlayDiagnostic[] | undefined): string {
  const heading = failure ? 'The build failed' : 'Building…'
  const body = failure
    ? `<p>Fix the file and save: this page reloads by itself.</p>${failure.map((d) => `<pre>${escapeHtml(d.text)}</pre>`).join('')}`
    : '<p>The first build is running; this page reloads when it is done.</p>'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${failure ? 'Page Error' : escapeHtml(heading)} · ${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:3rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem;border-left:4px solid #c00}</style></head><body><main><h1>${escapeHtml(heading)}</h1>${body}</main></body></html>`
}
