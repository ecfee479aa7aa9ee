import { createContext, createElement, useContext, useId, useState, type ReactNode } from 'react'

// Pages are rendered on the server by React and hydrated in the browser by Preact (through
// preact/compat, see theme/runtime.ts). Their `useId` hooks make different ids ('_R_1_' against
// 'P0-0'), and hydration keeps the server's attributes, so an id made again in the browser (a list
// shown after the first render, a label pointing at it) would not match the one in the page.
// Inside an island, ids come from the island's own prefix, chosen by the server and written on the
// island's element (`data-island-id`), and a counter in render order: both sides count alike.

interface IdScope {
  readonly prefix: string
  next: number
}

const IdScopeContext = createContext<IdScope | undefined>(undefined)

/** Gives the islands inside it ids starting with `prefix` (the same on the server and in the browser). */
export function IslandIdScope(props: { prefix: string; children?: ReactNode }) {
  const [scope] = useState<IdScope>(() => ({ prefix: props.prefix, next: 0 }))
  return createElement(IdScopeContext.Provider, { value: scope }, props.children)
}

/**
 * An id unique on the page and equal on the server and after hydration; it stays the same for
 * the component's lifetime. Outside an island (a component rendered only on the server), React's.
 */
export function useIslandId(): string {
  const scope = useContext(IdScopeContext)
  const fallback = useId()
  const [id] = useState(() => (scope ? `${scope.prefix}${scope.next++}` : fallback))
  return id
}

/** The attribute a server-rendered island carries its id prefix in. */
export const ISLAND_ID_ATTRIBUTE = 'data-island-id'

/** A prefix for an island's ids from the server's own `useId`: letters, digits, '_' and '-'. */
export function idPrefix(serverId: string): string {
  return `i${serverId.replace(/[^\w-]/g, '')}-`
}
