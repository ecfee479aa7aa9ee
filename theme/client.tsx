import { hydrateRoot, type Root } from 'react-dom/client'
import type { Zoom, ZoomOptions } from 'medium-zoom'
import { islands, type IslandName } from './islands/index.js'
import { ErrorBoundary } from './client/ErrorBoundary.js'
import { createProgress } from './client/progress.js'
import { startNavigation } from './client/navigation.js'
import { startTabs } from './client/tabs.js'
import { PREFERRED_VERSION_KEY } from './islands/storage.js'
import { smoothScrollToTop, startBackToTop, toggleCategory } from './client/motion.js'
import type { ClientSettings } from '../src/types.js'

// The one browser entry: hydrates islands, wires delegated behaviour (no React needed for code
// copy, sidebar categories, drawer), image zoom and client navigation.

const settings = (): ClientSettings =>
  JSON.parse(document.getElementById('__settings')!.textContent!) as ClientSettings
let roots: Root[] = []

function crashLabels() {
  const s = document.documentElement.lang.startsWith('vi')
  return s
    ? { title: 'Trang này đã gặp sự cố.', tryAgain: 'Thử lại', cause: 'Nguyên nhân', pageTitle: 'Lỗi trang' }
    : { title: 'This page crashed.', tryAgain: 'Try again', cause: 'Cause', pageTitle: 'Page Error' }
}

function hydrateIslands() {
  const labels = crashLabels()
  document.querySelectorAll<HTMLElement>('[data-island]').forEach((el) => {
    const Component = islands[el.dataset.island as IslandName] as
      ((p: unknown) => React.ReactElement) | undefined
    if (!Component) return
    const props: unknown = JSON.parse(el.dataset.props ?? '{}')
    roots.push(
      hydrateRoot(
        el,
        <ErrorBoundary labels={labels}>
          <Component {...(props as object)} />
        </ErrorBoundary>,
      ),
    )
  })
}

function unmountIslands() {
  for (const r of roots) r.unmount()
  roots = []
}

async function copyCode(button: HTMLButtonElement) {
  const code = button.parentElement?.querySelector('pre')?.innerText ?? ''
  try {
    await navigator.clipboard.writeText(code)
  } catch {
    const t = document.createElement('textarea')
    t.value = code
    document.body.appendChild(t)
    t.select()
    document.execCommand('copy')
    t.remove()
  }
  button.classList.add('copied')
  setTimeout(() => button.classList.remove('copied'), 1000)
}

function onDelegatedClick(e: MouseEvent) {
  const t = e.target as Element
  const copy = t.closest<HTMLButtonElement>('.copy-button')
  if (copy) return void copyCode(copy)
  const toggle = t.closest<HTMLButtonElement>('[data-category-toggle]')
  if (toggle) {
    toggleCategory(toggle.closest('.menu-category')!)
    return
  }
  if (t.closest('[data-back-to-top]')) return smoothScrollToTop()
  const hide = t.closest<HTMLButtonElement>('[data-sidebar-toggle]')
  if (hide) {
    const hidden = document.documentElement.toggleAttribute('data-sidebar-hidden')
    const label = hidden ? hide.dataset.labelExpand! : hide.dataset.labelCollapse!
    hide.setAttribute('aria-label', label)
    hide.title = label
    return
  }
  const menu = t.closest<HTMLElement>('[data-menu-action]')
  if (menu) menu.closest('.mobile-drawer')?.setAttribute('data-secondary', 'hidden')
}

let zoom: Zoom | undefined
/** medium-zoom loads on first use: pages without images never download it. */
async function attachZoom(s: ClientSettings) {
  zoom?.detach()
  if (!document.querySelector(s.zoom.selector)) {
    if (document.querySelector('.markdown img'))
      console.warn(`docs-site: image zoom selector "${s.zoom.selector}" matched nothing`)
    return
  }
  // Its types declare a namespace default; at run time the default export is the function.
  const mediumZoom = (await import('medium-zoom')).default as unknown as (
    selector: string,
    options: ZoomOptions,
  ) => Zoom
  const dark = document.documentElement.getAttribute('data-theme') === 'dark'
  zoom = mediumZoom(s.zoom.selector, {
    margin: s.zoom.margin,
    scrollOffset: s.zoom.scrollOffset,
    background: dark ? s.zoom.background.dark : s.zoom.background.light,
  })
}

/** A table wider than the page scrolls: make it reachable by keyboard (WCAG 2.1.1). */
function markScrollableTables() {
  document.querySelectorAll<HTMLElement>('.table-wrap').forEach((el) => {
    if (el.scrollWidth <= el.clientWidth) return
    el.tabIndex = 0
    el.setAttribute('role', 'region')
    el.setAttribute('aria-label', el.querySelector('caption, th')?.textContent?.trim() || 'Table')
  })
}

/** Outside the docs, navbar doc links lead to the version the reader last chose (spec §7). */
function applyPreferredVersion() {
  let preferred: string | null = null
  try {
    preferred = localStorage.getItem(PREFERRED_VERSION_KEY)
  } catch {
    // Storage unavailable: links keep their default version.
  }
  if (!preferred) return
  document.querySelectorAll<HTMLAnchorElement>('a[data-versions]').forEach((a) => {
    const href = (JSON.parse(a.dataset.versions!) as Record<string, string>)[preferred!]
    if (href) a.href = href
  })
}

function hideOnScroll(s: ClientSettings) {
  if (!s.hideOnScroll) return
  let last = scrollY
  addEventListener(
    'scroll',
    () => {
      const y = scrollY
      document.documentElement.toggleAttribute('data-navbar-hidden', y > last && y > 60)
      last = y
    },
    { passive: true },
  )
  addEventListener('hashchange', () => document.documentElement.removeAttribute('data-navbar-hidden'))
}

function start() {
  // '/a/index.html' and '/a.html' show as the clean path (spec §2).
  const clean = location.pathname.replace(/index\.html$/, '').replace(/\.html$/, '/')
  // An unknown '/a.html' lands on the 404 page: try the clean path once.
  if (
    document.querySelector('.not-found') &&
    /\.html$/.test(location.pathname) &&
    !/\/404\.html$/.test(location.pathname)
  )
    return location.replace(clean + location.search + location.hash)
  if (/(\/index)?\.html$/.test(location.pathname) && !/\/404\.html$/.test(location.pathname)) {
    history.replaceState(
      history.state,
      '',
      location.pathname.replace(/index\.html$/, '').replace(/\.html$/, '/') + location.search + location.hash,
    )
  }
  const s = settings()
  hydrateIslands()
  document.addEventListener('click', onDelegatedClick)
  hideOnScroll(s)
  startTabs()
  startBackToTop()
  applyPreferredVersion()
  markScrollableTables()
  addEventListener('resize', markScrollableTables)
  setTimeout(() => void attachZoom(s), 1000)
  startNavigation({
    progress: createProgress(),
    beforeSwap: unmountIslands,
    afterSwap() {
      hydrateIslands()
      markScrollableTables()
      applyPreferredVersion()
      setTimeout(() => void attachZoom(s), 1000)
      document.dispatchEvent(new Event('docs-site:page'))
    },
  })
}

start()
