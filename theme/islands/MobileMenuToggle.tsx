import { useEffect, useState } from 'react'

export interface MobileMenuToggleProps {
  openLabel: string
  closeLabel: string
}

const DESKTOP = '(min-width: 997px)'

/**
 * Opens the mobile drawer (server-rendered beside the navbar) by flagging <html>; closes it on
 * Escape, on a link click, and when the layout becomes desktop (above 996 px, spec §9).
 */
export function MobileMenuToggle({ openLabel, closeLabel }: MobileMenuToggleProps) {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const root = document.documentElement
    root.toggleAttribute('data-menu-open', open)
    if (!open) return
    // The drawer's doc sidebar is a copy of the desktop one, made on first open.
    const slot = document.querySelector('.mobile-secondary [data-sidebar-clone]')
    const source = document.querySelector('.sidebar .sidebar-nav > .menu-list')
    if (slot && source && !slot.firstChild) slot.appendChild(source.cloneNode(true))
    const mq = window.matchMedia(DESKTOP)
    const close = () => setOpen(false)
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close()
    const onClick = (e: MouseEvent) => {
      const t = e.target as Element
      if (t.closest('.mobile-drawer a:not([data-category-toggle])') || t.closest('[data-menu-close]')) close()
    }
    mq.addEventListener('change', close)
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    return () => {
      mq.removeEventListener('change', close)
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
    }
  }, [open])
  return (
    <button
      type="button"
      className="menu-toggle icon-button"
      aria-label={open ? closeLabel : openLabel}
      aria-expanded={open}
      aria-controls="mobile-drawer"
      onClick={() => setOpen((o) => !o)}
    >
      <svg width="24" height="24" viewBox="0 0 30 30" aria-hidden="true">
        <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
      </svg>
    </button>
  )
}
