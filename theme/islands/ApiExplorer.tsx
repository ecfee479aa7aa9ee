import { lazy, Suspense, useState } from 'react'
import type { ExplorerProps } from '../../src/types.js'
import type { ExplorerLabels } from './explorer/labels.js'

export type { ExplorerLabels } from './explorer/labels.js'

export type ApiExplorerProps = ExplorerProps & { labels: ExplorerLabels }

// The form, fetch, signatures and response view load only when a reader opens the explorer: their
// own chunk, so an API page's first-load JS does not grow with them (the panel also hands the focus
// back to the button when it closes).
const Panel = lazy(() => import('./ExplorerPanel.js').then((m) => ({ default: m.ExplorerPanel })))

/** 'Send request': opens the request explorer for this operation. */
export function ApiExplorer(props: ApiExplorerProps) {
  const [open, setOpen] = useState(false)
  if (!open) {
    return (
      <p className="explorer-open">
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {props.labels.send}
        </button>
      </p>
    )
  }
  return (
    <Suspense fallback={<p className="muted">{props.labels.sending}</p>}>
      <Panel {...props} onClose={() => setOpen(false)} />
    </Suspense>
  )
}
