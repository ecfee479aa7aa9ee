import path from 'node:path'
import type { BuildOptions, BuildResult, Diagnostic, Route, SiteConfig } from './types.js'
import { Diagnostics, DocsSiteError, EXIT } from './errors.js'
import { step } from './log.js'
import { postProcess, staticCollisions } from './postprocess.js'
import { checkHtmlLinks } from './links/check.js'
import {
  linkTargets,
  pageCounts,
  renderInBatches,
  searchIndex,
  startCards,
  versionFilter,
  writeTwins,
} from './build-steps.js'
import { llmsFiles } from './machine/llms.js'
import { acquireLock, createStaging, type Staging } from './write.js'
import { prepare, type BuildCache } from './prepare.js'

/**
 * The error of a site with no page to build (no docs, posts, pages or API reference): a missing
 * or misnamed content folder, said where docs-site looked.
 */
function nothingToBuild(config: SiteConfig, routes: readonly Route[]): Diagnostic | undefined {
  if (routes.some((r) => r.data.kind !== 'not-found')) return undefined
  const docs = [...new Set(Object.values(config.sources.docs[config.defaultLocale] ?? {}))]
  const rel = (p: string) => path.relative(config.root, p).split(path.sep).join('/') || '.'
  return {
    severity: 'error',
    code: 'config',
    message: `nothing to build: no docs in ${docs.map(rel).join(', ') || 'content/docs'}, no blog posts, no pages and no API reference`,
    at: { file: config.configFile ? rel(config.configFile) : rel(config.root) },
    hint:
      config.layout === 'docusaurus'
        ? 'check docs.path in the Docusaurus config, and that the docs are .md or .mdx files'
        : 'put markdown files under content/docs/ (see the README), or check the root folder',
  }
}

/** The whole pipeline. Throws DocsSiteError on any error diagnostic; writes nothing then. */
export async function build(
  config: SiteConfig,
  options: BuildOptions & { cache?: BuildCache } = {},
): Promise<BuildResult> {
  const t0 = performance.now()
  const log = options.log
  const diags = new Diagnostics()
  const push = (list: readonly Diagnostic[]) => list.forEach((d) => diags.add(d))
  const release = options.write === false ? undefined : acquireLock(config)
  let staging: Staging | undefined
  let social: ReturnType<typeof startCards> | undefined
  try {
    // Files go to the staging folder as they are made; it is swapped in only if the build succeeds.
    staging = options.write === false ? undefined : createStaging(config)
    const only = versionFilter(config, options.versions)
    const llmsOn = !!config.llms && !!config.url && only.latest
    const prepared = await prepare(config, options)
    push(prepared.diagnostics)
    const { site } = prepared
    const empty = nothingToBuild(config, site.routes)
    // Only this error: the broken links of a site without pages would say nothing useful.
    if (empty) throw new DocsSiteError([empty], EXIT.config)
    // Twins are made from the sources, so they are written while the docs' code is still being
    // highlighted (the first pages' render waits for theirs).
    const twins = await step('twins', log, () =>
      writeTwins(prepared, site.routes.filter(only.builds), staging, llmsOn),
    )
    const renderDiags: Diagnostic[] = []
    const cards = (social = startCards(config, staging)).cards
    const routes = site.routes.filter(only.builds)
    const pages = await step('render', log, () =>
      renderInBatches(prepared, routes, {
        diagnostics: renderDiags,
        staging,
        cards,
        workers: options.finishWorkers,
      }),
    )
    await prepared.releaseCode()
    push(renderDiags)
    if (cards) push(await step('cards', log, () => cards.settle()))
    // Every route, with a version filter too: each job's sitemap and feeds are the whole site's.
    const extra = postProcess(site, site.routes, { staticFiles: prepared.staticFiles })
    const llms = only.latest ? llmsFiles(site, twins.kept) : new Map<string, string>()
    const output = new Map<string, string | Uint8Array>([
      ...prepared.files,
      ...extra,
      ...(staging ? [] : twins.kept),
      ...llms,
      ...social.files,
      ...(staging ? [] : pages.map((p) => [p.route.outFile, p.html] as const)),
    ])
    const files = new Set([...output.keys(), ...twins.files, ...linkTargets(prepared, pages, only.builds)])
    const written = new Set([...output.keys(), ...routes.map((r) => r.outFile), ...twins.files])
    push(staticCollisions(config, prepared.staticFiles, written))
    push(
      await step('links', log, () =>
        checkHtmlLinks({
          config,
          pages,
          files,
          locales: prepared.locales,
          locateSpecText: prepared.locateSpecText,
        }),
      ),
    )
    diags.throwIfErrors()
    // A job of a split build cannot index the whole site: `docs-site index` does, after the merge.
    if (config.search && !options.versions)
      for (const [file, contents] of await searchIndex(config, pages, staging, { log, diags }))
        output.set(file, contents)
    if (staging) await step('write', log, () => staging!.commit(output))
    staging = undefined
    return {
      site,
      output,
      diagnostics: diags.list(),
      stats: { pages: pages.length, byLocaleVersion: pageCounts(pages), ms: performance.now() - t0 },
    }
  } finally {
    await social?.cards?.stop()
    staging?.abort()
    release?.()
  }
}
