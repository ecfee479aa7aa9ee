/** Fired on `document` just before the page scrolls to an anchor (a TOC link, `#id`, a hash URL). */
export const ANCHOR_JUMP_EVENT = 'docs-site:anchor-jump'

/**
 * The navbar hides when the reader scrolls down and comes back when they scroll up, near the
 * top, and after a jump to an anchor. A jump scrolls down too, so the scroll events it causes
 * must not hide the navbar again: after a jump the navbar stays until the reader scrolls
 * themselves (wheel, touch, keyboard, or a press on the scrollbar).
 */
export function startHideOnScroll(): void {
  const root = document.documentElement
  let last = scrollY
  let pinned = false
  const show = () => root.removeAttribute('data-navbar-hidden')
  const jumped = () => {
    pinned = true
    show()
  }
  addEventListener(
    'scroll',
    () => {
      const y = scrollY
      if (pinned || y <= last || y <= 60) show()
      else root.setAttribute('data-navbar-hidden', '')
      last = y
    },
    { passive: true },
  )
  const release = () => (pinned = false)
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
    addEventListener(type, release, { passive: true, capture: true })
  addEventListener('hashchange', jumped)
  document.addEventListener(ANCHOR_JUMP_EVENT, jumped)
}
