import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { ExplorerProps } from '../../src/types.js'
import type { ExplorerLabels } from './explorer/labels.js'

export type { ExplorerLabels } from './explorer/labels.js'
export type ApiExplorerProps = ExplorerProps & { labels: ExplorerLabels }

// The form, fetch, signatures and response view load only when a reader opens the explorer
// (their own chunk: an API page's first-load JS does not grow with them).
const Panel = lazy(() => import('./ExplorerPanel.js').then((m) => ({ default: m.ExplorerPanel })))

/** 'Send request': opens the request explorer for this operation. */
export function ApiExplorer(props: ApiExplorerProps) {
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const closed = useRef(false)
  useEffect(() => {
    // Closing gives the focus back to the button that opened the panel.
    if (!open && closed.current) opener.current?.focus()
  }, [open])
  if (!open) {
    return (
      <p className="explorer-open">
        <button type="button" className="button" ref={opener} onClick={() => setOpen(true)}>
          {props.labels.send}
        </button>
      </p>
    )
  }
  return (
    <Suspense fallback={<p className="muted">{props.labels.sending}</p>}>
      <Panel
        {...props}
        onClose={() => {
          closed.current = true
          setOpen(false)
        }}
      />
    </Suspense>
  )
}
