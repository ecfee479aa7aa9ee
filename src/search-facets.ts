import type { Route, Site } from './types.js'
import type { Translate } from '../theme/i18n/format.js'

/**
 * What search can filter a page by besides its version: its section (the navbar label of its
 * sidebar: Integration, API, Back Office; Blog for posts) and, for an API operation, its method,
 * shown with its path in the result.
 */
export function searchFacets(
  site: Site,
  route: Route,
  label: (s: string) => string,
  t: Translate,
): { section?: string; method?: string; endpoint?: string } {
  const data = route.data
  const sidebarId = 'sidebarId' in data ? data.sidebarId : undefined
  const item = site.config.navbar.items.find((i) => i.type === 'docSidebar' && i.sidebarId === sidebarId)
  const section =
    item && 'label' in item && item.label
      ? label(item.label)
      : data.kind.startsWith('blog-')
        ? t('blog.title')
        : undefined
  if (data.kind !== 'api-operation') return section ? { section } : {}
  const method = data.operation.method.toUpperCase()
  return { ...(section ? { section } : {}), method, endpoint: `${method} ${data.operation.path}` }
}
