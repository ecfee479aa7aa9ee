import fs from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../config.js'
import { prepare, type BuildCache } from '../prepare.js'
import { blogDir } from '../blog/discover.js'
import { DocsSiteError, summarize } from '../errors.js'
import type { Diagnostic, Route, SiteConfig } from '../types.js'
import type { LiveReload } from './live-reload.js'
import type { Problems } from './problems.js'
import { liveSite, type LiveSite } from './on-demand.js'

export interface RevisionsOptions {
  readonly root: string
  readonly config: SiteConfig
  readonly cache: BuildCache
  readonly problems: Problems
  readonly live: () => LiveReload
  /** Starts the background pass over a new revision. */
  readonly finish: (site: LiveSite, edited?: readonly Route[]) => void
  readonly search: () => ReadonlyMap<string, Uint8Array>
  /** Resolves when no request is in flight (serve's first pages go before the full prepare). */
  readonly quiet: () => Promise<void>
  /** Files the watcher must follow from now on (new config dependencies). */
  readonly watch: (files: readonly string[]) => void
  readonly log: (line: string) => void
  readonly logError: (line: string) => void
}

/**
 * The revisions of the site serve answers with: one rebuild at a time, changes that arrive
 * meanwhile merged into the next one. A save of a page's text is taken in place; anything else
 * prepares the site again. A failing rebuild keeps the last good revision on screen and sends its
 * diagnostics to the overlay and the terminal.
 */
export function createRevisions(options: RevisionsOptions) {
  const { cache, problems } = options
  const state = { config: options.config, live: undefined as LiveSite | undefined, revision: 0 }
  const reloadConfig = configReloader(options, state)
  const describe = (changed: ReadonlySet<string>) =>
    [...changed]
      .map((f) => path.relative(state.config.root, f))
      .slice(0, 3)
      .join(', ') + (changed.size > 3 ? ` +${changed.size - 3}` : '')

  const inPlace = (previous: LiveSite, edited: readonly Route[]) => {
    state.live = liveSite(previous.prepared, options.search, {
      extra: previous.extra,
      rendered: previous.carry(edited),
    })
    problems.revision()
    state.revision++
    options.finish(state.live, edited)
    options.live().broadcast({ type: 'reload', revision: state.revision, paths: edited.map((r) => r.url) })
  }

  const full = async (changed: ReadonlySet<string>, t0: number) => {
    // The first answer comes sooner from a site of the root page's version and locale, without the
    // blog (its posts are parsed whole); the full site replaces it at once (see `shownAgain`).
    const quick = !state.live ? await firstSite(state.config, cache) : undefined
    const partial = quick && liveSite(quick, options.search, { partial: true })
    if (partial) {
      state.live = partial
      state.revision++
      // The home page, which the browser opening the printed URL asks for, is rendered before the
      // full prepare holds the thread: it waits for its code blocks, which the highlight worker,
      // still loading its grammars, answers while the thread would be parsing the blog. Pages
      // asked for meanwhile are answered first too.
      await warmHome(partial)
      await options.quiet()
    }
    const prepared = await prepare(state.config, { cache, lazy: true })
    state.live = liveSite(prepared, options.search)
    if (!partial && changed.size === 0) void warmHome(state.live)
    problems.revision(prepared.diagnostics)
    if (!partial) state.revision++
    options.finish(state.live)
    options.log(
      `✔ ${prepared.site.routes.length} pages ready in ${Math.round(performance.now() - t0)} ms (${changed.size ? describe(changed) : 'initial build'}) · ${summarize(prepared.diagnostics)}`,
    )
    if (!partial) return options.live().broadcast({ type: 'reload', revision: state.revision })
    const live = state.live
    void shownAgain(partial, live, reportPage).then((paths) => {
      if (paths.length === 0 || state.live !== live) return
      state.revision++
      options.live().broadcast({ type: 'reload', revision: state.revision, paths })
    })
  }
  const reportPage = (hit: Awaited<ReturnType<LiveSite['get']>>) => {
    if (hit && 'diagnostics' in hit && hit.diagnostics?.length) problems.page(hit.diagnostics, state.revision)
  }

  const rebuild = async (changed: ReadonlySet<string>) => {
    const t0 = performance.now()
    try {
      const configChanged = await reloadConfig(changed)
      // The commonest save changes one page's text only: that page is taken in place.
      const previous = state.live
      const edited =
        previous && !previous.partial && !configChanged && !problems.failure() && changed.size
          ? await previous.prepared.editBodies(changed)
          : undefined
      if (previous && edited) {
        inPlace(previous, edited)
        return options.log(`✔ ${describe(changed)} in ${Math.round(performance.now() - t0)} ms`)
      }
      await full(changed, t0)
    } catch (err) {
      const diagnostics = diagnosticsOf(err)
      problems.failed(diagnostics, state.revision)
      options.logError(
        `✖ ${summarize(diagnostics)}. Still serving the last good build; fix the file and save.`,
      )
    }
  }

  const queue = oneAtATime(rebuild)
  return {
    config: () => state.config,
    live: () => state.live,
    revision: () => state.revision,
    ...queue,
  }
}

/**
 * Runs `rebuild` one batch at a time; changes that arrive meanwhile are merged into the next batch.
 */
function oneAtATime(rebuild: (changed: ReadonlySet<string>) => Promise<void>) {
  let queued: Set<string> | undefined
  let running: Promise<void> | undefined
  return {
    running: () => running !== undefined,
    schedule(changed: ReadonlySet<string>) {
      queued = new Set([...(queued ?? []), ...changed])
      running ??= (async () => {
        try {
          while (queued) {
            const batch = queued
            queued = undefined
            await rebuild(batch)
          }
        } finally {
          running = undefined
        }
      })()
    },
    async idle() {
      while (running) await running
    },
  }
}

/**
 * Loads the config again when it (or a file it imports) changed. A config that failed to load
 * stays stale: every rebuild retries it until it loads. True when it was loaded again.
 */
function configReloader(options: RevisionsOptions, state: { config: SiteConfig }) {
  const base = options.config.baseUrl
  let stale = false
  return async (changed: ReadonlySet<string>) => {
    const { config } = state
    stale ||= [...changed].some((f) => f === config.configFile || config.configDeps.includes(f))
    if (!stale) return false
    state.config = await loadConfig(options.root)
    stale = false
    // Parsed files depend on the config (base URL, locales): parse them all again.
    options.cache.parsed?.clear()
    options.cache.apis?.clear()
    options.watch([state.config.configFile, ...state.config.configDeps].filter((f): f is string => !!f))
    if (state.config.baseUrl !== base)
      options.logError(
        `✖ baseUrl changed from ${base} to ${state.config.baseUrl}: restart docs-site serve to serve it there`,
      )
    return true
  }
}

function diagnosticsOf(err: unknown): Diagnostic[] {
  if (err instanceof DocsSiteError) return [...err.diagnostics]
  return [
    {
      severity: 'error',
      code: 'render',
      message: `this is a bug in docs-site: ${(err as Error).stack ?? String(err)}`,
    },
  ]
}

/**
 * The pages the first site answered, made again by the full site: their links are checked now
 * (`report`), and the paths of those it renders differently (their links to the other locales and
 * versions) are answered, for the browsers showing them to swap them in place, as after a save of
 * their text. The others stay as they are, with no reload.
 */
async function shownAgain(
  first: LiveSite,
  live: LiveSite,
  report: (hit: Awaited<ReturnType<LiveSite['get']>>) => void,
): Promise<string[]> {
  const differ = await Promise.all(
    [...first.carry([])].map(async ([rel, before]) => {
      const [was, now] = await Promise.all([before, live.get(rel)]).catch(() => [])
      report(now)
      return was && now && 'body' in now && was.body !== now.body ? [rel] : []
    }),
  )
  const changed = new Set(differ.flat())
  return live.routes.filter((r) => changed.has(r.outFile)).map((r) => r.url)
}

/**
 * serve's first revision starts on the page the terminal links (the site's root): its body is
 * read and its code highlighted before the browser asks for it, not after.
 */
function warmHome(live: LiveSite): Promise<unknown> {
  return live.get('index.html').catch(() => undefined)
}

/**
 * The site of the page at the site's root only: the default locale, the version at the root, no
 * blog. Undefined when that is the whole site, or when it fails (the full prepare reports why).
 */
async function firstSite(config: SiteConfig, cache: BuildCache) {
  const atRoot = config.versions.filter((v) => v.path === '')
  const versions = (atRoot.length ? atRoot : config.versions.slice(0, 1)).map((v) => v.name)
  const blog = config.locales.some((l) => fs.existsSync(blogDir(config, l)))
  if (!blog && config.locales.length === 1 && versions.length === config.versions.length) return undefined
  try {
    return await prepare(config, { cache, lazy: true, first: { versions }, locales: [config.defaultLocale] })
  } catch {
    return undefined
  }
}
