import { yieldToEventLoop } from '../event-loop.js'
import { withFrontMatterImage } from './assets.js'
import fs from 'node:fs'
import path from 'node:path'
import type {
  Diagnostic,
  DocFrontMatter,
  Parsed,
  ParsedCategory,
  ParsedDoc,
  SiteConfig,
  SourceFile,
} from '../types.js'
import type { Strings } from '../../theme/i18n/format.js'
import { readFrontMatter } from './frontmatter.js'
import { numberPrefix } from '../number-prefix.js'
import { contentHash } from '../translation.js'
import { parseYaml } from './yaml.js'
import { readTagsFile } from './side-files.js'
import { LazyDoc } from './lazy-doc.js'
import { fromLine, readHead, readText, readTextLater } from './read-text.js'
import type { DocHeadCache, DocHeadEntry } from './head-cache.js'
import {
  ADMONITIONS,
  leadingTitle,
  TITLE_LINES,
  type MarkdownLabels,
  type MarkdownRenderer,
  type RenderedMarkdown,
} from './markdown.js'

export { readText }

export interface ParseContext {
  /** serve: parsed files kept between rebuilds, by path. */
  readonly cache?: ParseCache
  readonly config: SiteConfig
  readonly markdown: MarkdownRenderer
  /** The pages compiled as MDX (absolute paths): never read lazily. */
  readonly mdxPages?: ReadonlySet<string>
  readonly strings: (locale: string) => Strings
  /** serve: docs' bodies are rendered when first read (see LazyDoc); front matter is read now. */
  readonly lazy?: boolean
  /**
   * `build --version`: the docs of the versions left out are read as serve reads them (front matter
   * now, the body if ever asked for): the route table needs them, their pages are not written.
   */
  readonly skipBody?: (source: SourceFile) => boolean
  /** serve: front matter kept between starts (see head-cache.ts). */
  readonly heads?: DocHeadCache
  /** serve: each doc read lazily, as soon as it is read (see `homeFirst` in src/prepare.ts). */
  readonly onLazyDoc?: (doc: LazyDoc) => void
}

export interface ParseResult {
  readonly parsed: readonly Parsed[]
  readonly diagnostics: readonly Diagnostic[]
}

/**
 * Reads and renders every source. A broken file becomes diagnostics; the others still parse.
 * Yields to the event loop every ~50 ms, so Ctrl-C and a kill are handled while thousands of
 * files parse (and serve answers requests meanwhile).
 */
export async function parseSources(sources: readonly SourceFile[], ctx: ParseContext): Promise<ParseResult> {
  const parsed: Parsed[] = []
  const diagnostics: Diagnostic[] = []
  const labelsByLocale = new Map<string, MarkdownLabels>()
  let since = performance.now()
  for (const source of sources) {
    if (performance.now() - since > YIELD_MS) {
      await yieldToEventLoop()
      since = performance.now()
    }
    // serve: a file whose size and mtime did not change is not parsed again.
    // Size and mtime, read once: the serve caches (this one, and front matter across starts) key on it.
    const stamp = ctx.cache || ctx.heads ? fileStamp(source.absPath) : undefined
    const hit = stamp && ctx.cache?.get(source.absPath)
    if (hit && hit.stamp === stamp && includesUnchanged(hit)) {
      if (hit.parsed) parsed.push(hit.parsed)
      diagnostics.push(...hit.diagnostics)
      continue
    }
    const own: Diagnostic[] = []
    const included: string[] = []
    const result = parseOne(source, ctx, labelsByLocale, own, included, stamp)
    if (result) parsed.push(result)
    diagnostics.push(...own)
    // A page is parsed again when a partial it includes changes, too.
    const includes = included.map((f) => [f, fileStamp(f)] as const)
    if (stamp) ctx.cache?.set(source.absPath, { stamp, includes, parsed: result, diagnostics: own })
  }
  return { parsed, diagnostics }
}

const YIELD_MS = 50

/** What one file parsed to, for the serve-mode cache. */
export type ParseCache = Map<
  string,
  {
    stamp: string
    includes: ReadonlyArray<readonly [file: string, stamp: string | undefined]>
    parsed: Parsed | undefined
    diagnostics: readonly Diagnostic[]
  }
>

/** A cached doc is stale when a partial it includes changed (a lazy doc's once it rendered). */
function includesUnchanged(hit: NonNullable<ReturnType<ParseCache['get']>>): boolean {
  if (hit.parsed instanceof LazyDoc) return !hit.parsed.includesChanged
  return hit.includes.every(([file, s]) => fileStamp(file) === s)
}

export function fileStamp(absPath: string): string | undefined {
  try {
    const st = fs.statSync(absPath)
    return `${st.size}:${st.mtimeMs}`
  } catch {
    return undefined
  }
}

function parseOne(
  source: SourceFile,
  ctx: ParseContext,
  labelsByLocale: Map<string, MarkdownLabels>,
  diagnostics: Diagnostic[],
  included: string[],
  stamp: string | undefined,
): Parsed | undefined {
  let labels = labelsByLocale.get(source.locale)
  if (!labels) labelsByLocale.set(source.locale, (labels = markdownLabels(ctx.strings(source.locale))))
  // serve: a doc whose front matter was read by an earlier start, and has not changed since,
  // is not read now (its body is read when its page is first shown).
  const known = stamp && source.kind === 'doc' ? ctx.heads?.get(source.absPath, stamp) : undefined
  if (known && ctx.lazy && !isMdx(source, ctx)) {
    diagnostics.push(...known.diagnostics)
    if (known.data.draft === true) return undefined
    const body = () => {
      const text = readText(source, []) ?? ''
      return text
        .split('\n')
        .slice(known.bodyLine - 1)
        .join('\n')
    }
    return lazyDoc(source, known, ctx, labels, body)
  }
  if (source.kind === 'doc' && ctx.lazy && !isMdx(source, ctx)) {
    // Read lazily: its front matter is all it needs now, and the lines that may hold its title
    // when the front matter names none.
    const head = readHead(source, diagnostics, 0)
    if (head === undefined) return undefined
    // Without front matter, its first lines are read for the warning about a fence left out.
    const text = head.whole || head.text.startsWith('---') ? head.text : head.through(TITLE_LINES)
    const rest = head.whole
      ? undefined
      : { titleLines: () => head.through(TITLE_LINES), body: bodyOf(source) }
    return parseDoc(source, text, ctx, labels, diagnostics, included, stamp, rest)
  }
  const text = readText(source, diagnostics)
  if (text === undefined) return undefined
  if (source.kind === 'category') return parseCategory(source, text, diagnostics)
  if (source.kind === 'tags') return { kind: 'tags', source, defs: readTagsFile(source, diagnostics, 'tags') }
  return parseDoc(source, text, ctx, labels, diagnostics, included, stamp)
}

function lazyDoc(
  source: SourceFile,
  head: DocHeadEntry,
  ctx: ParseContext,
  labels: MarkdownLabels,
  body: string | (() => string),
): LazyDoc {
  const doc = new LazyDoc(
    {
      id: docIdFromPath(source.relPath, head.data.id),
      source,
      frontMatter: head.data,
      contentHash: head.contentHash ?? (() => contentHash(readText(source, []) ?? '')),
      title: head.data.title ?? head.leadingTitle ?? fallbackTitleOf(source.relPath),
      description: head.data.description,
      body,
    },
    (text, own) =>
      renderBody(ctx.markdown, source, { body: text, bodyLine: head.bodyLine }, labels, ctx.config, own),
    fileStamp,
  )
  ctx.onLazyDoc?.(doc)
  return doc
}

/** 'guide/01-install.md' → 'install': the title of a doc that names none. */
const fallbackTitleOf = (relPath: string) =>
  path.posix
    .basename(relPath)
    .replace(/\.mdx?$/, '')
    .replace(/^\d+[-_.]\s*/, '')

/** The UI strings markdown output needs, from the theme strings of a locale. */
export function markdownLabels(strings: Strings): MarkdownLabels {
  return {
    directLink: strings.directLink ?? 'Direct link to {heading}',
    copy: strings.copy ?? 'Copy',
    admonitions: Object.fromEntries(ADMONITIONS.map((k) => [k, strings[`admonition.${k}`] ?? k])),
    footnotes: strings.footnotes ?? 'Footnotes',
    footnoteBack: strings['footnote.back'] ?? 'Back to reference {n}',
    codeGroup: strings['codeGroup.label'] ?? 'Code',
    diagram: strings.diagram ?? 'Diagram',
    diagramError: strings['diagram.error'] ?? 'This diagram could not be drawn',
  }
}

/** 'guide/01-intro.md' → 'guide/intro' (number prefixes order files, as in Docusaurus). */
export function docIdFromPath(relPath: string, frontMatterId?: string): string {
  const parts = relPath
    .replace(/\.mdx?$/, '')
    .split('/')
    .map((p) => numberPrefix(p).name)
  if (frontMatterId) parts[parts.length - 1] = frontMatterId
  return parts.join('/')
}

/**
 * A lazily read doc's body, read from its file when first asked for. Made here, away from the
 * closures that hold the file's bytes while its front matter is parsed, so that the doc keeps none.
 */
const bodyOf = (source: SourceFile) => (bodyLine: number) => () =>
  fromLine(readText(source, []) ?? '', bodyLine)

/** A lazily read doc whose text so far is its front matter: how it reads more. */
interface LaterText {
  /** The text from the start, to the front matter's end and `TITLE_LINES` lines more. */
  readonly titleLines: () => string
  /** Its body, to read when the page is first shown. */
  readonly body: (bodyLine: number) => () => string
}

function parseDoc(
  source: SourceFile,
  text: string,
  ctx: ParseContext,
  labels: MarkdownLabels,
  diagnostics: Diagnostic[],
  included: string[],
  stamp: string | undefined,
  /** When `text` is the file's front matter only (`readHead`): how the rest is read. */
  rest?: LaterText,
): ParsedDoc | undefined {
  const fm = readFrontMatter(text, source.file)
  diagnostics.push(...fm.diagnostics)
  if (fm.diagnostics.some((d) => d.severity === 'error')) return undefined
  const data: DocFrontMatter = fm.data
  if (data.draft === true) return undefined
  const fallbackTitle = fallbackTitleOf(source.relPath)
  // MDX pages were compiled up front (their title comes from the compiled page): not lazily.
  if ((ctx.lazy || ctx.skipBody?.(source)) && !isMdx(source, ctx)) {
    const entry = {
      stamp: stamp ?? '',
      data,
      bodyLine: fm.bodyLine,
      // The body's `# title` names the page only when the front matter does not (a parse of
      // the body's first lines: a third of the time serve takes to read a doc's head).
      leadingTitle:
        data.title === undefined
          ? leadingTitle(rest ? fromLine(rest.titleLines(), fm.bodyLine) : fm.body)
          : undefined,
      diagnostics: fm.diagnostics,
    }
    if (entry.stamp) ctx.heads?.set(source.absPath, entry)
    return lazyDoc(source, entry, ctx, labels, rest?.body(fm.bodyLine) ?? fm.body)
  }
  const rendered = renderBody(ctx.markdown, source, fm, labels, ctx.config, diagnostics)
  if (!rendered) return undefined
  included.push(...rendered.includes)
  const later = !ctx.lazy && !ctx.cache
  const { frontMatter, assets } = withFrontMatterImage(data, rendered.assets, {
    root: ctx.config.root,
    file: source.file,
    diagnostics,
  })
  const doc: ParsedDoc = {
    kind: 'doc',
    id: docIdFromPath(source.relPath, data.id),
    source,
    frontMatter,
    contentHash: later ? '' : contentHash(text),
    title: data.title ?? rendered.contentTitle ?? fallbackTitle,
    contentTitle: rendered.contentTitle,
    description: data.description,
    html: rendered.html,
    headings: rendered.headings,
    links: rendered.links,
    body: fm.body,
    assets,
    twin: rendered.twin,
  }
  if (later) readTextLater(doc, source, fm.bodyLine)
  return doc
}

function parseCategory(
  source: SourceFile,
  text: string,
  diagnostics: Diagnostic[],
): ParsedCategory | undefined {
  let data: Record<string, unknown>
  try {
    data = (parseYaml(text).data ?? {}) as Record<string, unknown>
  } catch (err) {
    const e = err as Error & { line?: number; column?: number }
    diagnostics.push({
      severity: 'error',
      code: 'category',
      message: `_category_ file: ${e.message}`,
      at: { file: source.file, line: e.line, column: e.column },
      source: text,
    })
    return undefined
  }
  const link = data.link as ParsedCategory['link'] | null | undefined
  if (link && link.type !== 'generated-index' && link.type !== 'doc') {
    diagnostics.push({
      severity: 'error',
      code: 'category',
      message: `link.type must be "generated-index" or "doc"`,
      at: { file: source.file },
    })
  }
  return {
    kind: 'category',
    source,
    dir: path.posix.dirname(source.relPath) === '.' ? '' : path.posix.dirname(source.relPath),
    label: typeof data.label === 'string' ? data.label : undefined,
    position: typeof data.position === 'number' ? data.position : undefined,
    collapsed: typeof data.collapsed === 'boolean' ? data.collapsed : undefined,
    collapsible: typeof data.collapsible === 'boolean' ? data.collapsible : undefined,
    className: typeof data.className === 'string' ? data.className : undefined,
    link: link === null ? null : (link ?? undefined),
  }
}

/**
 * A source's markdown body rendered with the site's renderer: partials relative to the file,
 * co-located assets under the project root. A renderer that throws is an error on the file, not
 * a crash; the body's own diagnostics are added. Docs, posts and standalone pages all use it.
 */
export function renderBody(
  markdown: MarkdownRenderer,
  source: { readonly file: string; readonly absPath: string },
  body: { readonly body: string; readonly bodyLine: number },
  labels: MarkdownLabels,
  config: SiteConfig,
  diagnostics: Diagnostic[],
): RenderedMarkdown | undefined {
  let rendered: RenderedMarkdown
  try {
    rendered = markdown(body.body, {
      file: source.file,
      absPath: source.absPath,
      bodyLine: body.bodyLine,
      labels,
      baseUrl: config.baseUrl,
      root: config.root,
    })
  } catch (err) {
    diagnostics.push({
      severity: 'error',
      code: 'markdown',
      message: `markdown could not be rendered: ${(err as Error).message}`,
      at: { file: source.file },
    })
    return undefined
  }
  diagnostics.push(...rendered.diagnostics)
  return rendered
}

const isMdx = (source: SourceFile, ctx: ParseContext) =>
  source.relPath.endsWith('.mdx') ||
  (ctx.config.markdown.format === 'mdx' &&
    (!ctx.config.markdown.mdxFallback || !!ctx.mdxPages?.has(source.absPath)))
