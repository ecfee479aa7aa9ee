import type { DocFrontMatter, LastUpdateView, Route, Site, SiteConfig } from './types.js'
import { siteCommits } from './machine/lastmod.js'
import { dateFormat } from './date-format.js'

// "Last updated on DATE by AUTHOR" at the foot of a doc (`docs.showLastUpdateTime` and
// `showLastUpdateAuthor`, as in Docusaurus): from the last commit that touched the doc's file, or
// from its front matter's `last_update: { date, author }`, which wins. A file git does not know
// (untracked, no repository, no git) shows what its front matter gives, else nothing.

export function lastUpdateView(
  site: Site,
  route: Route,
  frontMatter: Readonly<DocFrontMatter>,
): LastUpdateView | undefined {
  const { config } = site
  const { time, author } = config.lastUpdate
  if (!time && !author) return undefined
  const given = (frontMatter.last_update ?? {}) as { date?: unknown; author?: unknown }
  const givenDate = given.date === undefined ? undefined : new Date(given.date as string | number | Date)
  const givenAuthor = typeof given.author === 'string' ? given.author : undefined
  // The history is read (once for the whole site) only when the front matter leaves a gap.
  const gap = (time && !givenDate) || (author && givenAuthor === undefined)
  const commit = gap && route.source ? siteCommits(site).get(route.source) : undefined
  const date = time ? (givenDate ?? (commit && new Date(commit.time * 1000))) : undefined
  const by = author ? (givenAuthor ?? commit?.author) : undefined
  if (!date && !by) return undefined
  const lang = config.localeConfigs[route.locale]?.htmlLang ?? route.locale
  return {
    date: date && { iso: date.toISOString(), text: formatDate(config, date, lang) },
    author: by || undefined,
  }
}

/** The date as Docusaurus shows it, in the page's language: 'Nov 14, 2023', '14 thg 11, 2023'. */
function formatDate(config: SiteConfig, date: Date, lang: string): string {
  const options = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const
  try {
    return dateFormat(config, lang, options).format(date)
  } catch {
    // An htmlLang Intl does not know (a typo): English rather than a failed page.
    return dateFormat(config, 'en', options).format(date)
  }
}
