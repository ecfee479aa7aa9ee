import type { SiteConfig } from '../types.js'
import { htmlFilePages } from '../urls.js'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
// linkinator: a maintained crawler with fragment and redirect checks; this module is its only
// importer. It crawls the site itself; links to other sites are checked by crawl-external.ts.
import { LinkChecker, LinkState, type CheckOptions, type LinkResult } from 'linkinator'
import { loadConfig } from '../config.js'
import { DocsSiteError, EXIT } from '../errors.js'
import { createReporter, type Reporter } from '../report.js'
import type { Diagnostic } from '../types.js'
import { createHandler, diskFiles } from '../http/handler.js'
import { decodeEntities, decodeSafe } from '../text.js'
import { checkExternal, requestUrl, type ExternalCheckOptions } from './crawl-external.js'

export interface CheckLinksOptions {
  readonly root: string
  /** Built folder; defaults to the config's outDir. */
  readonly outDir?: string
  /** Check links to other sites too (otherwise skipped: the pre-merge gate makes no external request). */
  readonly external?: boolean
  /** Bounds of the external pass (per-host concurrency, time limit, retries). */
  readonly externalOptions?: ExternalCheckOptions
}

export interface BrokenLink {
  /** Page the link is on, as a URL path: '/guide/setup/'. */
  readonly page: string
  /** That page's file, relative to the working folder: 'build/guide/setup/index.html'. */
  readonly file: string
  /** Link target as written on the site: '/nope/', '/guide/intro/#missing', 'https://…'. */
  readonly url: string
  readonly status: number | undefined
  readonly reason: string
}

export interface CheckLinksResult {
  readonly broken: readonly BrokenLink[]
  readonly pages: number
  /** Each page checked: its URL path and its file, relative to the working folder. */
  readonly pageList: ReadonlyArray<{ readonly url: string; readonly file: string }>
  readonly checked: number
  readonly skipped: number
  /** With `external`: distinct external URLs requested, and those left unchecked with why. */
  readonly external?: {
    readonly checked: number
    readonly skipped: ReadonlyArray<{ readonly url: string; readonly reason: string }>
  }
}

/**
 * Crawls a built site with linkinator, served S3-style from a loopback server (a slash-less
 * folder gets a 302, which is reported: the generator never emits one). Every HTML page is a
 * starting point, so pages no link reaches are checked too; #fragments are checked against the
 * ids in the built HTML. External links are skipped unless `external`.
 */
export async function checkLinks(options: CheckLinksOptions): Promise<CheckLinksResult> {
  const config = await loadConfig(options.root, { outDir: options.outDir })
  const out = config.dirs.out
  const rel = (p: string) => path.relative(process.cwd(), p) || '.'
  if (!fs.existsSync(path.join(out, 'index.html')) && !fs.existsSync(path.join(out, '404.html'))) {
    throw new DocsSiteError(
      [
        {
          severity: 'error',
          code: 'output',
          message: `no built site in ${rel(out)}`,
          hint: 'run `docs-site build` first (or pass --out-dir)',
        },
      ],
      EXIT.content,
    )
  }
  const { server, origin } = await serveFolder(out, config)
  const pages = listHtml(out).map((f) => ({
    file: f,
    url:
      config.baseUrl +
      f
        .split('/')
        .map(encodeURIComponent)
        .join('/')
        .replace(/(^|\/)index\.html$/, '$1'),
  }))
  const own = (url: string) => url.startsWith(origin + '/')
  const check: CheckOptions = {
    path: pages.map((p) => origin + p.url),
    recurse: true,
    checkFragments: true,
    redirects: 'error',
    // The server is in this process, whose event loop also parses every page fetched: on a busy
    // machine a large page (an API reference's) waited past a 10 s limit behind 50 others, and
    // thousands of links were reported broken that were not. Fewer at a time, a long limit, and a
    // request that still fails (a timeout is status 0) is asked again.
    timeout: 60_000,
    concurrency: 16,
    retryErrors: true,
    retryErrorsCount: 2,
    retryErrorsJitter: 500,
    linksToSkip: async (url) => !own(url),
  }
  try {
    // linkinator checks a page's fragments when it fetches that page; a link to page#id seen
    // after the fetch would be missed. The second pass reuses the checker, which by then knows
    // every fragment, so all of them are checked.
    const checker = new LinkChecker()
    const first = await checker.check(check)
    const second = await checker.check(check)
    const links = [...first.links, ...second.links]
    const html = createHtmlReader(out, pages)
    const byUrl = new Map(pages.map((p) => [decodeSafe(p.url), p]))
    const broken = brokenOwnLinks(links, { origin, html, byUrl, file: (p) => rel(path.join(out, p)) })
    const external = options.external
      ? await checkExternalLinks(html.externalLinks(origin), options.externalOptions, (b) => {
          const page = byUrl.get(decodeSafe(b.page))!
          broken.push({ ...b, page: page.url, file: rel(path.join(out, page.file)) })
        })
      : undefined
    broken.sort((a, b) => a.page.localeCompare(b.page) || a.url.localeCompare(b.url))
    const distinct = new Map(links.map((l) => [l.url, l.state]))
    const count = (s: LinkState) => [...distinct.values()].filter((x) => x === s).length
    const isWeb = (url: string) => /^https?:/i.test(url) && !own(url)
    const skippedOther = [...distinct].filter(([u, s]) => s === LinkState.SKIPPED && !isWeb(u)).length
    return {
      external,
      broken,
      pages: pages.length,
      pageList: pages.map((p) => ({ url: p.url, file: rel(path.join(out, p.file)) })),
      checked: count(LinkState.OK) + count(LinkState.BROKEN) + (external?.checked ?? 0),
      skipped: external ? skippedOther + external.skipped.length : count(LinkState.SKIPPED),
    }
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

/**
 * Serves a built folder from a loopback port, as S3 would (see createHandler); a Docusaurus site's
 * `a.html` pages as the hosts it deploys to serve them.
 */
async function serveFolder(
  out: string,
  config: Pick<SiteConfig, 'baseUrl' | 'locales' | 'defaultLocale' | 'layout' | 'trailingSlash'>,
): Promise<{ server: http.Server; origin: string }> {
  const files = diskFiles(out)
  let port = 0
  const server = http.createServer(
    createHandler({
      files: () => files,
      hosts: () => ({ port, names: [], anyIp: false }),
      baseUrl: config.baseUrl,
      localePrefixes: config.locales.filter((l) => l !== config.defaultLocale),
      htmlFilePages: htmlFilePages(config),
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  return { server, origin: `http://127.0.0.1:${port}` }
}

/** linkinator's broken links to this site, by the page that has them (each page and URL once). */
function brokenOwnLinks(
  links: readonly LinkResult[],
  site: {
    readonly origin: string
    readonly html: ReturnType<typeof createHtmlReader>
    readonly byUrl: ReadonlyMap<string, { readonly file: string; readonly url: string }>
    /** A page's file as reported: relative to the working folder. */
    readonly file: (pageFile: string) => string
  },
): BrokenLink[] {
  const { origin, html, byUrl } = site
  const own = (url: string) => url.startsWith(origin + '/')
  const pageOf = (url: string | undefined) => (url && own(url) ? url.slice(origin.length) : (url ?? ''))
  const seen = new Set<string>()
  const broken: BrokenLink[] = []
  for (const link of links) {
    if (link.state !== LinkState.BROKEN) continue
    const reason = describe(link, origin)
    // A fragment result names the target page's parent, not the page with the link: find those.
    const parents =
      link.url.includes('#') && own(link.url) ? html.pagesLinkingTo(origin, link.url) : [pageOf(link.parent)]
    for (const parent of parents) {
      // Links found on a 404 response (its navbar) are not links of the site.
      const page = byUrl.get(decodeSafe(parent))
      const key = `${parent}\0${link.url}`
      if (!page || seen.has(key)) continue
      seen.add(key)
      broken.push({
        page: page.url,
        file: site.file(page.file),
        url: pageOf(link.url),
        status: link.status,
        reason,
      })
    }
  }
  return broken
}

/** Checks the site's external links (URL → pages linking to it); reports broken ones per page. */
async function checkExternalLinks(
  links: ReadonlyMap<string, ReadonlySet<string>>,
  options: ExternalCheckOptions | undefined,
  report: (b: Omit<BrokenLink, 'file'>) => void,
): Promise<NonNullable<CheckLinksResult['external']>> {
  const results = await checkExternal(links.keys(), options)
  const skipped: Array<{ url: string; reason: string }> = []
  let checked = 0
  for (const [url, r] of results) {
    if (r.state === 'skipped') skipped.push({ url, reason: r.reason })
    else checked++
  }
  for (const [url, pages] of links) {
    const r = results.get(requestUrl(url))
    if (r?.state !== 'broken') continue
    for (const page of pages) report({ page, url, status: r.status, reason: r.reason })
  }
  return { checked, skipped }
}

function describe(link: LinkResult, origin: string): string {
  const details = link.failureDetails ?? []
  const error = details.find((d): d is Error => d instanceof Error)
  if (error?.message.startsWith('Fragment identifier'))
    return `no element with id "${decodeURIComponent(link.url.slice(link.url.indexOf('#') + 1))}" on that page`
  if (error?.message.startsWith('Redirect detected')) {
    const location = details.map((d) => (d instanceof Error ? undefined : d.headers?.location)).find(Boolean)
    const to = location ? new URL(location, link.url).href.replace(origin, '') : undefined
    return `${link.status} redirect${to ? ` to ${to}` : ''}: link to the final URL, as S3 answers a slash-less folder with a redirect`
  }
  if (link.status) return `${link.status}${link.status === 404 ? ' not found' : ''}`
  return error ? error.message : 'no response'
}

/** Every .html file under `dir`, POSIX paths, dot entries left out. */
function listHtml(dir: string): string[] {
  const out: string[] = []
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')
    if (e.isFile() && file.endsWith('.html') && !file.split('/').some((s) => s.startsWith('.')))
      out.push(file)
  }
  return out.sort()
}

const HREF_RE = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi
/** href and src: the attributes linkinator follows for links and images. */
const URL_ATTR_RE = /\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi

/** Finds the pages whose HTML links to a given `page#fragment` URL (for exact report lines). */
function createHtmlReader(out: string, pages: ReadonlyArray<{ file: string; url: string }>) {
  const cache = new Map<string, string>()
  const read = (file: string) =>
    cache.get(file) ?? cache.set(file, fs.readFileSync(path.join(out, file), 'utf8')).get(file)!
  /** The links `attr` finds in page `p`, resolved against the page's URL; one that does not parse is passed over. */
  function* linksOf(p: { file: string; url: string }, attr: RegExp, origin: string): Generator<URL> {
    for (const m of read(p.file).matchAll(attr)) {
      let url: URL
      try {
        url = new URL(decodeEntities(m[1] ?? m[2] ?? m[3] ?? ''), origin + p.url)
      } catch {
        continue
      }
      yield url
    }
  }
  return {
    /** Links to other sites (http, https) in every page: URL as written → pages (URL paths). */
    externalLinks(origin: string): Map<string, Set<string>> {
      const found = new Map<string, Set<string>>()
      for (const p of pages) {
        for (const url of linksOf(p, URL_ATTR_RE, origin)) {
          if (!/^https?:$/.test(url.protocol) || url.origin === origin) continue
          const set = found.get(url.href) ?? found.set(url.href, new Set()).get(url.href)!
          set.add(p.url)
        }
      }
      return found
    },
    pagesLinkingTo(origin: string, target: string): string[] {
      const hash = target.indexOf('#')
      const base = target.slice(0, hash)
      const fragment = target.slice(hash + 1)
      const found: string[] = []
      for (const p of pages) {
        for (const url of linksOf(p, HREF_RE, origin)) {
          if (
            url.hash &&
            url.origin + url.pathname + url.search === base &&
            decodeSafe(url.hash.slice(1)) === fragment
          ) {
            found.push(p.url)
            break
          }
        }
      }
      return found
    },
  }
}

/** The CLI's `check-links`: broken links grouped by page, exit 2 when any is broken. */
export async function runCheckLinks(
  opts: { root: string; outDir?: string; external?: boolean; perHost?: string; timeLimit?: string },
  reporter: Reporter = createReporter('text', 'check-links'),
): Promise<void> {
  const perHost = Number(opts.perHost ?? 2)
  const timeLimit = Number(opts.timeLimit ?? 60)
  if (!(Number.isInteger(perHost) && perHost > 0) || !(timeLimit > 0)) {
    const message = `--per-host must be a whole number above 0 and --time-limit a number of seconds above 0 (got ${opts.perHost}, ${opts.timeLimit})`
    reporter.diagnostics([{ severity: 'error', code: 'config', message }])
    process.exitCode = EXIT.config
    return
  }
  const externalOptions: ExternalCheckOptions = { perHost, totalMs: timeLimit * 1000 }
  const t0 = performance.now()
  let result: CheckLinksResult
  try {
    result = await checkLinks({ ...opts, externalOptions })
  } catch (err) {
    if (!(err instanceof DocsSiteError)) throw err
    reporter.diagnostics(err.diagnostics)
    console.error(`\n✖ check-links could not run.`)
    process.exitCode = err.exitCode
    return
  }
  const diagnostics = result.broken.map((b): Diagnostic => ({
    severity: 'error',
    code: 'broken-link',
    message: `broken link on ${b.page} -> linking to ${b.url} (${b.reason})`,
    at: { file: b.file },
  }))
  reporter.diagnostics(
    diagnostics,
    result.pageList.map((p) => ({ name: p.url, file: p.file })),
  )
  const pagesWithBroken = new Set(result.broken.map((b) => b.page)).size
  const secs = ((performance.now() - t0) / 1000).toFixed(2)
  const skipped = result.skipped
    ? ` · ${result.skipped} skipped${opts.external ? '' : ' (external: use --external to check them)'}`
    : ''
  printSkipped(result.external?.skipped ?? [], reporter)
  if (result.broken.length) {
    console.error(
      `\n✖ ${result.broken.length} broken link${result.broken.length === 1 ? '' : 's'} on ${pagesWithBroken} page${pagesWithBroken === 1 ? '' : 's'} · ${result.checked} links checked on ${result.pages} pages in ${secs} s${skipped}`,
    )
    process.exitCode = EXIT.links
    return
  }
  reporter.info(
    `✔ ${result.checked} links checked on ${result.pages} pages in ${secs} s, none broken${skipped}`,
  )
}

/** What the external pass left unchecked, and why: the first 20, then a count. */
function printSkipped(skipped: ReadonlyArray<{ url: string; reason: string }>, reporter: Reporter): void {
  if (!skipped.length) return
  reporter.info(`${skipped.length} external link${skipped.length === 1 ? '' : 's'} not checked:`)
  for (const s of skipped.slice(0, 20)) reporter.info(`  ${s.url} (${s.reason})`)
  if (skipped.length > 20) reporter.info(`  … and ${skipped.length - 20} more`)
}
