import { hydrateRoot, type Root } from 'react-dom/client'
import type { Zoom, ZoomOptions } from 'medium-zoom'
import { islands, type IslandName } from './islands/index.js'
import { ErrorBoundary } from './client/ErrorBoundary.js'
import { IslandIdScope } from './islands/island-id.js'
import { createProgress } from './client/progress.js'
import { createLoadingScreen } from './client/loading-screen.js'
import { startNavigation } from './client/navigation.js'
import { startHideOnScroll } from './client/hide-on-scroll.js'
import { startTabs } from './client/tabs.js'
import { getStorage, PREFERRED_VERSION_KEY } from './islands/storage.js'
import { smoothScrollToTop, startBackToTop, toggleCategory } from './client/motion.js'
import {
  fillLazyCategory,
  fillLongList,
  prefetchItemsOn,
  revealActiveItem,
  sidebarScroll,
} from './client/sidebar-items.js'
import { isShrunk, openDiagram } from './client/diagram-view.js'
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
          <IslandIdScope prefix={el.dataset.islandId ?? ''}>
            <Component {...(props as object)} />
          </IslandIdScope>
        </ErrorBoundary>,
      ),
    )
  })
}

function unmountIslands() {
  for (const r of roots) r.unmount()
  roots = []
}

/**
 * Interactive components of MDX pages hydrate from their own module, named on each island:
 * pages without one load nothing more (it carries its own React, see src/mdx/islands.ts).
 */
function hydrateMdxIslands() {
  const src = document.querySelector<HTMLElement>('[data-mdx-island]')?.dataset.src
  if (!src) return
  void import(/* @vite-ignore */ src)
    .then((m: { hydrate(): Promise<Array<{ unmount(): void }>> }) => m.hydrate())
    .then((r) => roots.push(...(r as Root[])))
    .catch((err: unknown) => console.error('docs-site: interactive components failed to load', err))
}

/** Screen readers hear what a button did ('Copied') through one polite live region. */
function announce(text: string) {
  let live = document.getElementById('__live')
  if (!live) {
    live = document.createElement('div')
    live.id = '__live'
    live.className = 'sr-only'
    live.setAttribute('aria-live', 'polite')
    document.body.append(live)
  }
  live.textContent = ''
  // A new text node in the next frame: the same word twice is announced twice.
  requestAnimationFrame(() => (live.textContent = text))
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
  announce(settings().labels.copied)
  button.classList.add('copied')
  setTimeout(() => button.classList.remove('copied'), 1000)
}

/** "Copy page as Markdown": fetches the page's twin and copies it; the status line says how it went. */
async function copyPage(button: HTMLButtonElement) {
  const status = button.parentElement?.querySelector('[data-copy-page-status]')
  // Safari allows a clipboard write after an await only through a ClipboardItem given a promise.
  const text = fetch(button.dataset.copyPage!).then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
  let ok = true
  try {
    if (typeof ClipboardItem === 'function' && navigator.clipboard.write)
      await navigator.clipboard.write([
        new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) }),
      ])
    else await navigator.clipboard.writeText(await text)
  } catch {
    ok = false
  }
  if (status) status.textContent = ok ? button.dataset.copied! : button.dataset.failed!
  button.classList.toggle('copied', ok)
  setTimeout(() => {
    button.classList.remove('copied')
    if (status) status.textContent = ''
  }, 2000)
}

function onDelegatedClick(e: MouseEvent) {
  const t = e.target as Element
  const copy = t.closest<HTMLButtonElement>('.copy-button')
  if (copy) return void copyCode(copy)
  const copyMd = t.closest<HTMLButtonElement>('[data-copy-page]')
  if (copyMd) return void copyPage(copyMd)
  const toggle = t.closest<HTMLElement>('[data-category-toggle]')
  if (toggle) {
    // A lazy category's label is a link to its first page, for readers without JavaScript.
    e.preventDefault()
    const li = toggle.closest<HTMLElement>('.menu-category')!
    if (li.dataset.sidebarKey === undefined || !li.classList.contains('collapsed')) return toggleCategory(li)
    void fillLazyCategory(li).then((ok) => {
      if (ok) toggleCategory(li)
      else if (toggle instanceof HTMLAnchorElement) location.assign(toggle.href)
    })
    return
  }
  const more = t.closest<HTMLElement>('[data-sidebar-more]')
  if (more) {
    // A long list's placeholder is a link to the nearest item it stands for, for readers without
    // JavaScript; here the items come in its place.
    e.preventDefault()
    void fillLongList(more.closest<HTMLElement>('[data-sidebar-list]')!).then((ok) => {
      if (!ok && more instanceof HTMLAnchorElement) location.assign(more.href)
    })
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

/**
 * Runs before image zoom's own listener (capture phase): a shrunk diagram opens at its own size
 * instead. Images shown at their size keep the zoom.
 */
function onDiagramClick(e: MouseEvent) {
  const img = (e.target as Element).closest?.<HTMLImageElement>('.markdown img')
  if (!img || !isShrunk(img)) return
  e.stopPropagation()
  e.preventDefault()
  openDiagram(img, settings().labels.closeFullView)
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

/** Diagrams load mermaid on demand: pages without one never fetch it, nor this module. */
function drawDiagrams(s: ClientSettings) {
  if (!document.querySelector('figure[data-mermaid]')) return
  void import('./client/mermaid.js').then((m) => m.renderDiagrams(() => void attachZoom(s)))
}

/** Which edges of a scrolling table hide columns: the CSS fades that edge (the cue that it scrolls). */
function markTableEdges(el: HTMLElement) {
  const edges = []
  if (el.scrollLeft > 1) edges.push('start')
  if (el.scrollLeft + el.clientWidth < el.scrollWidth - 1) edges.push('end')
  el.dataset.overflow = edges.join(' ')
}

/**
 * A table wider than the page scrolls in its box: reachable by keyboard (WCAG 2.1.1), its hidden
 * edge faded, and its first column kept in view unless that column alone takes most of the box.
 */
function markScrollableTables() {
  document.querySelectorAll<HTMLElement>('.table-wrap').forEach((el) => {
    if (el.scrollWidth <= el.clientWidth) {
      delete el.dataset.overflow
      return
    }
    el.tabIndex = 0
    el.setAttribute('role', 'region')
    el.setAttribute('aria-label', el.querySelector('caption, th')?.textContent?.trim() || 'Table')
    const first = el.querySelector('tr > :first-child')
    el.toggleAttribute('data-sticky', !!first && first.clientWidth < el.clientWidth * 0.45)
    markTableEdges(el)
  })
}

function onScrollAnywhere(e: Event) {
  const t = e.target
  if (t instanceof HTMLElement && t.dataset.overflow !== undefined) markTableEdges(t)
}

/** Outside the docs, navbar doc links lead to the version the reader last chose (spec §7). */
function applyPreferredVersion() {
  // Storage unavailable: no preferred version, links keep their default one.
  const preferred = getStorage().getItem(PREFERRED_VERSION_KEY)
  if (!preferred) return
  document.querySelectorAll<HTMLAnchorElement>('a[data-versions]').forEach((a) => {
    const href = (JSON.parse(a.dataset.versions!) as Record<string, string>)[preferred!]
    if (href) a.href = href
  })
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
  announce('')
  hydrateIslands()
  hydrateMdxIslands()
  revealActiveItem()
  document.addEventListener('click', onDelegatedClick)
  document.addEventListener('click', onDiagramClick, true)
  prefetchItemsOn(document)
  if (s.hideOnScroll) startHideOnScroll()
  startTabs()
  startBackToTop()
  applyPreferredVersion()
  markScrollableTables()
  addEventListener('resize', markScrollableTables)
  // Scroll events do not bubble: one capturing listener serves every table of every page.
  document.addEventListener('scroll', onScrollAnywhere, { capture: true, passive: true })
  setTimeout(() => void attachZoom(s), 1000)
  drawDiagrams(s)
  // The zoom overlay follows a colour mode change made while an image is zoomed.
  new MutationObserver(() =>
    zoom?.update({
      background:
        document.documentElement.dataset.theme === 'dark' ? s.zoom.background.dark : s.zoom.background.light,
    }),
  ).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  // Where the sidebar was scrolled on the page being left: the next page's sidebar starts there.
  let sidebarAt = 0
  startNavigation({
    progress: createProgress(),
    // The labels of the page first loaded (#__settings stays in the head across client navigation).
    loadingScreen: createLoadingScreen(() => s.labels),
    beforeSwap() {
      sidebarAt = sidebarScroll()
      unmountIslands()
    },
    afterSwap() {
      revealActiveItem(sidebarAt)
      hydrateIslands()
      hydrateMdxIslands()
      markScrollableTables()
      applyPreferredVersion()
      setTimeout(() => void attachZoom(s), 1000)
      drawDiagrams(s)
      document.dispatchEvent(new Event('docs-site:page'))
    },
  })
}

start()
