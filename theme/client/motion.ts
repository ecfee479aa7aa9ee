// Small motions of the theme, with the spec's constants (§9).

const reduced = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** Collapse time grows with the content's height (Docusaurus's formula); 1 ms under reduced motion. */
export function collapseDuration(height: number): number {
  if (reduced()) return 1
  const h = height / 36
  return Math.round((4 + 15 * h ** 0.25 + h / 5) * 10)
}

/** Opens or closes a sidebar category, animating its list's height with ease-in-out. */
export function toggleCategory(li: Element): void {
  const list = li.querySelector<HTMLElement>(':scope > .menu-list')
  const collapsing = !li.classList.contains('collapsed')
  li.querySelectorAll(':scope > .menu-category-row [data-category-toggle]').forEach((b) =>
    b.setAttribute('aria-expanded', String(!collapsing)),
  )
  if (!list) return void li.classList.toggle('collapsed', collapsing)
  if (!collapsing) li.classList.remove('collapsed')
  const full = list.scrollHeight
  const ms = collapseDuration(full)
  list.style.overflow = 'hidden'
  list.animate(
    collapsing ? [{ height: `${full}px` }, { height: '0px' }] : [{ height: '0px' }, { height: `${full}px` }],
    { duration: ms, easing: 'ease-in-out' },
  ).onfinish = () => {
    list.style.overflow = ''
    if (collapsing) li.classList.add('collapsed')
  }
}

/** The spec's smooth scroll: each frame covers 15 % of the remaining distance (factor 0.85). */
export const SCROLL_EASING = 0.85

export function smoothScrollToTop(): void {
  if (reduced()) return void window.scrollTo(0, 0)
  const step = () => {
    const y = window.scrollY
    if (y < 1) return
    window.scrollTo(0, Math.floor(y * SCROLL_EASING))
    requestAnimationFrame(step)
  }
  requestAnimationFrame(step)
}

/** Shows the back-to-top button once the reader has scrolled down a screen. */
export function startBackToTop(): void {
  const update = () => document.documentElement.toggleAttribute('data-scrolled', window.scrollY > 300)
  addEventListener('scroll', update, { passive: true })
  update()
}
