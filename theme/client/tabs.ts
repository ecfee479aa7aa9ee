import { getStorage } from '../islands/storage.js'

/** Where the chosen code-sample language is remembered, across pages and tabs. */
export const CODE_LANG_KEY = 'docs-site.code-lang'

function select(container: Element, key: string, focus = false): boolean {
  const tabs = [...container.querySelectorAll<HTMLButtonElement>(':scope > [role=tablist] > [role=tab]')]
  const tab = tabs.find((t) => t.dataset.tab === key)
  if (!tab) return false
  for (const t of tabs) {
    const on = t === tab
    t.setAttribute('aria-selected', String(on))
    t.tabIndex = on ? 0 : -1
    const panel = document.getElementById(t.getAttribute('aria-controls')!)
    if (panel) panel.hidden = !on
  }
  if (focus) tab.focus()
  return true
}

/** Applies a remembered language to every persisted tab group on the page. */
function applyStored() {
  const key = getStorage().getItem(CODE_LANG_KEY)
  if (key) document.querySelectorAll('.tabs[data-persist]').forEach((c) => select(c, key))
  applyGroups()
}

/** MDX Tabs with a `groupId` share their choice, remembered under Docusaurus's key. */
const groupKey = (groupId: string) => `docusaurus.tab.${groupId}`

/** Every MDX tab group: `?<queryString>=value` first, then the value remembered for its groupId. */
function applyGroups() {
  const query = new URLSearchParams(location.search)
  document.querySelectorAll<HTMLElement>('.tabs[data-group-id], .tabs[data-query-string]').forEach((c) => {
    const fromQuery = c.dataset.queryString && query.get(c.dataset.queryString)
    const stored = c.dataset.groupId && getStorage().getItem(groupKey(c.dataset.groupId))
    if (!(fromQuery && select(c, fromQuery)) && stored) select(c, stored)
  })
}

/** A tab chosen in an MDX group: every group of its id follows, and the URL says it when asked to. */
function chooseInGroup(container: HTMLElement, value: string) {
  const { groupId, queryString } = container.dataset
  if (groupId) {
    getStorage().setItem(groupKey(groupId), value)
    document
      .querySelectorAll<HTMLElement>('.tabs[data-group-id]')
      .forEach((c) => c.dataset.groupId === groupId && select(c, value))
  }
  if (queryString) {
    const url = new URL(location.href)
    url.searchParams.set(queryString, value)
    history.replaceState(history.state, '', url)
  }
}

/**
 * Turns the server-rendered panels into tabs (they all show without JavaScript), with arrow-key
 * navigation; the code-sample language is remembered and followed across tabs (storage events).
 */
export function enhanceTabs() {
  document.querySelectorAll<HTMLElement>('.tabs:not(.tabs-ready)').forEach((c) => {
    c.classList.add('tabs-ready')
    const first = c.querySelector<HTMLButtonElement>(':scope > [role=tablist] > [role=tab]')
    if (!(c.dataset.default && select(c, c.dataset.default)) && first) select(c, first.dataset.tab!)
  })
  applyStored()
  openHashTarget()
}

/** Opens the <details> and tab panel around the URL's #fragment, so deep links to a field work. */
function openHashTarget() {
  const id = decodeURIComponent(location.hash.slice(1))
  const target = id && document.getElementById(id)
  if (!target) return
  for (let el: HTMLElement | null = target; el; el = el.parentElement) {
    if (el instanceof HTMLDetailsElement) el.open = true
    if (el.getAttribute('role') === 'tabpanel' && el.hidden) {
      const tab = document.getElementById(el.getAttribute('aria-labelledby')!)
      const container = el.closest('.tabs')
      if (tab && container) select(container, (tab as HTMLElement).dataset.tab!)
    }
  }
  target.scrollIntoView()
}

export function startTabs() {
  document.addEventListener('click', (e) => {
    const tab = (e.target as Element).closest<HTMLButtonElement>('.tabs [role=tab]')
    if (!tab) return
    const container = tab.closest<HTMLElement>('.tabs')!
    select(container, tab.dataset.tab!)
    chooseInGroup(container, tab.dataset.tab!)
    if (container.hasAttribute('data-persist')) {
      getStorage().setItem(CODE_LANG_KEY, tab.dataset.tab!)
      applyStored()
    }
  })
  document.addEventListener('keydown', (e) => {
    const tab = (e.target as Element).closest?.<HTMLButtonElement>('.tabs [role=tab]')
    if (!tab || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return
    const list = [...tab.parentElement!.querySelectorAll<HTMLButtonElement>('[role=tab]')]
    const at = list.indexOf(tab)
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? list.length - 1
          : (at + (e.key === 'ArrowRight' ? 1 : -1) + list.length) % list.length
    e.preventDefault()
    select(tab.closest('.tabs')!, list[next]!.dataset.tab!, true)
  })
  addEventListener(
    'storage',
    (e) => (e.key === CODE_LANG_KEY || e.key?.startsWith('docusaurus.tab.')) && applyStored(),
  )
  addEventListener('hashchange', openHashTarget)
  enhanceTabs()
  document.addEventListener('docs-site:page', enhanceTabs)
}
