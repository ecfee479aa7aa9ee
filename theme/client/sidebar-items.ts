// A large sidebar's pages leave the items of collapsed categories out; they are in one shared
// file per sidebar (its URL on the sidebar's <nav data-sidebar-src>), fetched on first expand.

const files = new Map<string, Promise<Record<string, string>>>()

/** Puts a lazy category's items into its list; false when they cannot be had (offline, a stale page). */
export async function fillLazyCategory(li: HTMLElement): Promise<boolean> {
  const key = li.dataset.sidebarKey
  const list = li.querySelector(':scope > .menu-list')
  if (key === undefined || !list || list.childElementCount > 0) return true
  const src = document.querySelector<HTMLElement>('[data-sidebar-src]')?.dataset.sidebarSrc
  if (!src) return false
  let file = files.get(src)
  if (!file) {
    file = fetch(src, { credentials: 'same-origin' }).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`)
      return r.json() as Promise<Record<string, string>>
    })
    files.set(src, file)
    // A failed fetch is tried again on the next click.
    file.catch(() => files.delete(src))
  }
  try {
    const html = (await file)[key]
    if (html === undefined) return false
    list.innerHTML = html
    return true
  } catch {
    return false
  }
}
