import { createElement, useId, type FunctionComponent, type ReactElement } from 'react'
import { islands, type IslandName } from './islands/index.js'
import { IslandIdScope, idPrefix } from './islands/island-id.js'

/**
 * Server side of an island: renders the component and serialises its props, which the client
 * hydrates with the same props. React escapes the attribute, so no `</script>` or U+2028 concerns.
 * `data-island-id` is the prefix of the ids inside it, which the browser makes again the same way.
 */
export function Island<N extends IslandName>(props: {
  name: N
  props: Parameters<(typeof islands)[N]>[0]
  className?: string
}): ReactElement {
  const Component = islands[props.name] as FunctionComponent<object>
  const prefix = idPrefix(useId())
  return (
    <div
      data-island={props.name}
      data-props={JSON.stringify(props.props)}
      data-island-id={prefix}
      className={`island${props.className ? ` ${props.className}` : ''}`}
    >
      <IslandIdScope prefix={prefix}>{createElement(Component, props.props as object)}</IslandIdScope>
    </div>
  )
}
