import type { ReactNode } from 'react'

export interface TabItem {
  id: string
  /** What the choice is remembered as ('curl'); defaults to the id. */
  key?: string
  label: ReactNode
  content: ReactNode
}

/**
 * Server-rendered tabs. Without JavaScript every panel shows, one after another, each with its own
 * label; the client (theme/client/tabs.ts) then hides the inactive ones and wires the tab list.
 * `group` panels sharing a name (e.g. 'code-lang') switch together and remember the choice.
 */
export function Tabs({
  group,
  label,
  items,
  persist,
}: {
  group: string
  label: string
  items: readonly TabItem[]
  persist?: boolean
}) {
  return (
    <div className="tabs" data-tabs={group} data-persist={persist ? '' : undefined}>
      <div role="tablist" aria-label={label} className="tab-list">
        {items.map((item, i) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`tab-${item.id}`}
            aria-controls={`panel-${item.id}`}
            aria-selected={i === 0}
            tabIndex={i === 0 ? 0 : -1}
            data-tab={item.key ?? item.id}
            className="tab"
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`panel-${item.id}`}
          aria-labelledby={`tab-${item.id}`}
          className="tab-panel"
        >
          <p className="tab-panel-label">{item.label}</p>
          {item.content}
        </div>
      ))}
    </div>
  )
}
