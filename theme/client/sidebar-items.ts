// A large sidebar's pages leave the items of collapsed categories out; they are in one shared
// file per sidebar (its URL on the sidebar's <nav data-sidebar-src>), fetched when the reader
// nears the sidebar (`prefetchItemsOn`), or at the latest on first expand.

// A long list's pages show a window of its items; the file holds the list's items one by one,
// and a placeholder (`<li data-sidebar-list data-from data-to>`) is replaced by those it stands for.

/** A category's items as one piece of HTML; a long list's items, one piece each. */
type ItemsFile = Record<string, string | string[]>

const files = new Map<string, Promise<ItemsFile>>()

/** The sidebar's shared file, fetched once per page load (a failed fetch is tried again next time). */
async function itemsFile(): Promise<ItemsFile | undefined> {
  const src = document.querySelector<HTMLElement>('[data-sidebar-src]')?.dataset.sidebarSrc
  if (!src) return undefined
  let file = files.get(src)
  if (!file) {
    file = fetch(src, { credentials: 'same-origin' }).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`)
      return r.json() as Promise<ItemsFile>
    })
    files.set(src, file)
    file.catch(() => files.delete(src))
  }
  return file.catch(() => undefined)
}

/**
 * Fetches the sidebar's shared file when the pointer or the focus first comes into the sidebar (or
 * the mobile drawer), so that a category expands at once on the click that follows. Once per file
 * and page load: the fetch is kept (a build names the file by a hash of its content, so the browser
 * also keeps it across pages; serve names it plainly and answers it without a long cache).
 */
export function prefetchItemsOn(target: EventTarget): void {
  const near = (e: Event) => {
    if ((e.target as Element).closest?.('.sidebar, .mobile-drawer')) void itemsFile()
  }
  target.addEventListener('pointerover', near, { passive: true })
  target.addEventListener('focusin', near)
}

/** Puts a lazy category's items into its list; false when they cannot be had (offline, a stale page). */
export async function fillLazyCategory(li: HTMLElement): Promise<boolean> {
  const key = li.dataset.sidebarKey
  const list = li.querySelector(':scope > .menu-list')
  if (key === undefined || !list || list.childElementCount > 0) return true
  const html = (await itemsFile())?.[key]
  if (typeof html !== 'string') return false
  list.innerHTML = html
  return true
}

/**
 * Replaces a long list's placeholder with the items it stands for, and moves the focus to the one
 * next to where it was (the placeholder is gone): the last of the earlier items, the first of the
 * later ones. The list does not jump: the browser keeps the items in view where they were.
 * False when the items cannot be had.
 */
export async function fillLongList(li: HTMLElement): Promise<boolean> {
  const { sidebarList: key, from, to } = li.dataset
  const items = key === undefined ? undefined : (await itemsFile())?.[key]
  if (!Array.isArray(items) || !li.isConnected) return false
  const template = document.createElement('template')
  template.innerHTML = items.slice(Number(from), Number(to)).join('')
  const earlier = Number(from) === 0
  const next = earlier ? template.content.lastElementChild : template.content.firstElementChild
  li.replaceWith(template.content)
  next?.querySelector<HTMLElement>('a, button')?.focus({ preventScroll: true })
  return true
}

const sidebarNav = () => document.querySelector<HTMLElement>('.sidebar .sidebar-nav')

/** The sidebar's scroll position, to carry across a client navigation (the sidebar is new HTML). */
export const sidebarScroll = (): number => sidebarNav()?.scrollTop ?? 0

/**
 * Scrolls the sidebar (not the page) to `from`, then, if the current page's item is out of view,
 * so that it is in the middle: in a long sidebar it sits far below the fold, and a long list's
 * window puts 50 items before it.
 */
export function revealActiveItem(from = 0): void {
  const nav = sidebarNav()
  const active = nav?.querySelector<HTMLElement>('a[aria-current="page"]')
  if (!nav) return
  nav.scrollTop = from
  if (!active) return
  const box = nav.getBoundingClientRect()
  const item = active.getBoundingClientRect()
  if (item.top >= box.top && item.bottom <= box.bottom) return
  nav.scrollTop += item.top - box.top - (box.height - item.height) / 2
}
