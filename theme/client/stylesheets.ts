/** Longest wait for a page's new stylesheets before it is shown anyway. */
const STYLESHEET_WAIT_MS = 3000

const sheets = (d: Document) => [...d.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]

/**
 * Pages link stylesheets of their own (KaTeX's where a formula is, the CSS a React or MDX page
 * imports): before the next page is swapped in, the ones it links and this document lacks are
 * added and waited for, so it does not show unstyled. The returned function, called after the
 * swap, removes the ones the next page does not link (a page's scoped rules stay with it).
 */
export async function syncStylesheets(next: Document): Promise<() => void> {
  const wanted = new Set(sheets(next).map((l) => l.getAttribute('href')))
  const current = sheets(document)
  const have = new Set(current.map((l) => l.getAttribute('href')))
  const loads = [...wanted]
    .filter((href): href is string => !!href && !have.has(href))
    .map((href) => {
      const link = document.createElement('link')
      link.rel = 'stylesheet'
      link.href = href
      const loaded = new Promise<void>((resolve) => {
        link.onload = link.onerror = () => resolve()
      })
      document.head.appendChild(link)
      return loaded
    })
  if (loads.length)
    await Promise.race([Promise.all(loads), new Promise((r) => setTimeout(r, STYLESHEET_WAIT_MS))])
  return () => current.forEach((l) => wanted.has(l.getAttribute('href')) || l.remove())
}
