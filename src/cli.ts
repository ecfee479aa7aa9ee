import fs from 'node:fs'
import path from 'node:path'
import { Command, Option } from 'commander'
import { loadConfig } from './config.js'
import { blockedBy, OUTPUT_MARKER } from './out-dir.js'
import { build } from './build.js'
import type { BuildCache } from './prepare.js'
import { createParallelHighlighter } from './parse/highlight-parallel.js'
import { openHighlightCache } from './parse/highlight-cache.js'
import { DocsSiteError, summarize } from './errors.js'
import {
  createReporter,
  defaultFormat,
  FORMATS,
  type Format,
  type Reporter,
  type ReportPage,
} from './report.js'
import { abortStagings } from './write.js'
import { checkUpToDate } from './up-to-date.js'
import type { Route, SiteConfig } from './types.js'

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** `--format`, shared by the commands that report diagnostics; the default depends on the CI. */
const formatOption = () =>
  new Option(
    '--format <format>',
    'how to print diagnostics (default: github under GitHub Actions, else text)',
  )
    .choices(FORMATS)
    .default(defaultFormat(), defaultFormat())

/**
 * Maps errors to exit codes: a user's mistake prints diagnostics, a bug prints a stack. `outDir`
 * names the output folder of a build, whose previous output is said intact only if there is one.
 */
async function run(
  fn: () => Promise<void>,
  reporter = createReporter('text', ''),
  outDir?: () => string,
): Promise<void> {
  try {
    await fn()
  } catch (err) {
    if (err instanceof DocsSiteError) {
      reporter.diagnostics(err.diagnostics)
      const dir = outDir?.()
      const previous = dir === undefined || fs.existsSync(path.join(dir, OUTPUT_MARKER))
      console.error(
        `\n✖ ${summarize(err.diagnostics)}. Nothing was written${previous ? '; the previous output is intact' : ''}.`,
      )
      process.exitCode = err.exitCode
      return
    }
    console.error(err)
    console.error('\nThis is a bug in docs-site, not in your content. Please report it with the stack above.')
    process.exitCode = 1
  }
}

/** On Ctrl-C or a kill, remove the staging folder and the lock, leaving the previous output as it was. */
function cleanUpOnSignal(config: SiteConfig) {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      abortStagings()
      fs.rmSync(`${config.dirs.out}.lock`, { force: true })
      process.exit(code)
    })
  }
}

// Program options (`--version` among them) only before the command: `build --version v1` is
// build's own filter, not the program's version.
const program = new Command('docs-site')
  .description('Build fast static documentation sites')
  .version(pkg.version)
  .enablePositionalOptions()

program
  .command('build')
  .description('build every page of every version and locale into the output folder')
  .option('--root <dir>', 'project root', '.')
  .option('--out-dir <dir>', 'output folder (default: build)')
  .option('--locale <locales...>', 'build only these locales')
  .option(
    '--version <versions...>',
    'write only the pages of these versions (and the shared ones): one job of a split build',
  )
  .option('--quiet', 'print only problems and the summary')
  .addOption(formatOption())
  .action((opts: BuildCliOptions) => {
    const reporter = createReporter(opts.format, 'build')
    // Until the config says otherwise, the output folder the options name.
    let out = path.resolve(opts.root, opts.outDir ?? 'build')
    return run(
      async () => {
        // The highlight worker loads shiki (~0.3 s) while the config loads and sources are found
        // (unless the blocks highlighted by the last build are all it needs).
        const cache: BuildCache = {
          highlighter: createParallelHighlighter(openHighlightCache(path.resolve(opts.root))),
          oneBuild: true,
        }
        const config = await loadConfig(opts.root, { outDir: opts.outDir })
        out = config.dirs.out
        // An output folder that cannot be made is a write error (exit 1), as when the disk is full.
        const blocked = blockedBy(out)
        if (blocked)
          throw new DocsSiteError(
            [
              {
                severity: 'error',
                code: 'output',
                message: `cannot write the output folder ${out}: it ${blocked}`,
              },
            ],
            1,
          )
        refuseUnknown('locale', opts.locale, config.locales)
        refuseUnknown(
          'version',
          opts.version,
          config.versions.map((v) => v.name),
        )
        const t0 = performance.now()
        const upToDate = checkUpToDate(config, { locales: opts.locale, versions: opts.version })
        const where = path.relative(process.cwd(), config.dirs.out) || '.'
        if (upToDate.kept) {
          cache.highlighter?.stop?.()
          reporter.diagnostics(upToDate.kept.diagnostics, upToDate.kept.pages)
          reporter.info(
            `✔ ${upToDate.kept.summary} → ${where} kept: nothing changed since the last build (${((performance.now() - t0) / 1000).toFixed(2)} s) · ${summarize(upToDate.kept.diagnostics)}`,
          )
          return
        }
        cleanUpOnSignal(config)
        const result = await build(config, {
          locales: opts.locale,
          versions: opts.version,
          cache,
          log: opts.quiet ? undefined : reporter.info,
        })
        const pages = result.site.routes.map(reportPage)
        reporter.diagnostics(result.diagnostics, pages)
        const per = Object.entries(result.stats.byLocaleVersion)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')
        const summary = `${result.stats.pages} pages (${per})`
        upToDate.save({ diagnostics: result.diagnostics, pages, summary })
        reporter.info(
          `✔ ${summary} → ${where} in ${(result.stats.ms / 1000).toFixed(2)} s · ${summarize(result.diagnostics)}`,
        )
      },
      reporter,
      () => out,
    )
  })

interface BuildCliOptions {
  root: string
  outDir?: string
  locale?: string[]
  version?: string[]
  quiet?: boolean
  format: Format
}

/** `--locale` and `--version` name configured ones (exit 3 otherwise). */
function refuseUnknown(what: string, given: readonly string[] | undefined, known: readonly string[]): void {
  const unknown = given?.filter((g) => !known.includes(g)) ?? []
  if (unknown.length)
    throw new DocsSiteError(
      [
        {
          severity: 'error',
          code: 'config',
          message: `unknown ${what} ${unknown.join(', ')}; configured: ${known.join(', ')}`,
        },
      ],
      3,
    )
}

interface CheckLinksCliOptions {
  root: string
  outDir?: string
  external?: boolean
  perHost: string
  timeLimit: string
  format: Format
}

/** A built page for JUnit reports: its URL, and the source file its diagnostics name. */
function reportPage(route: Route): ReportPage {
  return { name: route.url, file: route.source }
}

program
  .command('index')
  .description('write the search index of a built folder (after merging the jobs of a split build)')
  .option('--root <dir>', 'project root', '.')
  .option('--out-dir <dir>', 'built folder (default: the config outDir)')
  .action((opts: { root: string; outDir?: string }) => {
    const reporter = createReporter('text', 'index')
    return run(async () => {
      const config = await loadConfig(opts.root, { outDir: opts.outDir })
      const { indexBuiltFolder } = await import('./search-folder.js')
      await indexBuiltFolder(config)
      reporter.info(
        `✔ search index → ${path.join(path.relative(process.cwd(), config.dirs.out), 'pagefind')}`,
      )
    }, reporter)
  })

// serve and check-links load their libraries (ws, chokidar, linkinator) only when used.
program
  .command('serve')
  .description('preview every version and locale with live reload (127.0.0.1 only unless --host)')
  .option('--root <dir>', 'project root', '.')
  .option('--port <port>', 'port (default: 3000, or the next free one)')
  .option('--host <host>', 'interface to bind (default: 127.0.0.1)')
  .action((opts: { root: string; port?: string; host?: string }) =>
    run(async () => (await import('./serve/index.js')).runServe(opts)),
  )

program
  .command('check-links')
  .description('crawl the built folder with linkinator (fragments included); exit 2 on a broken link')
  .option('--root <dir>', 'project root', '.')
  .option('--out-dir <dir>', 'built folder to check (default: the config outDir)')
  .option('--external', 'also check links to other sites (one request per URL, bounded)')
  .option('--per-host <n>', 'with --external: requests at a time to one host', '2')
  .option('--time-limit <seconds>', 'with --external: time limit of the external pass', '60')
  .addOption(formatOption())
  .action((opts: CheckLinksCliOptions) => {
    const reporter: Reporter = createReporter(opts.format, 'check-links')
    return run(async () => (await import('./links/crawl.js')).runCheckLinks(opts, reporter), reporter)
  })

program
  .command('init')
  .description('write docs-site.config.ts; --from-docusaurus makes it from the project’s Docusaurus config')
  .option('--root <dir>', 'project root', '.')
  .option(
    '--from-docusaurus',
    'map docusaurus.config.* onto docs-site’s config (the sources stay where they are)',
  )
  .option('--force', 'replace an existing docs-site.config.ts')
  .action((opts: { root: string; fromDocusaurus?: boolean; force?: boolean }) => {
    const reporter = createReporter('text', 'init')
    return run(async () => {
      if (!opts.fromDocusaurus)
        throw new DocsSiteError(
          [
            {
              severity: 'error',
              code: 'config',
              message: 'init needs --from-docusaurus (the only source it knows)',
            },
          ],
          3,
        )
      const { initFromDocusaurus } = await import('./docusaurus/init.js')
      const result = await initFromDocusaurus(opts.root, { force: opts.force })
      reporter.diagnostics(result.diagnostics)
      for (const note of result.notes) console.error(`note: ${note}`)
      console.error(`✔ wrote ${path.relative(process.cwd(), result.file) || result.file}`)
    }, reporter)
  })

await program.parseAsync(process.argv)
