import type { Route, Site } from '../types.js'
import type { Translate } from '../../theme/i18n/format.js'
import { searchFacets } from '../search-facets.js'
import type { CardText } from './layout.js'

/**
 * The line under a card's title: the page's section (the navbar label of its sidebar, "API
 * reference" for API pages, "Blog" for posts) and, on a site with several versions, the version.
 */
export function cardText(
  site: Site,
  route: Route,
  title: string,
  label: (s: string) => string,
  t: Translate,
): CardText {
  const kind = route.data.kind
  const section = kind.startsWith('api-') ? t('api.title') : searchFacets(site, route, label, t).section
  const versions = site.config.versions
  const version =
    route.version && versions.length > 1 && !kind.startsWith('blog-')
      ? versions.find((v) => v.name === route.version)?.label
      : undefined
  return { title, section: [section, version].filter(Boolean).join(' · ') }
}
