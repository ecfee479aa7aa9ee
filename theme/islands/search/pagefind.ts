// The slice of Pagefind's browser API the search box uses, and how its answers become the rows
// of the result list.

export type FilterCounts = Record<string, Record<string, number>>
type Fragment = {
  url: string
  meta: { title?: string; endpoint?: string }
  excerpt: string
  sub_results?: Array<{ url: string; title: string; excerpt: string }>
}
export type Pagefind = {
  search: (q: string, o?: object) => Promise<{ results: Array<{ data: () => Promise<Fragment> }> }>
  filters: () => Promise<FilterCounts>
}

/** One row: a page, or a section of the page above it (a deep link to its heading). */
export interface Row {
  url: string
  title: string
  excerpt: string
  /** 'POST /wallet/bet' on API operation pages. */
  endpoint?: string
  sub: boolean
}

/** The reader's choices; '' is "any". */
export interface Chosen {
  version: string
  section: string
  method: string
}

/** Sections shown under each page: enough to jump, few enough to keep other pages in view. */
const SUBS_PER_PAGE = 3

export function toRows(pages: readonly Fragment[]): Row[] {
  return pages.flatMap((d) => [
    { url: d.url, title: d.meta.title ?? d.url, excerpt: d.excerpt, endpoint: d.meta.endpoint, sub: false },
    // A sub-result without an anchor is the page's own introduction: the page row covers it.
    ...(d.sub_results ?? [])
      .filter((s) => s.url.includes('#'))
      .slice(0, SUBS_PER_PAGE)
      .map((s) => ({ url: s.url, title: s.title, excerpt: s.excerpt, sub: true })),
  ])
}

/** Pagefind's filter option: blog posts have no version and show whichever is chosen. */
export function filterOption(chosen: Chosen): object {
  const f: Record<string, unknown> = {}
  if (chosen.version) f.any = [{ version: chosen.version }, { type: 'blog' }]
  if (chosen.section) f.section = chosen.section
  if (chosen.method) f.method = chosen.method
  return { filters: f }
}

/** Pagefind's excerpt is HTML with <mark>: show it as text with marks, never as markup. */
export function excerptParts(excerpt: string): Array<{ text: string; mark: boolean }> {
  const decode = (s: string) => {
    const t = document.createElement('textarea')
    t.innerHTML = s
    return t.value
  }
  return excerpt
    .split(/(<mark>.*?<\/mark>)/)
    .filter(Boolean)
    .map((part) => {
      const m = /^<mark>(.*)<\/mark>$/.exec(part)
      return { text: decode((m ? m[1]! : part).replace(/<[^>]*>/g, '')), mark: !!m }
    })
}
