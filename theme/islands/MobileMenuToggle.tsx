import { useEffect, useRef, useState } from 'react'
import { EXPANDS_IN_PLACE } from './expands-in-place.js'

export interface MobileMenuToggleProps {
  openLabel: string
  closeLabel: string
}

const DESKTOP = '(min-width: 997px)'
const FOCUSABLE = 'a[href], button, summary, input, select, textarea, [tabindex]:not([tabindex="-1"])'

/** What Tab can reach in the drawer now (hidden menus and closed sub-menus excluded). */
function focusables(panel: Element): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0)
}

/** Tab from the last item goes to the first, Shift+Tab from the first to the last. */
function trapTab(e: KeyboardEvent, panel: Element) {
  const all = focusables(panel)
  if (all.length === 0) return
  const first = all[0]!
  const last = all[all.length - 1]!
  const inside = panel.contains(document.activeElement)
  if (e.shiftKey && (document.activeElement === first || !inside)) {
    e.preventDefault()
    last.focus()
  } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
    e.preventDefault()
    first.focus()
  }
}

/**
 * Opens the mobile drawer (server-rendered beside the navbar) as a modal dialog: focus moves into
 * it and Tab stays inside, the page behind does not scroll (CSS on html[data-menu-open]). Escape,
 * a link click and the close button close it and give focus back to this toggle; so does the
 * layout becoming desktop (above 996 px, spec §9).
 */
export function MobileMenuToggle({ openLabel, closeLabel }: MobileMenuToggleProps) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const root = document.documentElement
    root.toggleAttribute('data-menu-open', open)
    if (!open) return
    // The drawer's doc sidebar is a copy of the desktop one, made on first open.
    const slot = document.querySelector('.mobile-secondary [data-sidebar-clone]')
    const source = document.querySelector('.sidebar .sidebar-nav > .menu-list')
    if (slot && source && !slot.firstChild) slot.appendChild(source.cloneNode(true))
    const panel = document.querySelector('.mobile-drawer-panel')
    if (!panel) return
    const current = panel.querySelector<HTMLElement>('.menu-link.active:not(summary)')
    ;(current && current.getClientRects().length ? current : focusables(panel)[0])?.focus()
    const mq = window.matchMedia(DESKTOP)
    const close = () => {
      setOpen(false)
      button.current?.focus()
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close()
      else if (e.key === 'Tab') trapTab(e, panel)
    }
    const onClick = (e: MouseEvent) => {
      const t = e.target as Element
      if (t.closest(`.mobile-drawer a:not(${EXPANDS_IN_PLACE})`) || t.closest('[data-menu-close]')) close()
      // 'Back to main menu' hides the element that had focus: keep focus in the dialog.
      else if (t.closest('[data-menu-action]')) requestAnimationFrame(() => focusables(panel)[0]?.focus())
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
      ref={button}
      type="button"
      className="menu-toggle icon-button"
      aria-label={open ? closeLabel : openLabel}
      aria-expanded={open}
      aria-controls="mobile-drawer"
      aria-haspopup="dialog"
      onClick={() => setOpen((o) => !o)}
    >
      <svg width="24" height="24" viewBox="0 0 30 30" aria-hidden="true">
        <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
      </svg>
    </button>
  )
}
