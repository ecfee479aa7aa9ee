// Checks of config values that their shapes cannot say (config-schema.ts checks the shapes): whole
// numbers, and ranges that must not cross.

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
