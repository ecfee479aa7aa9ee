import type { Diagnostic, Route, SiteConfig } from './types.js'
import type { PreparedSite } from './prepared-site.js'
import { renderSite, type RenderedPage } from './render.js'
import { yieldToEventLoop } from './event-loop.js'
import { createTwinMaker, twinFile } from './twins/index.js'
import type { Staging } from './write.js'
import type { SocialCards } from './social/index.js'

// The two stages of a build that make a file per page: rendering and the Markdown twins. Both hand
// each file to the writer thread as it is made, so neither holds the whole site at once. And which
// routes a job of a split build (`build --version`) makes.

/**
 * `build --version`: which routes this job writes (those of its versions and those of none: blog,
 * standalone pages, 404s), and whether it makes llms.txt (the latest version's, so one job does).
 */
export function versionFilter(
  config: SiteConfig,
  versions: readonly string[] | undefined,
): { builds: (route: Route) => boolean; latest: boolean } {
  if (!versions) return { builds: () => true, latest: true }
  return {
    builds: (r) => r.version === undefined || versions.includes(r.version),
    latest: versions.includes(config.versions[0]?.name ?? ''),
  }
}

/** Pages rendered between two yields to the event loop. */
const RENDER_BATCH = 100

/**
 * Renders the routes a batch at a time. Between batches it yields (signals are handled) and waits
 * until the writer thread has written all but the last batch, so at most two batches of HTML wait
 * in memory however far the disk falls behind.
 */
export async function renderInBatches(
  prepared: PreparedSite,
  routes: readonly Route[],
  diagnostics: Diagnostic[],
  staging: Staging | undefined,
  cards: SocialCards | undefined,
): Promise<RenderedPage[]> {
  const { site } = prepared
  const ctx = {
    assets: prepared.assets,
    strings: prepared.strings,
    diagnostics,
    sink: staging?.write,
    sidebarItems: prepared.sidebarItems,
    cards,
    fillCode: prepared.fillCode,
  }
  const pages: RenderedPage[] = []
  await inBatches(routes, RENDER_BATCH, staging, (batch) => {
    for (const page of renderSite(site, ctx, batch)) pages.push(page)
  })
  return pages
}

/**
 * Runs `each` over `items` a batch at a time. After each batch the writer thread is flushed; the
 * next batch waits until the previous flush is done (so no more than two batches wait for the
 * disk) and yields to the event loop (signals, serve's requests).
 */
async function inBatches<T>(
  items: readonly T[],
  size: number,
  staging: Staging | undefined,
  each: (batch: readonly T[]) => void,
): Promise<void> {
  let written: Promise<void> = Promise.resolve()
  for (let i = 0; i < items.length; i += size) {
    each(items.slice(i, i + size))
    const previous = written
    written = staging ? staging.flush() : Promise.resolve()
    // Awaited on the next turn; until then a write error must not count as unhandled.
    written.catch(() => undefined)
    await previous
    await yieldToEventLoop()
  }
  await written
}

/** Twins made between two waits for the writer thread (and yields to the event loop). */
const TWIN_BATCH = 200

/**
 * The Markdown twins of the routes. With a staging folder each goes there as it is made, a batch at
 * a time with the same back-pressure as the pages (together they are about the size of the site's
 * markdown). Kept are those llms-full.txt is made of (all of them when `keep`, for simplicity), or
 * all without a staging folder (the output is then in memory).
 */
export async function writeTwins(
  prepared: PreparedSite,
  routes: readonly Route[],
  staging: Staging | undefined,
  keep: boolean,
): Promise<{ kept: Map<string, string>; files: string[] }> {
  const kept = new Map<string, string>()
  const files: string[] = []
  const twinOf = createTwinMaker(prepared.site, prepared.strings)
  await inBatches(routes, TWIN_BATCH, staging, (batch) => {
    for (const route of batch) {
      const twin = twinOf(route)
      if (twin === undefined) continue
      const file = twinFile(route)
      files.push(file)
      if (keep || !staging) kept.set(file, twin)
      staging?.write(file, twin)
    }
  })
  return { kept, files }
}
