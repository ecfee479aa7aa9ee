import type { BuildOptions, Route, SiteConfig } from './types.js'
import type { PreparedSite } from './prepared-site.js'
import { renderSite, type RenderContext, type RenderedPage } from './render.js'
import { yieldToEventLoop } from './event-loop.js'
import { createTwinMaker, hasTwin, twinFile } from './twins/index.js'
import { stagingDir, type Staging } from './write.js'
import { createSocialCards, type SocialCards } from './social/index.js'
import type { Diagnostics } from './errors.js'
import { step } from './log.js'
import { createHtmlStage, finishSetup } from './html/index.js'
import { finishWorkers, startFinishPool, type FinishPool } from './html/finish-pool.js'

// The steps of `build` after `prepare`. The two that make a file per page, rendering and the
// Markdown twins, hand each file to the writer thread as it is made, so neither holds the whole
// site at once. Then which routes a job of a split build (`build --version`) makes, the social
// cards, the files links may point to, the search index and the summary's page counts.

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
 * until the writer thread has written all but the last two batches, so at most three batches of
 * HTML wait in memory however far the disk falls behind. Written to disk, a site of a batch or more has its
 * pages finished on worker threads (`src/html/finish-pool.ts`) while the next ones render.
 */
export async function renderInBatches(
  prepared: PreparedSite,
  routes: readonly Route[],
  options: Pick<RenderContext, 'diagnostics' | 'cards'> & {
    staging: Staging | undefined
    workers?: number
  },
): Promise<RenderedPage[]> {
  const { site } = prepared
  const { staging } = options
  const workers = options.workers ?? (routes.length >= RENDER_BATCH ? finishWorkers() : 0)
  const pool: FinishPool | undefined =
    staging && workers > 0
      ? startFinishPool(finishSetup(site, prepared.strings), staging.write, options.diagnostics, workers)
      : undefined
  try {
    return await renderWith(prepared, routes, options, pool)
  } finally {
    await pool?.stop()
  }
}

async function renderWith(
  prepared: PreparedSite,
  routes: readonly Route[],
  options: Pick<RenderContext, 'diagnostics' | 'cards'> & { staging: Staging | undefined },
  pool: FinishPool | undefined,
): Promise<RenderedPage[]> {
  const { site } = prepared
  const { staging } = options
  const ctx: RenderContext = {
    assets: prepared.assets,
    strings: prepared.strings,
    diagnostics: options.diagnostics,
    sink: staging?.write,
    sidebarItems: prepared.sidebarItems,
    cards: options.cards,
    // Each batch of pages is finished by src/html/: code blocks filled, links rewritten, the
    // links and ids the check needs collected.
    html: () => createHtmlStage(site, prepared.strings, prepared.fillCode, prepared.apiPages),
    finishing: pool,
  }
  const pages: RenderedPage[] = []
  const flush = staging && (pool ? () => pool.drain().then(() => staging.flush()) : staging.flush)
  await inBatches(routes, RENDER_BATCH, flush, async (batch) => {
    // The batch's code, highlighted meanwhile (see `settleCode`).
    await prepared.settleBodies(batch)
    for (const page of renderSite(site, ctx, batch)) pages.push(page)
  })
  return pool ? pool.pages() : pages
}

/**
 * Runs `each` over `items` a batch at a time. After each batch the writer thread is flushed; the
 * next batch waits until the flush of the one before the previous is done (so no more than three
 * batches wait for the disk: waiting for the previous one's flush, the main thread waited at each
 * batch for the last pages it had just sent) and yields to the event loop (signals, serve's
 * requests).
 */
async function inBatches<T>(
  items: readonly T[],
  size: number,
  flush: (() => Promise<void>) | undefined,
  each: (batch: readonly T[]) => void | Promise<void>,
): Promise<void> {
  const written: Array<Promise<void>> = []
  for (let i = 0; i < items.length; i += size) {
    await each(items.slice(i, i + size))
    const flushed = flush ? flush() : Promise.resolve()
    // Awaited on a later turn; until then a write error must not count as unhandled.
    flushed.catch(() => undefined)
    written.push(flushed)
    if (written.length > 2) await written.shift()
    await yieldToEventLoop()
  }
  await Promise.all(written)
}

/** The twins a build wrote: those kept for llms-full.txt (or the output), and every file's path. */
export interface Twins {
  readonly kept: Map<string, string>
  readonly files: string[]
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
  { site, strings }: Pick<PreparedSite, 'site' | 'strings'>,
  routes: readonly Route[],
  staging: Staging | undefined,
  keep: boolean,
): Promise<Twins> {
  const kept = new Map<string, string>()
  const files: string[] = []
  const twinOf = createTwinMaker(site, strings)
  await inBatches(routes, TWIN_BATCH, staging?.flush, (batch) => {
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

/** Cards are drawn on worker threads while pages render, and written as each is done. */
export function startCards(
  config: SiteConfig,
  staging: Staging | undefined,
): { cards: SocialCards | undefined; files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>()
  const cards = config.socialCards
    ? createSocialCards(
        config,
        (file, png) => (staging ? staging.write(file, png) : files.set(file, png)),
        // A rebuild links the previous output's card instead of writing it again.
        staging && ((file) => staging.keep(file)),
      )
    : undefined
  return { cards, files }
}

/** Files a link may point to besides the output: the pages, and the files the site serves as is. */
export function linkTargets(
  prepared: PreparedSite,
  pages: readonly RenderedPage[],
  builds: (route: Route) => boolean,
): string[] {
  return [
    ...pages.map((p) => p.route.outFile),
    ...prepared.staticFiles,
    // The pages (and twins) of the versions another job builds, for links to them.
    ...prepared.site.routes
      .filter((r) => !builds(r))
      .flatMap((r) => (hasTwin(r) ? [r.outFile, twinFile(r)] : [r.outFile])),
  ]
}

/** The search index (Pagefind) of the pages, read from the staging folder when there is one. */
export function searchIndex(
  config: SiteConfig,
  pages: readonly RenderedPage[],
  staging: Staging | undefined,
  { log, diags }: { log?: BuildOptions['log']; diags: Diagnostics },
): Promise<ReadonlyMap<string, string | Uint8Array>> {
  return step('search', log, async () => {
    await staging?.flush()
    const { indexSearch } = await import('./search.js')
    const search = await indexSearch(
      staging
        ? { dir: stagingDir(config) }
        : { pages: pages.map((p) => ({ file: p.route.outFile, html: p.html })) },
    )
    search.diagnostics.forEach((d) => diags.add(d))
    diags.throwIfErrors()
    return search.files
  })
}

/** Pages per locale and version (or blog), for the summary line. */
export function pageCounts(pages: readonly RenderedPage[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const p of pages) {
    const group = p.route.version ?? (p.route.data.kind.startsWith('blog-') ? 'blog' : undefined)
    if (group) counts[`${p.route.locale}/${group}`] = (counts[`${p.route.locale}/${group}`] ?? 0) + 1
  }
  return counts
}
