import { useEffect, useRef, useState } from 'react'
import { useIslandId } from './island-id.js'
import type { LinkView } from '../../src/types.js'
import { getStorage, PREFERRED_VERSION_KEY } from './storage.js'

export interface NavbarDropdownProps {
  label: string
  items: LinkView[]
  variant: 'plain' | 'locale' | 'version'
  active: boolean
}

/**
 * A disclosure menu: Enter/Space/click open it, arrows move, Escape closes and returns focus to the
 * button; an outside click, touch or focus change closes it.
 */
export function NavbarDropdown({ label, items, variant, active }: NavbarDropdownProps) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const id = useIslandId()
  useCloseOnOutside(root, open, () => setOpen(false))
  const links = () => [...(root.current?.querySelectorAll<HTMLAnchorElement>('.dropdown-menu a') ?? [])]
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault()
      setOpen(false)
      button.current?.focus()
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      if (!open) setOpen(true)
      requestAnimationFrame(() => {
        const list = links()
        const at = list.indexOf(document.activeElement as HTMLAnchorElement)
        const next = e.key === 'ArrowDown' ? (at + 1) % list.length : (at - 1 + list.length) % list.length
        list[at < 0 ? 0 : next]?.focus()
      })
    }
  }
  const onItemClick = (e: React.MouseEvent<HTMLAnchorElement>) => {
    followItem(variant, e.currentTarget)
    setOpen(false)
  }
  return (
    <div
      className={`navbar-item dropdown${open ? ' dropdown-open' : ''}${active ? ' active' : ''}`}
      ref={root}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className="navbar-link dropdown-toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={id}
        ref={button}
        onClick={() => setOpen((o) => !o)}
      >
        {variant === 'locale' && (
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="dropdown-icon">
            <path
              fill="currentColor"
              d="M12.87 15.07l-2.54-2.51.03-.03A17.52 17.52 0 0014.07 6H17V4h-7V2H8v2H1v2h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11.76-2.04zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2l-4.5-12zm-2.62 7l1.62-4.33L19.12 17h-3.24z"
            />
          </svg>
        )}
        {label}
      </button>
      <ul className="dropdown-menu" id={id} hidden={!open}>
        {items.map((item) => (
          <li key={item.href + item.label}>
            <a
              href={item.href}
              className={item.active ? 'active' : undefined}
              aria-current={item.active ? 'true' : undefined}
              lang={item.lang}
              hrefLang={item.lang}
              data-version={item.version}
              data-keep-hash={item.keepHash ? '' : undefined}
              onClick={onItemClick}
              {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Closes the menu on a click, touch or focus outside it while it is open. */
function useCloseOnOutside(root: React.RefObject<HTMLDivElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return
    const outside = (e: Event) => {
      if (root.current && !root.current.contains(e.target as Node)) close()
    }
    const events = ['mousedown', 'touchstart', 'focusin'] as const
    for (const type of events) document.addEventListener(type, outside)
    return () => {
      for (const type of events) document.removeEventListener(type, outside)
    }
  }, [open])
}

/**
 * Before a menu's link is followed: switching language keeps the query and the hash (the hash is
 * only ever used as a URL); a version switch to this page's twin keeps the reader's place
 * (#section), and the chosen version is remembered.
 */
function followItem(variant: NavbarDropdownProps['variant'], a: HTMLAnchorElement) {
  if (variant === 'locale') {
    const target = new URL(a.href, location.href)
    if (target.origin === location.origin) {
      target.search = location.search
      target.hash = location.hash
      a.href = target.pathname + target.search + target.hash
    }
  }
  if (variant === 'version' && a.dataset.keepHash !== undefined && location.hash) {
    const target = new URL(a.href, location.href)
    target.hash = location.hash
    a.href = target.pathname + target.search + target.hash
  }
  const chosen = a.dataset.version
  if (variant === 'version' && chosen) getStorage().setItem(PREFERRED_VERSION_KEY, chosen)
}
