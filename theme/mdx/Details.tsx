import { isValidElement, type ComponentProps, type ReactNode } from 'react'

/** Docusaurus's `<Details>`: the same markup at build time and in an island in the browser. */
export function Details(props: ComponentProps<'details'> & { summary?: ReactNode }) {
  const { summary, children, ...rest } = props
  return (
    <details {...rest} className={`details${rest.className ? ` ${rest.className}` : ''}`}>
      {summary !== undefined && (isValidElement(summary) ? summary : <summary>{summary}</summary>)}
      {children}
    </details>
  )
}
