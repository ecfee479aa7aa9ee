import { useEffect, useState } from 'react'
import { getStorage, THEME_KEY } from './storage.js'

export interface ColorModeToggleProps {
  labels: { toggle: string; light: string; dark: string }
}

type Mode = 'light' | 'dark'
const apply = (mode: Mode) => document.documentElement.setAttribute('data-theme', mode)
const read = (v: string | null): Mode => (v === 'dark' ? 'dark' : 'light')

/**
 * Light by default, the system scheme ignored (spec §4). A click switches and persists under
 * 'theme'; Alt+click resets (removes the stored value); other tabs follow through storage events.
 */
export function ColorModeToggle({ labels }: ColorModeToggleProps) {
  const [mode, setMode] = useState<Mode>('light')
  useEffect(() => {
    setMode(read(document.documentElement.getAttribute('data-theme')))
    const onStorage = (e: StorageEvent) => {
      if (e.key !== THEME_KEY && e.key !== null) return
      const next = read(e.key === null ? null : e.newValue)
      apply(next)
      setMode(next)
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])
  const onClick = (e: React.MouseEvent) => {
    const storage = getStorage()
    if (e.altKey) {
      storage.removeItem(THEME_KEY)
      apply('light')
      setMode('light')
      return
    }
    const next: Mode = mode === 'dark' ? 'light' : 'dark'
    storage.setItem(THEME_KEY, next)
    apply(next)
    setMode(next)
  }
  const label = labels.toggle.replace('{mode}', mode === 'dark' ? labels.dark : labels.light)
  return (
    <button
      type="button"
      className="color-toggle icon-button"
      onClick={onClick}
      title={label}
      aria-label={label}
      aria-live="polite"
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className="icon-light">
        <path
          fill="currentColor"
          d="M12 7a5 5 0 100 10 5 5 0 000-10zM2 13h2a1 1 0 000-2H2a1 1 0 000 2zm18 0h2a1 1 0 000-2h-2a1 1 0 000 2zM11 2v2a1 1 0 002 0V2a1 1 0 00-2 0zm0 18v2a1 1 0 002 0v-2a1 1 0 00-2 0zM5.99 4.58a1 1 0 10-1.41 1.41l1.06 1.06a1 1 0 101.41-1.41L5.99 4.58zm12.37 12.37a1 1 0 10-1.41 1.41l1.06 1.06a1 1 0 101.41-1.41l-1.06-1.06zm1.06-10.96a1 1 0 10-1.41-1.41l-1.06 1.06a1 1 0 101.41 1.41l1.06-1.06zM7.05 18.36a1 1 0 10-1.41-1.41l-1.06 1.06a1 1 0 101.41 1.41l1.06-1.06z"
        />
      </svg>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className="icon-dark">
        <path
          fill="currentColor"
          d="M9.37 5.51A7.35 7.35 0 009.1 7.5c0 4.08 3.32 7.4 7.4 7.4.68 0 1.35-.09 1.99-.27A7.014 7.014 0 0112 19c-3.86 0-7-3.14-7-7 0-2.93 1.81-5.45 4.37-6.49zM12 3a9 9 0 109 9c0-.46-.04-.92-.1-1.36a5.389 5.389 0 01-4.4 2.26 5.403 5.403 0 01-3.14-9.8c-.44-.06-.9-.1-1.36-.1z"
        />
      </svg>
    </button>
  )
}
