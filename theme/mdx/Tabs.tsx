import { Children, isValidElement, useId, type ReactElement, type ReactNode } from 'react'

// Docusaurus's Tabs and TabItem, rendered as the markup of docs-site's code groups
// (theme/client/tabs.ts makes them tabs): every panel shows without JavaScript, labelled.
// `groupId` syncs every group of that id on the page and on later pages (localStorage key
// `docusaurus.tab.<groupId>`, as Docusaurus); `queryString` selects from `?<key>=value`.

export interface TabItemProps {
  readonly value: string
  readonly label?: string
  readonly default?: boolean
  readonly attributes?: Record<string, unknown>
  readonly className?: string
  readonly children?: ReactNode
}

export function TabItem(props: TabItemProps) {
  // Rendered by Tabs; alone it is its content.
  return <div className={props.className}>{props.children}</div>
}

export interface TabsProps {
  readonly groupId?: string
  readonly queryString?: boolean | string
  readonly defaultValue?: string | null
  readonly values?: ReadonlyArray<{ value: string; label?: string }>
  readonly className?: string
  readonly lazy?: boolean
  readonly children?: ReactNode
}

export function Tabs(props: TabsProps) {
  const id = useId().replace(/[^\w-]/g, '')
  const items = Children.toArray(props.children).filter(
    (c): c is ReactElement<TabItemProps> =>
      isValidElement(c) && typeof (c.props as TabItemProps).value === 'string',
  )
  const labelOf = (item: TabItemProps) =>
    props.values?.find((v) => v.value === item.value)?.label ?? item.label ?? item.value
  const chosen =
    props.defaultValue ?? items.find((i) => i.props.default)?.props.value ?? items[0]?.props.value
  const queryKey = props.queryString === true ? props.groupId : props.queryString || undefined
  return (
    <div
      className={`tabs mdx-tabs${props.className ? ` ${props.className}` : ''}`}
      data-group-id={props.groupId}
      data-query-string={queryKey}
      data-default={chosen ?? undefined}
    >
      <div role="tablist" className="tab-list">
        {items.map((item, i) => (
          <button
            key={item.props.value}
            type="button"
            role="tab"
            id={`tab-${id}-${i}`}
            aria-controls={`panel-${id}-${i}`}
            aria-selected={item.props.value === chosen}
            tabIndex={item.props.value === chosen ? 0 : -1}
            data-tab={item.props.value}
            className="tab"
          >
            {labelOf(item.props)}
          </button>
        ))}
      </div>
      {items.map((item, i) => (
        <div
          key={item.props.value}
          role="tabpanel"
          id={`panel-${id}-${i}`}
          aria-labelledby={`tab-${id}-${i}`}
          className={`tab-panel${item.props.className ? ` ${item.props.className}` : ''}`}
        >
          <p className="tab-panel-label">{labelOf(item.props)}</p>
          {item.props.children}
        </div>
      ))}
    </div>
  )
}
