import { formatDiagnostic } from '../errors.js'
import type { Diagnostic, Route } from '../types.js'
import type { LiveSite } from './on-demand.js'

/** Quiet time after a good revision before the pass starts; after a save of a page's text. */
const START_DELAY_MS = 1000
const EDIT_DELAY_MS = 3000
/** The pass waits while requests come closer than this: readers are never queued behind it. */
const QUIET_MS = 50
/** The longest the work waits for quiet. */
const MAX_WAIT_MS = 2000

export interface BackgroundOptions {
  readonly search: () => boolean
  /** Resolves when no request has been in flight for a moment. */
  readonly quiet: () => Promise<void>
  readonly report: (diagnostics: readonly Diagnostic[]) => void
  /** The problems found in every doc's body (printed already). */
  readonly bodies: (texts: ReadonlySet<string>) => void
  readonly searchIndex: (files: ReadonlyMap<string, Uint8Array>) => void
  readonly logError: (line: string) => void
}

/**
 * A while after each good revision, every page is rendered, one at a time and only while no
 * request is waiting: the problems in docs' bodies not shown yet are reported (serve reads bodies
 * lazily), and search follows edits: the pages are indexed and the new index replaces the old one.
 * After a save of a page's text, only that page has new problems: the others are rendered again
 * (later, as a writer tends to save again soon) only when search must follow. A newer revision
 * (or `stop`) abandons an unfinished run.
 */
export function backgroundPass(options: BackgroundOptions) {
  let run = 0
  const current = (mine: number) => mine === run
  return {
    /** A new revision; `edited`: the routes of a save taken in place. */
    start(site: LiveSite, edited?: readonly Route[]) {
      const mine = ++run
      setTimeout(
        () =>
          renderAll(site, order(site, edited, options.search()), !edited, options, () => current(mine)).catch(
            (err: unknown) => options.logError(`✖ background render: ${(err as Error).message}`),
          ),
        edited ? EDIT_DELAY_MS : START_DELAY_MS,
      ).unref()
    },
    stop() {
      run++
    },
  }
}

/**
 * The routes of a pass, in the order they are rendered: the saved pages first, then those the
 * pages readers opened link to (where they go next), then the others; after a save taken in
 * place, the others only when search must follow.
 */
function order(site: LiveSite, edited: readonly Route[] | undefined, search: boolean): Route[] {
  if (edited && !search) return [...edited]
  const first = new Set([...(edited ?? []), ...site.ahead()])
  return [...first, ...site.routes.filter((r) => !first.has(r))]
}

async function renderAll(
  site: LiveSite,
  routes: readonly Route[],
  everyBody: boolean,
  options: BackgroundOptions,
  current: () => boolean,
) {
  const search = options.search() && routes.length === site.routes.length
  const pages: Array<{ file: string; html: string }> = []
  const bodyTexts = new Set<string>()
  for (const route of routes) {
    await options.quiet()
    if (!current()) return
    const page = await site.render(route)
    if (search && page.body) pages.push({ file: route.outFile, html: page.body })
    for (const d of page.ofBody) bodyTexts.add(formatDiagnostic(d))
    options.report(page.ofBody)
  }
  if (everyBody) options.bodies(bodyTexts)
  // Every page's code is highlighted now: the next start need not run shiki for it.
  site.prepared.persistCaches()
  if (!search) return
  try {
    const { indexSearch } = await import('../search.js')
    const index = await indexSearch({ pages })
    if (current()) options.searchIndex(index.files)
  } catch (err) {
    options.logError(`✖ search index: ${(err as Error).message}`)
  }
}

/** Counts the requests in flight, for `quiet`: resolves once none came for `QUIET_MS`. */
export function requestTracker() {
  let inFlight = 0
  let last = 0
  return {
    begin() {
      inFlight++
    },
    end() {
      inFlight--
      last = performance.now()
    },
    /** A connection accepted: its request is on its way (it counts as one just ended). */
    connected() {
      last = performance.now()
    },
    /** A request that waits for the next revision must not hold that revision back. */
    async aside<T>(wait: Promise<T>): Promise<T> {
      inFlight--
      try {
        return await wait
      } finally {
        inFlight++
      }
    },
    async quiet() {
      // A request that never ends (a stalled client) must not stop the work for good.
      const until = performance.now() + MAX_WAIT_MS
      // A macrotask at least: the pass never holds the event loop two pages in a row.
      do {
        const wait = inFlight ? QUIET_MS : Math.max(0, QUIET_MS - (performance.now() - last))
        await new Promise((resolve) => setTimeout(resolve, wait))
        // The event loop polls sockets after its timers: a connection that came while the thread
        // was busy is seen before this decides (what follows may hold the thread for a while).
        await new Promise((resolve) => setImmediate(resolve))
      } while ((inFlight > 0 || performance.now() - last < QUIET_MS) && performance.now() < until)
    },
  }
}
