import type { Progress } from './progress.js'
import type { LoadingScreen } from './loading-screen.js'
import { ANCHOR_JUMP_EVENT } from './hide-on-scroll.js'
import { syncStylesheets } from './stylesheets.js'
import { EXPANDS_IN_PLACE } from '../islands/expands-in-place.js'

export interface NavigationHooks {
  /** Called before the old page's DOM goes away. */
  beforeSwap(): void
  /** Called after the new page's DOM is in place. */
  afterSwap(): void
  progress: Progress
  loadingScreen: LoadingScreen
}

/**
 * A page the server answered but that cannot be swapped in (a 404, not HTML): a full page load
 * shows what the server has. Anything else (a network error, a 5xx) is worth a retry.
 */
class NotSwappable extends Error {}

type Conn = { saveData?: boolean; effectiveType?: string }

export const ROUTE_CACHE_LIMIT = 10_000

/**
 * Client navigation: internal links fetch the next page's server-rendered HTML and swap #__root;
 * prefetch on hover, focus and visibility (not on 2g or data-saver). A click whose fetch fails
 * (network error, 5xx) keeps the current page and shows the loading screen with the error and a
 * Retry button; a link whose prefetch failed, or a page that cannot be swapped in (a 404), gets
 * a full page load instead.
 */
export function startNavigation(hooks: NavigationHooks): void {
  const cache = new Map<string, Promise<string>>()
  const conn = (navigator as Navigator & { connection?: Conn }).connection
  const canPrefetch = !(conn?.saveData || /2g/.test(conn?.effectiveType ?? ''))
  const load = pageLoader(cache)
  // Paths whose last prefetch failed: a click on them loads the page in full, as a browser would.
  const failedPrefetch = new Set<string>()
  const prefetch = (a: HTMLAnchorElement) => {
    const url = canPrefetch && internalUrl(a)
    if (!url || url.pathname === location.pathname) return
    const path = url.pathname
    load(path).then(
      () => failedPrefetch.delete(path),
      () => failedPrefetch.add(path),
    )
  }

  const go = async (url: URL, push: boolean, scrollY?: number, keepFocus = false) => {
    const samePath = url.pathname === location.pathname
    if (samePath && url.hash) {
      hooks.loadingScreen.hide()
      if (push) history.pushState({ scrollY: 0 }, '', url.href)
      scrollToHash(url.hash)
      return
    }
    if (failedPrefetch.has(url.pathname)) {
      location.href = url.href
      return
    }
    if (!samePath) hooks.progress.start()
    let html: string
    try {
      html = await load(url.pathname)
    } catch (err) {
      hooks.progress.done()
      if (err instanceof NotSwappable) {
        location.href = url.href
        return
      }
      hooks.loadingScreen.showError(err instanceof Error ? err.message : String(err), () => {
        // The reader asked for this page again: fetch it, whatever a prefetch met before.
        failedPrefetch.delete(url.pathname)
        hooks.loadingScreen.showLoading()
        void go(url, push, scrollY)
      })
      return
    }
    hooks.loadingScreen.hide()
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const next = doc.getElementById('__root')
    const current = document.getElementById('__root')
    if (!next || !current) {
      location.href = url.href
      return
    }
    const dropStale = await syncStylesheets(doc)
    if (push) {
      history.replaceState({ ...history.state, scrollY: window.scrollY }, '')
      history.pushState({ scrollY: 0 }, '', url.href)
    }
    hooks.beforeSwap()
    swapPage(doc, current, next)
    dropStale()
    hooks.afterSwap()
    hooks.progress.done()
    if (url.hash) scrollToHash(url.hash)
    else {
      window.scrollTo(0, scrollY ?? 0)
      // Focus returns to the top of the page, so the next Tab reaches the skip link.
      if (!keepFocus) document.getElementById('__route-focus')?.focus({ preventScroll: true })
    }
  }

  // `docs-site serve` asks for the page on screen again after a save changed it: swapped in place
  // where the reader is (a full reload would run the scripts and styles again); cancelling the
  // event tells the live-reload client it is handled.
  addEventListener('docs-site:refresh', (e) => {
    e.preventDefault()
    const url = new URL(location.href)
    url.hash = ''
    cache.delete(url.pathname)
    void go(url, false, window.scrollY, true)
  })

  followLinks(go, prefetch)
  history.scrollRestoration = 'manual'
  observeVisible(prefetch, canPrefetch)
}

/** Fetches pages (each once, until it fails), keeping the ROUTE_CACHE_LIMIT fetched last. */
function pageLoader(cache: Map<string, Promise<string>>): (path: string) => Promise<string> {
  return (path) => {
    let p = cache.get(path)
    if (!p) {
      p = fetch(path, { credentials: 'same-origin' }).then((r) => {
        if (r.status >= 500) throw new Error(`HTTP ${r.status}${r.statusText ? ` ${r.statusText}` : ''}`)
        if (!r.ok || !(r.headers.get('content-type') ?? 'text/html').includes('text/html'))
          throw new NotSwappable(`HTTP ${r.status}`)
        return r.text()
      })
      p.catch(() => cache.delete(path))
      cache.set(path, p)
      // Past the limit, the oldest page is forgotten.
      if (cache.size > ROUTE_CACHE_LIMIT) cache.delete(cache.keys().next().value!)
    }
    return p
  }
}

/**
 * The URL of a link this client may follow itself: same origin, a page (a path ending with a slash,
 * `.html`, or a last segment with no extension, as Docusaurus sites with `trailingSlash: false`
 * link their pages; an answer that is not HTML loads in full), no target or download.
 */
function internalUrl(a: HTMLAnchorElement): URL | undefined {
  if (a.target && a.target !== '_self') return undefined
  if (a.hasAttribute('download') || a.getAttribute('rel')?.includes('external')) return undefined
  const url = new URL(a.href, location.href)
  if (url.origin !== location.origin || !/\/$|\.html$|\/[^/.]+$/.test(url.pathname)) return undefined
  return url
}

/** Puts the fetched page's #__root, title, language and per-page head tags in place. */
function swapPage(doc: Document, current: HTMLElement, next: HTMLElement) {
  current.replaceWith(document.adoptNode(next))
  document.title = doc.title
  document.documentElement.lang = doc.documentElement.lang
  document.documentElement.dir = doc.documentElement.dir
  // Head tags that differ per page (hreflang and feed links change with the locale).
  const PER_PAGE =
    'meta[name="description"], meta[name="robots"], meta[property^="og:"], link[rel="canonical"], link[rel="alternate"]'
  document.head.querySelectorAll(PER_PAGE).forEach((el) => el.remove())
  doc.head.querySelectorAll(PER_PAGE).forEach((el) => document.head.appendChild(document.adoptNode(el)))
}

/** Clicks on internal links and history moves go through `go`; hover and focus prefetch. */
function followLinks(
  go: (url: URL, push: boolean, scrollY?: number) => Promise<void>,
  prefetch: (a: HTMLAnchorElement) => void,
) {
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const a = (e.target as Element).closest?.('a')
    // The client expands these instead (theme/client.tsx).
    if (!a || a.matches(EXPANDS_IN_PLACE)) return
    const url = internalUrl(a)
    if (!url) return
    e.preventDefault()
    void go(url, true)
  })
  addEventListener(
    'popstate',
    () => void go(new URL(location.href), false, (history.state as { scrollY?: number } | null)?.scrollY),
  )
  document.addEventListener('mouseover', (e) => {
    const a = (e.target as Element).closest?.('a')
    if (a) prefetch(a)
  })
  document.addEventListener('focusin', (e) => {
    const a = (e.target as Element).closest?.('a')
    if (a) prefetch(a)
  })
}

function scrollToHash(hash: string) {
  const id = decodeURIComponent(hash.slice(1))
  const el = document.getElementById(id)
  if (!el) return
  document.dispatchEvent(new Event(ANCHOR_JUMP_EVENT))
  el.scrollIntoView()
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1')
  el.focus({ preventScroll: true })
}

/** Prefetches links in the main content once they scroll into view, when the browser is idle. */
function observeVisible(prefetch: (a: HTMLAnchorElement) => void, enabled: boolean) {
  if (!enabled || !('IntersectionObserver' in window)) return
  const io = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue
      io.unobserve(e.target)
      const idle =
        (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ??
        ((cb: () => void) => setTimeout(cb, 200))
      idle(() => prefetch(e.target as HTMLAnchorElement))
    }
  })
  const watch = () =>
    document.querySelectorAll<HTMLAnchorElement>('.pager a, .cards a').forEach((a) => io.observe(a))
  watch()
  document.addEventListener('docs-site:page', watch)
}
