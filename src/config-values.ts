// Checks of config values that their shapes cannot say (config-schema.ts checks the shapes): whole
// numbers, ranges that must not cross, the site's address, a default locale that is listed,
// versions with names and paths of their own.

/** Reports a problem at a key path of the config ('toc.minHeadingLevel'). */
export type Report = (keyPath: string, message: string, hint?: string) => void

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Every value problem of a config whose shape is right, reported at its key. */
export function valueProblems(config: Record<string, unknown>, report: Report): void {
  const blog = isPlainObject(config.blog) ? config.blog : {}
  for (const key of ['postsPerPage', 'sidebarCount'] as const) {
    const n = blog[key]
    if (typeof n === 'number' && !(Number.isInteger(n) && n >= (key === 'postsPerPage' ? 1 : 0)))
      report(
        `blog.${key}`,
        `must be a whole number${key === 'postsPerPage' ? ' of at least 1' : ''}, got ${n}`,
      )
  }
  tocProblems(isPlainObject(config.toc) ? config.toc : {}, report)
  siteProblems(config, report)
}

/** The site's address, its locales and its versions: what every URL of the site is made from. */
function siteProblems(config: Record<string, unknown>, report: Report): void {
  if (typeof config.url === 'string') {
    let url: URL | undefined
    try {
      url = new URL(config.url)
    } catch {
      // reported below
    }
    if (!url || !/^https?:$/.test(url.protocol))
      report(
        'url',
        `must be an absolute http(s) address such as "https://docs.example.com", got "${config.url}"`,
      )
    else if (url.search || url.hash || url.pathname.replace(/\/+$/, ''))
      report('url', `must be the site's origin alone, got "${config.url}"`, 'put a path in baseUrl')
  }
  if (typeof config.baseUrl === 'string' && config.baseUrl.split('/').some((s) => s === '.' || s === '..'))
    report('baseUrl', `must not hold "." or ".." segments, got "${config.baseUrl}"`)
  const i18n = isPlainObject(config.i18n) ? config.i18n : {}
  if (
    typeof i18n.defaultLocale === 'string' &&
    isPlainObject(i18n.locales) &&
    !Object.hasOwn(i18n.locales, i18n.defaultLocale)
  )
    report(
      'i18n.defaultLocale',
      `"${i18n.defaultLocale}" is not one of i18n.locales (${Object.keys(i18n.locales).join(', ')})`,
    )
  const docs = isPlainObject(config.docs) ? config.docs : {}
  const versions = (Array.isArray(docs.versions) ? docs.versions : []).filter(isPlainObject)
  for (const key of ['name', 'path'] as const) {
    const seen = new Set<string>()
    for (const [i, v] of versions.entries()) {
      // As config.ts resolves it: the first version at the root, the others under their name.
      const value = v[key] ?? (key === 'path' ? (i === 0 ? '' : v.name) : undefined)
      if (typeof value !== 'string') continue
      const norm = value.replace(/^\/+|\/+$/g, '')
      if (seen.has(norm))
        report(`docs.versions`, `two versions have the ${key} "${value}": each needs its own`)
      seen.add(norm)
    }
  }
}

/** The table of contents' levels: headings 2 to 6 (h1 is the title), the first not after the last. */
function tocProblems(toc: Record<string, unknown>, report: Report): void {
  const { minHeadingLevel: min, maxHeadingLevel: max } = toc
  for (const [key, n] of [
    ['minHeadingLevel', min],
    ['maxHeadingLevel', max],
  ] as const)
    if (typeof n === 'number' && !(Number.isInteger(n) && n >= 2 && n <= 6))
      report(`toc.${key}`, `must be a heading level from 2 to 6, got ${n}`)
  if (typeof min === 'number' && typeof max === 'number' && min > max)
    report(
      'toc.minHeadingLevel',
      `(${min}) is more than toc.maxHeadingLevel (${max}): every table of contents would be empty`,
    )
}
