import type { Route, SiteConfig } from '../types.js'
import { outFileFor } from '../urls.js'

/**
 * The one constructor of a route, for every content kind: the kinds say what the page is and
 * where it comes from; the output file follows from the URL the same way for all of them unless
 * the URL names its own file (the 404 pages).
 */
export const makeRoute = (
  config: SiteConfig,
  route: Omit<Route, 'outFile'> & { readonly outFile?: string },
): Route => ({ ...route, outFile: route.outFile ?? outFileFor(config, route.url) })
