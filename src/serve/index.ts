import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { loadConfig } from '../config.js'
import { prepare, type BuildCache } from '../build.js'
import { bundleDevClient } from '../bundle.js'
import { DocsSiteError, formatDiagnostic, summarize } from '../errors.js'
import type { Diagnostic, SiteConfig } from '../types.js'
import { createHandler, diskFiles, type SiteFiles } from '../http/handler.js'
import { createLiveReload, type OverlayDiagnostic } from './live-reload.js'
import { exposureWarning, type HostPolicy } from '../http/security.js'
import { watchSources } from './watch.js'
import { statusPage } from './status-page.js'
import { hostPolicy, listen, PortError } from './listen.js'
import { liveSite, type LiveSite } from './on-demand.js'

export interface ServeOptions {
  /** Project root. */
  readonly root: string
  /** @default 3000 */
  readonly port?: number
  /** Fail when the port is taken (the CLI sets it when --port is given); otherwise try the next ones. */
  readonly strictPort?: boolean
  /** Interface to bind. @default '127.0.0.1' */
  readonly host?: string
  /** Kept across rebuilds (and across servers in tests): shiki is created once. */
  readonly cache?: BuildCache
  /** Progress lines. @default console.log */
  readonly log?: (line: string) => void
  /** Problems: diagnostics, watcher errors. @default console.error */
  readonly logError?: (line: string) => void
  /** Quiet time that closes a batch of file changes. @default 100 */
  readonly debounceMs?: number
}

export interface DevServer {
  /** `http://localhost:PORT/` plus the base URL. */
  readonly url: string
  readonly port: number
  /** The bound address (127.0.0.1 unless `host` says otherwise). */
  readonly address: AddressInfo
  /** Current revision: 0 until the first good build, +1 per good rebuild. */
  readonly revision: () => number
  /** Resolves when no rebuild is running or queued. */
  readonly idle: () => Promise<void>
  close(): Promise<void>
}

export const DEV_PREFIX = '__docs-site'
/** Quiet time after a good revision before the search index is rebuilt, and pages per batch. */
const SEARCH_DELAY_MS = 1000
const SEARCH_BATCH = 20

/**
 * `docs-site serve`: builds every version and locale in memory, serves it on loopback, watches
 * the sources and rebuilds on change (one build at a time; the last change wins), then tells the
 * browsers to reload. A failing rebuild keeps the last good output on screen and sends the
 * diagnostics to the browser overlay and the terminal.
 */
export async function serve(options: ServeOptions): Promise<DevServer> {
  const log = options.log ?? ((l: string) => console.log(l))
  const logError = options.logError ?? ((l: string) => console.error(l))
  const host = options.host ?? '127.0.0.1'
  let config = await loadConfig(options.root)
  const cache: BuildCache = options.cache ?? {}
  cache.parsed ??= new Map()
  cache.apis ??= new Map()
  const token = crypto.randomBytes(18).toString('base64url')
  const base = config.baseUrl
  const wsPath = `${base}${DEV_PREFIX}/ws`
  const devClientPromise = bundleDevClient()
  const staticFiles = diskFiles(config.dirs.static)
  const state = {
    live: undefined as LiveSite | undefined,
    search: new Map() as ReadonlyMap<string, Uint8Array>,
    revision: 0,
    failure: undefined as OverlayDiagnostic[] | undefined,
    printed: new Set<string>(),
    /** Problems in docs' bodies found by the last background pass (printed already). */
    bodyTexts: new Set<string>(),
  }
  let devClient = ''
  let port = 0

  const files = (): SiteFiles => ({
    async get(rel) {
      if (rel === `${DEV_PREFIX}/dev-client.js`) return { body: devClient }
      const live = state.live
      if (!live)
        return /(^|\/)(index|404)\.html$/.test(rel)
          ? { body: statusPage(config.title, state.failure), status: state.failure ? 500 : 503 }
          : undefined
      const hit = await live.get(rel)
      if (!hit) return staticFiles.get(rel)
      if ('file' in hit) return hit
      if (hit.diagnostics?.length) report(hit.diagnostics)
      return hit.body === '' && hit.diagnostics?.length
        ? { body: statusPage(config.title, hit.diagnostics.map(toOverlay)), status: 500 }
        : { body: hit.body, immutable: hit.immutable }
    },
  })
  const hosts = (): HostPolicy => hostPolicy(host, port)
  const tag = () =>
    `<script type="module" src="${base}${DEV_PREFIX}/dev-client.js" data-docs-site-dev="${token}" data-revision="${state.revision}" data-ws="${wsPath}"></script>`
  const transformHtml = (html: string) => {
    const at = html.lastIndexOf('</body>')
    return at === -1 ? html + tag() : html.slice(0, at) + tag() + html.slice(at)
  }
  const server = http.createServer(
    createHandler({
      files,
      hosts,
      baseUrl: base,
      transformHtml,
      localePrefixes: config.locales.filter((l) => l !== config.defaultLocale),
    }),
  )
  // Requests the HTTP parser refuses (unknown methods, bad headers) still get an answer.
  server.on('clientError', (_err, socket) => {
    if (socket.writable)
      socket.end(
        'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\nX-Content-Type-Options: nosniff\r\nCross-Origin-Resource-Policy: same-origin\r\n\r\n',
      )
    socket.destroy()
  })
  port = await listen(server, host, options.port ?? 3000, options.strictPort ?? false)
  const live = createLiveReload({
    server,
    path: wsPath,
    token,
    hosts,
    hello: () => ({
      type: 'init',
      revision: state.revision,
      ...(state.failure || pageErrors.size
        ? { diagnostics: [...(state.failure ?? []), ...pageErrors.values()] }
        : {}),
    }),
  })
  devClient = await devClientPromise

  // Problems of pages rendered in this revision (a broken link on the page being previewed):
  // printed once, and shown in the overlay until a save fixes them.
  const pageErrors = new Map<string, OverlayDiagnostic>()
  function report(diagnostics: readonly Diagnostic[]) {
    for (const text of diagnostics.map(formatDiagnostic))
      if (!state.printed.has(text)) {
        state.printed.add(text)
        logError(text)
      }
    const errors = diagnostics.filter((d) => d.severity === 'error').map(toOverlay)
    const fresh = errors.filter((o) => !pageErrors.has(o.text))
    if (fresh.length === 0) return
    for (const o of fresh) pageErrors.set(o.text, o)
    live.broadcast({ type: 'error', revision: state.revision, diagnostics: [...pageErrors.values()] })
  }
  const printNew = (diagnostics: readonly Diagnostic[]) => {
    const texts = diagnostics.map(formatDiagnostic)
    for (const t of texts) if (!state.printed.has(t)) logError(t)
    state.printed = new Set([...texts, ...state.bodyTexts])
  }
  const describe = (changed: ReadonlySet<string>) =>
    [...changed]
      .map((f) => path.relative(config.root, f))
      .slice(0, 3)
      .join(', ') + (changed.size > 3 ? ` +${changed.size - 3}` : '')
  // A config that failed to load stays stale: every rebuild retries it until it loads.
  let configStale = false
  const rebuild = async (changed: ReadonlySet<string>) => {
    const t0 = performance.now()
    try {
      configStale ||= [...changed].some((f) => f === config.configFile || config.configDeps.includes(f))
      const configChanged = configStale
      if (configStale) {
        config = await loadConfig(options.root)
        configStale = false
        // Parsed files depend on the config (base URL, locales): parse them all again.
        cache.parsed?.clear()
        cache.apis?.clear()
        watcher.add([config.configFile, ...config.configDeps].filter((f): f is string => !!f))
        if (config.baseUrl !== base)
          logError(
            `✖ baseUrl changed from ${base} to ${config.baseUrl}: restart docs-site serve to serve it there`,
          )
      }
      // The commonest save changes one page's text only: that page is taken in place.
      const previous = state.live
      const edited =
        previous && !configChanged && !state.failure && changed.size
          ? await previous.prepared.editBodies(changed)
          : undefined
      if (previous && edited) {
        state.live = liveSite(previous.prepared, () => state.search, previous.extra)
        pageErrors.clear()
        state.revision++
        finishInBackground(state.live)
        log(`✔ ${describe(changed)} in ${Math.round(performance.now() - t0)} ms`)
        live.broadcast({ type: 'reload', revision: state.revision, paths: edited.map((r) => r.url) })
        return
      }
      const prepared = await prepare(config, { cache, lazy: true })
      state.live = liveSite(prepared, () => state.search)
      state.failure = undefined
      pageErrors.clear()
      state.revision++
      printNew(prepared.diagnostics)
      finishInBackground(state.live)
      log(
        `✔ ${prepared.site.routes.length} pages ready in ${Math.round(performance.now() - t0)} ms (${changed.size ? describe(changed) : 'initial build'}) · ${summarize(prepared.diagnostics)}`,
      )
      live.broadcast({ type: 'reload', revision: state.revision })
    } catch (err) {
      const diagnostics: Diagnostic[] =
        err instanceof DocsSiteError
          ? [...err.diagnostics]
          : [
              {
                severity: 'error',
                code: 'render',
                message: `this is a bug in docs-site: ${(err as Error).stack ?? String(err)}`,
              },
            ]
      printNew(diagnostics)
      state.failure = diagnostics.filter((d) => d.severity === 'error').map(toOverlay)
      logError(`✖ ${summarize(diagnostics)}. Still serving the last good build; fix the file and save.`)
      live.broadcast({ type: 'error', revision: state.revision, diagnostics: state.failure })
    }
  }

  // A while after the last good revision, every page is rendered (a batch at a time, yielding to
  // requests): the problems in docs' bodies not shown yet are reported (serve reads bodies
  // lazily), and search follows edits: the pages are indexed and the new index replaces the old
  // one. A newer revision abandons an unfinished run.
  let searchRun = 0
  const finishInBackground = (site: LiveSite) => {
    const run = ++searchRun
    setTimeout(async () => {
      const pages: Array<{ file: string; html: string }> = []
      const bodyTexts = new Set<string>()
      for (let i = 0; i < site.routes.length; i += SEARCH_BATCH) {
        if (run !== searchRun || closed) return
        const batch = await site.render(site.routes.slice(i, i + SEARCH_BATCH))
        if (config.search) for (const p of batch.pages) pages.push({ file: p.route.outFile, html: p.html })
        for (const d of batch.diagnostics) bodyTexts.add(formatDiagnostic(d))
        report(batch.diagnostics)
        await new Promise((resolve) => setImmediate(resolve))
      }
      state.bodyTexts = bodyTexts
      // Every page's code is highlighted now: the next start need not run shiki for it.
      site.prepared.persistCaches()
      if (!config.search) return
      try {
        const { indexSearch } = await import('../search.js')
        const index = await indexSearch({ pages })
        if (run === searchRun && !closed) state.search = index.files
      } catch (err) {
        logError(`✖ search index: ${(err as Error).message}`)
      }
    }, SEARCH_DELAY_MS).unref()
  }
  let closed = false

  // One build at a time; changes that arrive meanwhile are merged into the next one.
  let queued: Set<string> | undefined
  let running: Promise<void> | undefined
  const schedule = (changed: ReadonlySet<string>) => {
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
  }

  const watcher = watchSources({
    // A spec may live outside swagger/ and be a tree of files: its whole folder is watched.
    paths: [
      ...new Set([
        config.dirs.content,
        config.dirs.swagger,
        config.dirs.static,
        // The Docusaurus layout keeps its sources beside the config, not under content/.
        ...(config.layout === 'docusaurus' ? sourceFolders(config) : []),
        ...config.versions.flatMap((v) => (v.openapi ? [specWatchPath(config.root, v.openapi)] : [])),
        ...(config.configFile ? [config.configFile] : []),
        ...config.configDeps,
      ]),
    ],
    onBatch: schedule,
    onError: (m) => logError(`✖ ${m}`),
    debounceMs: options.debounceMs,
  })
  const idle = async () => {
    while (running) await running
  }
  schedule(new Set())
  await Promise.all([idle(), watcher.ready])

  const url = `http://localhost:${port}${base}`
  return {
    url,
    port,
    address: server.address() as AddressInfo,
    revision: () => state.revision,
    idle,
    async close() {
      closed = true
      live.close()
      await watcher.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}

function toOverlay(d: Diagnostic): OverlayDiagnostic {
  const where = d.at
    ? [d.at.file, d.at.line, d.at.line ? (d.at.column ?? 1) : undefined]
        .filter((x) => x !== undefined)
        .join(':')
    : ''
  return { severity: d.severity, where, message: d.message, code: d.code, text: formatDiagnostic(d) }
}

/** The CLI's `serve`: prints the address (and a loud warning when exposed), exits non-zero on a bad start. */
export async function runServe(opts: { root: string; port?: string; host?: string }): Promise<void> {
  const host = opts.host ?? '127.0.0.1'
  const warning = exposureWarning(host)
  if (warning) console.warn(warning)
  try {
    const port = opts.port === undefined ? undefined : Number(opts.port)
    if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536))
      throw new PortError(port, host, 'not a port number')
    const server = await serve({ root: opts.root, port, strictPort: port !== undefined, host })
    console.log(
      `\n  docs-site serve ➜ ${server.url}\n  every version and locale is live; edits reload the page. Ctrl-C to stop.\n`,
    )
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      process.once(signal, () => void server.close().finally(() => process.exit(code)))
    }
  } catch (err) {
    if (err instanceof PortError) {
      console.error(`✖ ${err.message}`)
      process.exitCode = 1
      return
    }
    if (err instanceof DocsSiteError) {
      for (const d of err.diagnostics) console.error(formatDiagnostic(d))
      console.error(`\n✖ ${summarize(err.diagnostics)}. docs-site serve did not start.`)
      process.exitCode = err.exitCode
      return
    }
    throw err
  }
}

/** The folder of a spec (its tree of files), or the file alone when it sits at the project root. */
function specWatchPath(root: string, spec: string): string {
  const abs = path.resolve(root, spec)
  return path.dirname(abs) === path.resolve(root) ? abs : path.dirname(abs)
}

/** Every existing source folder and label file of the layout. */
function sourceFolders(config: SiteConfig): string[] {
  const s = config.sources
  return [
    ...Object.values(s.docs).flatMap((v) => Object.values(v)),
    ...Object.values(s.blog),
    ...Object.values(s.pages),
    ...Object.values(s.labels).flat(),
  ].filter((p) => fs.existsSync(p))
}
