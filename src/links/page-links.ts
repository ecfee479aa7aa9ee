/**
 * The links of a rendered page that the link check reads, kept as one string: the navbar and the
 * sidebar repeat hundreds of links on every page (a large API's 250 tags), and as an array of
 * tuples a page they held ~100 MB until the check. Each link is its tag, its href and, for a link
 * written in an OpenAPI spec's prose, where it is ('swagger/v2.yaml#/json/pointer').
 */
export type PageLink = [tag: string, href: string, spec?: string]

const FIELD = '\x1f'
const RECORD = '\0'

/** The page's links as one string (a new one: it keeps no part of the document alive). */
export const joinLinks = (links: readonly PageLink[]): string =>
  links.map((l) => l.filter((f) => f !== undefined).join(FIELD)).join(RECORD)

/** The links `joinLinks` joined. */
export function* pageLinks(joined: string): Generator<PageLink> {
  if (!joined) return
  for (const link of joined.split(RECORD)) {
    const [tag, href, spec] = link.split(FIELD)
    yield [tag!, href!, spec]
  }
}
