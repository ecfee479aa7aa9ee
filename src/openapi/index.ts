import fs from 'node:fs'
import path from 'node:path'
import type { ApiChanges, ApiSpec, Diagnostic, SiteConfig, SourceLocation } from '../types.js'
import type { CodeHighlighter } from '../parse/highlight.js'
import { createMarkdown, type MarkdownLabels } from '../parse/markdown.js'
import type { SlugState } from '../parse/heading-anchors.js'
import type { LoadedSpec } from './load.js'
import { escapeHtml } from '../text.js'
import { formatPointer, parsePointer } from './pointer.js'
import { diffSpecs } from './diff.js'
import { API_BASE } from './routes.js'
import { readColocated } from '../parse/assets.js'

export interface LoadedApis {
  /** By version name. */
  readonly apis: Map<string, { spec: ApiSpec; changes: ApiChanges | undefined }>
  readonly diagnostics: Diagnostic[]
  /** Spec files offered for download, and images of its descriptions: output path → contents. */
  readonly files: Map<string, string | Uint8Array>
  /** Where a text of a spec is written: its spec file (as the model names it) and a JSON pointer → file and line. */
  readonly locateText: (specFile: string, pointer: string) => SourceLocation | undefined
}

/** serve: specs kept between rebuilds, by path, while their size and mtime stay the same. */
export type ApiCache = Map<string, { stamp: string; loaded: LoadedSpec; prose: SpecProse }>

/** What a spec's descriptions use beside their HTML: co-located images and files, and their errors. */
interface SpecProse {
  /** Output path → absolute path. */
  readonly assets: Map<string, string>
  /** A missing or outside file, and the description it is in. */
  readonly problems: Array<{ readonly diagnostic: Diagnostic; readonly at: ReadonlyArray<string | number> }>
}

/**
 * Marks the links of a spec's prose that point into a site (not to another origin): the link
 * check judges them with a warning naming the spec's file, line and JSON pointer, since the
 * spec's authors often wrote them for their own site (or for a page layout that is not ours).
 */
export function markSpecLinks(html: string, where: string): string {
  return html.replace(
    /<a href="(?![a-z][a-z\d+.-]*:|\/\/)/gi,
    `<a data-spec-link="${escapeHtml(where)}" href="`,
  )
}

/** Loads the OpenAPI spec of every version, and what changed from each older version. */
export async function loadApis(
  config: SiteConfig,
  highlighter: CodeHighlighter,
  labels: MarkdownLabels,
  cache?: ApiCache,
): Promise<LoadedApis> {
  // Specs are untrusted: their markdown renders with only raw HTML's formatting tags kept and
  // unsafe URLs refused.
  const render = createMarkdown(highlighter, {
    html: 'safe',
    placeholders: false,
    extended: false,
    titleHeading: false,
  })
  const diagnostics: Diagnostic[] = []
  const files = new Map<string, string | Uint8Array>()
  const specs = new Map<string, ApiSpec>()
  const locators = new Map<string, LoadedSpec['locate']>()
  const locateText = (specFile: string, pointer: string) => {
    const segments = parsePointer(pointer)
    return segments && locators.get(specFile)?.(segments)
  }
  if (!config.versions.some((v) => v.openapi)) return { apis: new Map(), diagnostics, files, locateText }
  // The OpenAPI parser and httpsnippet take ~0.2 s to import; a site without specs never pays it.
  const { loadApiSpec, stampOf } = await import('./load.js')
  await Promise.all(
    config.versions.map(async (version) => {
      if (!version.openapi) return
      const abs = path.resolve(config.root, version.openapi)
      if (!fs.existsSync(abs)) {
        diagnostics.push({
          severity: 'error',
          code: 'openapi',
          message: `OpenAPI file ${version.openapi} of version ${version.name} does not exist`,
          at: {
            file: config.configFile ? path.relative(config.root, config.configFile) : 'docs-site.config.ts',
          },
        })
        return
      }
      const file = path.relative(config.root, abs).split(path.sep).join('/')
      const hit = cache?.get(abs)
      const fresh = !(hit && hit.stamp === stampOf(hit.loaded.files))
      const prose: SpecProse = fresh ? { assets: new Map(), problems: [] } : hit!.prose
      const loaded = !fresh
        ? hit!.loaded
        : await loadApiSpec(abs, {
            file,
            projectRoot: config.root,
            specUrl: config.url
              ? new URL(
                  `${config.baseUrl}${version.path ? version.path + '/' : ''}${API_BASE}/${path.basename(abs)}`,
                  config.url,
                ).href
              : undefined,
            markdown: describer(render, { config, abs, file, labels, prose }),
            highlight: (code, lang) => highlighter.highlight(code, { lang, highlightLines: new Set() }).html,
          })
      cache?.set(abs, { stamp: stampOf(loaded.files), loaded, prose })
      diagnostics.push(...loaded.diagnostics)
      // At the description's line (the text's own lines count from its start).
      for (const { diagnostic, at } of prose.problems)
        diagnostics.push({ ...diagnostic, at: loaded.locate?.(at) ?? { file } })
      for (const [out, bytes] of readColocated([prose.assets])) files.set(out, bytes)
      if (loaded.locate) locators.set(file, loaded.locate)
      if (!loaded.spec) return
      specs.set(version.name, loaded.spec)
      // A spec kept as a tree of files is offered as the one bundled document.
      files.set(
        `${version.path ? version.path + '/' : ''}${API_BASE}/${path.basename(loaded.spec.file)}`,
        loaded.bundledText ?? fs.readFileSync(abs, 'utf8'),
      )
    }),
  )
  return { apis: withChanges(config, specs), diagnostics, files, locateText }
}

/**
 * How a spec's descriptions render: links carry the spec and JSON pointer (the line is looked up
 * only for a link reported broken); headings take ids apart from their page's; an image or file
 * a description names relatively is beside the spec, copied with the site as a doc's are.
 */
function describer(
  render: ReturnType<typeof createMarkdown>,
  o: { config: SiteConfig; abs: string; file: string; labels: MarkdownLabels; prose: SpecProse },
): (text: string, at: ReadonlyArray<string | number>) => string {
  const pageSlugs = headingSlugsByPage()
  // A spec the config names outside the project (a monorepo's api/ folder) brings its folder.
  const root = o.file.startsWith('../') ? path.dirname(o.abs) : o.config.root
  const file = path.relative(root, o.abs).split(path.sep).join('/')
  return (text, at) => {
    if (!text) return ''
    const r = render(text, {
      file,
      root,
      absPath: o.abs,
      bodyLine: 1,
      labels: o.labels,
      baseUrl: o.config.baseUrl,
      headingSlugs: pageSlugs(at),
    })
    for (const [out, source] of r.assets) o.prose.assets.set(out, source)
    for (const diagnostic of r.diagnostics)
      if (diagnostic.severity === 'error') o.prose.problems.push({ diagnostic, at })
    return markSpecLinks(r.html, `${o.file}${formatPointer(at)}`)
  }
}

/** Each version's spec with what changed from the next older version that has one. */
function withChanges(config: SiteConfig, specs: ReadonlyMap<string, ApiSpec>): LoadedApis['apis'] {
  const apis: LoadedApis['apis'] = new Map()
  config.versions.forEach((version, i) => {
    const spec = specs.get(version.name)
    if (!spec) return
    const older = config.versions.slice(i + 1).find((v) => specs.has(v.name))
    apis.set(version.name, {
      spec,
      changes: older
        ? diffSpecs(specs.get(older.name)!, spec, { from: older.label, to: version.label })
        : undefined,
    })
  })
  return apis
}

/** Where a version's spec file is offered for download. */
export function specDownloadHref(config: SiteConfig, versionPath: string, spec: ApiSpec): string {
  return `${config.baseUrl}${versionPath ? versionPath + '/' : ''}${API_BASE}/${path.posix.basename(spec.file)}`
}

/**
 * Ids an API page gives its own sections (theme/components/api): a description's `## Responses`
 * takes `responses-1` rather than a second `responses`, which its links and the table of
 * contents would confuse with the page's.
 */
const API_PAGE_IDS = [
  'added',
  'authorization',
  'callbacks',
  'changed',
  'code-samples',
  'parameters',
  'removed',
  'request-body',
  'request-example',
  'response-examples',
  'responses',
  'security-schemes',
  'servers',
]

/**
 * The heading ids taken on the page a description of the spec is shown on, by where it is: an
 * operation's descriptions (its own, its parameters', responses'…) share one page; so do a tag's;
 * the components' are shown on many pages and share one set.
 */
function headingSlugsByPage(): (at: ReadonlyArray<string | number>) => SlugState {
  const pages = new Map<string, SlugState>()
  return (at) => {
    const depth = at[0] === 'paths' || at[0] === 'webhooks' ? 3 : at[0] === 'tags' ? 2 : 1
    const key = JSON.stringify(at.slice(0, depth))
    let slugs = pages.get(key)
    if (!slugs) pages.set(key, (slugs = { taken: new Set(API_PAGE_IDS), next: new Map() }))
    return slugs
  }
}
