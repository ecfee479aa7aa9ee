import { htmlFilePages } from '../urls.js'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { loadConfig } from '../config.js'
import type { BuildCache } from '../prepare.js'
import { bundleDevClient } from '../bundle.js'
import { DocsSiteError, formatDiagnostic, summarize } from '../errors.js'
import type { SiteConfig } from '../types.js'
import { createHandler, diskFiles, type Resource, type SiteFiles } from '../http/handler.js'
import { createLiveReload, type LiveReload } from './live-reload.js'
import { exposureWarning, type HostPolicy } from '../http/security.js'
import { watchSources, type SourceWatcher } from './watch.js'
import { statusPage } from './status-page.js'
import { hostPolicy, listen, PortError } from './listen.js'
import { createProblems, toOverlay, type Problems } from './problems.js'
import { backgroundPass, requestTracker } from './background.js'
import { createRevisions } from './revisions.js'
import { STYLE_LANGUAGE } from '../css/preprocess.js'

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

/**
 * `docs-site serve`: listens at once, prepares every version and locale in memory (docs read up
 * to their front matter), renders a page when it is asked for, watches the sources and takes
 * each change as a new revision (see revisions.ts), then tells the browsers to reload.
 */
export async function serve(options: ServeOptions): Promise<DevServer> {
  const log = options.log ?? ((l: string) => console.log(l))
  const logError = options.logError ?? ((l: string) => console.error(l))
  const host = options.host ?? '127.0.0.1'
  const config = await loadConfig(options.root)
  const cache: BuildCache = options.cache ?? {}
  cache.parsed ??= new Map()
  cache.apis ??= new Map()
  const token = crypto.randomBytes(18).toString('base64url')
  const base = config.baseUrl
  const wsPath = `${base}${DEV_PREFIX}/ws`
  const devClient = bundleDevClient().then((body) => ({ body }))
  devClient.catch(() => undefined)
  let search: ReadonlyMap<string, Uint8Array> = new Map()
  let [closed, port] = [false, 0]
  const watching: { current?: SourceWatcher } = {}
  const live = (): LiveReload => channel
  const problems = createProblems(logError, live)
  const requests = requestTracker()
  const background = backgroundPass({
    search: () => !!revisions.config().search,
    quiet: requests.quiet,
    report: (d) => problems.page(d, revisions.revision()),
    bodies: problems.bodies,
    searchIndex: (files) => !closed && (search = files),
    logError,
  })
  const revisions = createRevisions({
    root: options.root,
    config,
    cache,
    problems,
    live,
    finish: (site, edited) => !closed && background.start(site, edited),
    search: () => search,
    quiet: requests.quiet,
    watch: (files) => watching.current?.add(files),
    log,
    logError,
  })
  const staticFiles = diskFiles(config.dirs.static)
  const files = siteFiles({ revisions, problems, devClient, staticFiles, requests })
  const hosts = (): HostPolicy => hostPolicy(host, port)
  const server = createServer({ files, hosts, requests, config, devTag: (html) => withDevTag(html) })
  port = await listen(server, host, options.port ?? 3000, options.strictPort ?? false)
  const channel = createLiveReload({
    server,
    path: wsPath,
    token,
    hosts,
    hello: () => problems.hello(revisions.revision()),
  })
  const withDevTag = (html: string) => {
    const tag = `<script type="module" src="${base}${DEV_PREFIX}/dev-client.js" data-docs-site-dev="${token}" data-revision="${revisions.revision()}" data-ws="${wsPath}"></script>`
    const at = html.lastIndexOf('</body>')
    return at === -1 ? html + tag : html.slice(0, at) + tag + html.slice(at)
  }
  revisions.schedule(new Set())
  await revisions.idle()
  // Watching starts once the first revision answers: its first scan of every folder would
  // otherwise hold the first page back.
  const watcher = (watching.current = startWatching(config, revisions.schedule, logError, options.debounceMs))
  await Promise.all([watcher.ready, devClient])
  return {
    url: `http://localhost:${port}${base}`,
    port,
    address: server.address() as AddressInfo,
    revision: revisions.revision,
    idle: revisions.idle,
    async close() {
      closed = true
      background.stop()
      // What was highlighted so far is kept for the next start (the background pass may not have finished).
      revisions.live()?.prepared.persistCaches()
      channel.close()
      await watcher.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}

/** The HTTP server: the shared handler, requests counted (the background pass waits for quiet). */
function createServer(input: {
  readonly files: () => SiteFiles
  readonly hosts: () => HostPolicy
  readonly requests: ReturnType<typeof requestTracker>
  readonly config: SiteConfig
  readonly devTag: (html: string) => string
}): http.Server {
  const { config, requests } = input
  const handler = createHandler({
    files: input.files,
    hosts: input.hosts,
    baseUrl: config.baseUrl,
    transformHtml: input.devTag,
    localePrefixes: config.locales.filter((l) => l !== config.defaultLocale),
    htmlFilePages: htmlFilePages(config),
  })
  const server = http.createServer((req, res) => {
    requests.begin()
    res.once('close', requests.end)
    handler(req, res)
  })
  server.on('connection', requests.connected)
  // Requests the HTTP parser refuses (unknown methods, bad headers) still get an answer.
  server.on('clientError', (_err, socket) => {
    if (socket.writable)
      socket.end(
        'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\nX-Content-Type-Options: nosniff\r\nCross-Origin-Resource-Policy: same-origin\r\n\r\n',
      )
    socket.destroy()
  })
  return server
}

/** What the handler serves: the current revision's pages and files, the dev client, static/. */
function siteFiles(input: {
  readonly revisions: ReturnType<typeof createRevisions>
  readonly problems: Problems
  readonly devClient: Promise<{ body: string }>
  readonly staticFiles: SiteFiles
  readonly requests: ReturnType<typeof requestTracker>
}): () => SiteFiles {
  const { revisions, problems } = input
  const get = async (rel: string): Promise<Resource | undefined> => {
    if (rel === `${DEV_PREFIX}/dev-client.js`) return input.devClient
    const live = revisions.live()
    const title = revisions.config().title
    if (!live) {
      const failure = problems.failure()
      return /(^|\/)(index|404)\.html$/.test(rel)
        ? { body: statusPage(title, failure), status: failure ? 500 : 503 }
        : undefined
    }
    const hit = await live.get(rel)
    if (!hit) {
      // Answered from the first site so far (one version and locale, no blog): a page of the rest
      // comes with the full site, a moment later.
      if (live.partial && revisions.running()) {
        await input.requests.aside(revisions.idle())
        if (revisions.live() !== live) return get(rel)
      }
      return input.staticFiles.get(rel)
    }
    if (!('diagnostics' in hit)) return hit
    if (!hit.diagnostics?.length) return hit
    problems.page(hit.diagnostics, revisions.revision())
    return hit.body === '' ? { body: statusPage(title, hit.diagnostics.map(toOverlay)), status: 500 } : hit
  }
  const files: SiteFiles = { get }
  return () => files
}

function startWatching(
  config: SiteConfig,
  onBatch: (changed: ReadonlySet<string>) => void,
  logError: (line: string) => void,
  debounceMs: number | undefined,
): SourceWatcher {
  return watchSources({
    paths: watchedPaths(config),
    onBatch,
    onError: (m) => logError(`✖ ${m}`),
    debounceMs,
  })
}

/** The sources to watch: content, specs, static files, the config and what it imports. */
function watchedPaths(config: SiteConfig): string[] {
  return [
    ...new Set([
      config.dirs.content,
      config.dirs.swagger,
      config.dirs.static,
      // The Docusaurus layout keeps its sources beside the config, not under content/.
      ...(config.layout === 'docusaurus' ? sourceFolders(config) : []),
      // A spec may live outside swagger/ and be a tree of files: its whole folder is watched.
      ...config.versions.flatMap((v) => (v.openapi ? [specWatchPath(config.root, v.openapi)] : [])),
      ...(config.configFile ? [config.configFile] : []),
      ...config.configDeps,
      // The site's own stylesheets (src/css/custom.css) live outside the content folders; a Sass
      // or Less one's folder is watched, for the partials it imports.
      ...config.customCss.map((f) => (STYLE_LANGUAGE.test(f) ? path.dirname(f) : f)),
    ]),
  ]
}

/** The CLI's `serve`: prints the address (and a loud warning when exposed), exits non-zero on a bad start. */
export async function runServe(opts: { root: string; port?: string; host?: string }): Promise<void> {
  const host = opts.host ?? '127.0.0.1'
  const warning = exposureWarning(host)
  if (warning) console.warn(warning)
  // From the start: serve answers its first page before it has finished starting, and a signal
  // then ends it the same way (its caches are written whole or not at all).
  let server: DevServer | undefined
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => void (server?.close() ?? Promise.resolve()).finally(() => process.exit(code)))
  }
  try {
    const port = opts.port === undefined ? undefined : Number(opts.port)
    if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536))
      throw new PortError(port, host, 'not a port number')
    server = await serve({ root: opts.root, port, strictPort: port !== undefined, host })
    console.log(
      `\n  docs-site serve ➜ ${server.url}\n  every version and locale is live; edits reload the page. Ctrl-C to stop.\n`,
    )
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
