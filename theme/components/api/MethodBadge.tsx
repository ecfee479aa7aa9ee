/** GET/POST/… pill; colours per method come from the stylesheet. */
export function MethodBadge({ method, small }: { method: string; small?: boolean }) {
  return (
    <span className={`method method-${method}${small ? ' method-small' : ''}`}>
      {method === 'delete' ? 'DEL' : method.toUpperCase()}
    </span>
  )
}
