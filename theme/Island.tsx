import { createElement, type FunctionComponent, type ReactElement } from 'react'
import { islands, type IslandName } from './islands/index.js'

/**
 * Server side of an island: renders the component and serialises its props, which the client
 * hydrates with the same props. React escapes the attribute, so no `</script>` or U+2028 concerns.
 */
export function Island<N extends IslandName>(props: {
  name: N
  props: Parameters<(typeof islands)[N]>[0]
  className?: string
}): ReactElement {
  const Component = islands[props.name] as FunctionComponent<object>
  return (
    <div
      data-island={props.name}
      data-props={JSON.stringify(props.props)}
      className={`island${props.className ? ` ${props.className}` : ''}`}
    >
      {createElement(Component, props.props as object)}
    </div>
  )
}
