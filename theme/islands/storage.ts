type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

// Probed once per page load: every reader of storage (islands, tabs, the version links) shares
// the answer, so an unavailable storage gives one console warning, not one per reader. The
// module lives as long as the page, and client navigation keeps it.
let store: Store | undefined

/** localStorage, or a no-op store with one console warning where storage is unavailable. */
export function getStorage(): Store {
  return (store ??= probeStorage())
}

function probeStorage(): Store {
  try {
    const s = window.localStorage
    const probe = '__docs_site_probe__'
    s.setItem(probe, probe)
    s.removeItem(probe)
    return s
  } catch (err) {
    console.warn('docs-site: browser storage is unavailable; preferences will not be saved.', err)
    return { getItem: () => null, setItem: () => undefined, removeItem: () => undefined }
  }
}

export const THEME_KEY = 'theme'
export const ANNOUNCEMENT_DISMISS_KEY = 'docusaurus.announcement.dismiss'
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id'
/** The docs version the reader last chose, per docs plugin (Docusaurus's key; one plugin here). */
export const PREFERRED_VERSION_KEY = 'docs-preferred-version-default'
