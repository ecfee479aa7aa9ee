import type { Progress } from './progress.js'

export interface NavigationHooks {
  /** Called before the old page's DOM goes away. */
  beforeSwap(): void
  /** Called after the new page's DOM is in place. */
  afterSwap(): void
  progress: Progress
}

type Conn = { saveData?: boolean; effectiveType?: string }

export const ROUTE_CACHE_LIMIT = 10_000

/**
 * Client navigation: internal links fetch the next page's server-rendered HTML and swap #__root;
 * prefetch on hover, focus and visibility (not on 2g or data-saver); a failed fetch falls back to
 * a full page load (spec §7).
 */
export function startNavigation(hooks: NavigationHooks): void {
  const cache = new Map<string, Promise<string>>()
  const conn = (navigator as Navigator & { connection?: Conn }).connection
  const canPrefetch = !(conn?.saveData || /2g/.test(conn?.effectiveType ?? ''))
  const load = (path: string) => {
    let p = cache.get(path)
    if (!p) {
      p = fetch(path, { credentials: 'same-origin' }).then((r) => {
        if (!r.ok || !(r.headers.get('content-type') ?? 'text/html').includes('text/html'))
          throw new Error(`HTTP ${r.status}`)
        return r.text()
      })
      p.catch(() => cache.delete(path))
      cache.set(path, p)
      // The spec's route cache holds at most 10 000 entries: forget the oldest.
      if (cache.size > ROUTE_CACHE_LIMIT) cache.delete(cache.keys().next().value!)
    }
    return p
  }
  const internal = (a: HTMLAnchorElement): URL | undefined => {
    if (a.target && a.target !== '_self') return undefined
    if (a.hasAttribute('download') || a.getAttribute('rel')?.includes('external')) return undefined
    const url = new URL(a.href, location.href)
    if (url.origin !== location.origin || !/\/$|\.html$/.test(url.pathname)) return undefined
    return url
  }
  const prefetch = (a: HTMLAnchorElement) => {
    const url = canPrefetch && internal(a)
    if (url && url.pathname !== location.pathname) load(url.pathname).catch(() => undefined)
  }

  const go = async (url: URL, push: boolean, scrollY?: number) => {
    const samePath = url.pathname === location.pathname
    if (samePath && url.hash) {
      if (push) history.pushState({ scrollY: 0 }, '', url.href)
      scrollToHash(url.hash)
      return
    }
    if (!samePath) hooks.progress.start()
    let html: string
    try {
      html = await load(url.pathname)
    } catch {
      location.href = url.href
      return
    }
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const next = doc.getElementById('__root')
    const current = document.getElementById('__root')
    if (!next || !current) {
      location.href = url.href
      return
    }
    if (push) {
      history.replaceState({ ...history.state, scrollY: window.scrollY }, '')
      history.pushState({ scrollY: 0 }, '', url.href)
    }
    hooks.beforeSwap()
    current.replaceWith(document.adoptNode(next))
    document.title = doc.title
    document.documentElement.lang = doc.documentElement.lang
    document.documentElement.dir = doc.documentElement.dir
    // Head tags that differ per page (hreflang and feed links change with the locale).
    const PER_PAGE =
      'meta[name="description"], meta[name="robots"], meta[property^="og:"], link[rel="canonical"], link[rel="alternate"]'
    document.head.querySelectorAll(PER_PAGE).forEach((el) => el.remove())
    doc.head.querySelectorAll(PER_PAGE).forEach((el) => document.head.appendChild(document.adoptNode(el)))
    hooks.afterSwap()
    hooks.progress.done()
    if (url.hash) scrollToHash(url.hash)
    else {
      window.scrollTo(0, scrollY ?? 0)
      // Focus returns to the top of the page, so the next Tab reaches the skip link.
      document.getElementById('__route-focus')?.focus({ preventScroll: true })
    }
  }

  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const a = (e.target as Element).closest?.('a')
    // A lazy sidebar category's label: the client expands it instead (theme/client.tsx).
    if (!a || a.hasAttribute('data-category-toggle')) return
    const url = internal(a)
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
  history.scrollRestoration = 'manual'
  observeVisible(prefetch, canPrefetch)
}

function scrollToHash(hash: string) {
  const id = decodeURIComponent(hash.slice(1))
  const el = document.getElementById(id)
  if (!el) return
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
