import { useEffect, useState } from 'react'
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY, getStorage } from './storage.js'

export interface AnnouncementBarProps {
  id: string
  content: string
  backgroundColor?: string
  textColor?: string
  isCloseable?: boolean
  closeLabel: string
  /** Name of the region for screen readers. */
  label: string
}

/** Shown until dismissed; the dismissal is forgotten when the announcement id changes (spec §4). */
export function AnnouncementBar(props: AnnouncementBarProps) {
  const [dismissed, setDismissed] = useState(false)
  useEffect(() => {
    const storage = getStorage()
    if (storage.getItem(ANNOUNCEMENT_ID_KEY) !== props.id) {
      storage.setItem(ANNOUNCEMENT_ID_KEY, props.id)
      storage.removeItem(ANNOUNCEMENT_DISMISS_KEY)
    }
    const isDismissed = storage.getItem(ANNOUNCEMENT_DISMISS_KEY) === 'true'
    setDismissed(isDismissed)
    document.documentElement.toggleAttribute('data-announcement-dismissed', isDismissed)
  }, [props.id])
  if (dismissed) return null
  const close = () => {
    getStorage().setItem(ANNOUNCEMENT_DISMISS_KEY, 'true')
    document.documentElement.setAttribute('data-announcement-dismissed', '')
    setDismissed(true)
    // The button disappears with the bar: focus goes to the navbar's first control, the next
    // thing a keyboard reader would have reached, instead of falling back to the page's start.
    const controls = document.querySelectorAll<HTMLElement>('.navbar :is(a[href], button)')
    ;[...controls].find((el) => el.getClientRects().length > 0)?.focus()
  }
  return (
    <section
      className="announcement-bar"
      aria-label={props.label}
      style={{ backgroundColor: props.backgroundColor, color: props.textColor }}
    >
      {/* Config content is the site owner's trusted HTML. */}
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: props.content }} />
      {props.isCloseable !== false && (
        <button
          type="button"
          className="announcement-close icon-button"
          onClick={close}
          aria-label={props.closeLabel}
          title={props.closeLabel}
        >
          <svg viewBox="0 0 15 15" width="14" height="14" aria-hidden="true">
            <path stroke="currentColor" strokeWidth="2" d="M1 1l13 13M14 1L1 14" />
          </svg>
        </button>
      )}
    </section>
  )
}
