import type { Parsed } from '../docs/types.js'
import type { ParsedBlog } from '../blog/types.js'
import type { ParsedPage } from '../pages/types.js'
import type {
  ApiChanges,
  ApiMedia,
  ApiOperation,
  ApiRequestBody,
  ApiResponse,
  ApiSpec,
} from '../api-types.js'
import type { Route } from '../types.js'
import type { CodeHighlighter } from '../parse/highlight.js'
import { LazyDoc } from '../parse/lazy-doc.js'
import { noteFeatures, type ContentFeatures } from '../content-assets.js'
import { CODE_PLACEHOLDER } from '../parse/highlight-parallel.js'

// Parsing leaves each fenced code block as a placeholder (`<!--docs-site-code:N-->`) while worker
// threads highlight it. This is where the highlighted HTML takes the placeholders' place.

export type FillCode = (html: string) => string

/** What the content kinds parsed to: the parts that hold code blocks. */
export interface ParsedContent {
  readonly parsed: readonly Parsed[]
  readonly blog: ParsedBlog | undefined
  readonly pages: readonly ParsedPage[]
  readonly apis: ReadonlyMap<string, { spec: ApiSpec; changes: ApiChanges | undefined }>
}

/**
 * The code step of a build and of serve: waits for the highlighter and answers the content with
 * its code filled in, in copies (the parse results stay as parsing made them), and notes the
 * features the content uses. Docs keep their placeholders: filled at once, the bodies of every doc
 * would be held at several times their size until the end; each page fills its own as it renders
 * (`fillDocs`). A build's API pages keep theirs too (`apisAtRender`), and a build waits here only
 * for the blocks of the blog and the standalone pages (parsed first, so highlighted first): the
 * docs' and the API's are highlighted while the first pages render, each batch of pages waiting
 * for its own (`PreparedSite.settleBodies`). serve waits for every block.
 */
export async function settleCode(
  highlighter: CodeHighlighter,
  content: ParsedContent,
  features: ContentFeatures,
  /** A build: the API reference keeps its placeholders too, filled page by page (`apiPageFiller`). */
  apisAtRender = false,
): Promise<{ content: ParsedContent; fillDocs: FillCode }> {
  // The fill is live: it fills every block done by the time it is called.
  const fill = await highlighter.settle(
    apisAtRender ? stringsWithCode([content.blog, content.pages]) : undefined,
  )
  // Features are noted on the text around the code blocks: a block shows code, never a formula
  // or a diagram (their fences are not highlighted). serve's lazily read docs are noted as they
  // render (serve offers every feature's files).
  const noted: FillCode = (html) => {
    noteFeatures(features, html)
    return fill(html)
  }
  for (const p of content.parsed)
    if (p.kind === 'doc' && !(p instanceof LazyDoc)) noteFeatures(features, p.html)
  return {
    content: {
      parsed: content.parsed,
      blog: withCode(content.blog, noted),
      pages: withCode(content.pages, noted),
      apis: apisAtRender ? content.apis : withCode(content.apis, fill),
    },
    fillDocs: fill,
  }
}

/** The strings reachable from `value` (as `withCode` visits them) that hold code placeholders. */
function stringsWithCode(value: unknown): string[] {
  const found: string[] = []
  withCode(value, (s) => {
    if (s.includes(CODE_PLACEHOLDER)) found.push(s)
    return s
  })
  return found
}

/** How a build's API pages get their code (see `apiPageFiller`). */
export interface ApiPageFiller {
  /** The route as its page renders it: an operation with its samples and examples filled. */
  route(route: Route): Route
  /** The page's document with any code left (in descriptions) filled. */
  document(route: Route, html: string): string
  /** The route's page is rendered: the samples no page left to render shows are let go. */
  done(route: Route): void
}

/** Pages that need no filling: serve's (its API models are filled), and tests'. */
export const noApiFilling: ApiPageFiller = {
  route: (route) => route,
  document: (_route, html) => html,
  done: () => undefined,
}

/**
 * A build's API pages: their code stays placeholders in the model and is filled page by page,
 * the samples and examples (almost all of it) in a copy of the operation the page renders, the
 * rest in its document. An operation's samples, most of a large API's highlighted HTML (seven
 * languages an operation) and shown on its own page only, are let go (`release`) once the last
 * page that shows them is done: at 2,500 operations they were ~230 MB held to the end.
 */
export function apiPageFiller(
  routes: readonly Route[],
  fill: FillCode,
  release: (placeholder: string) => void,
): ApiPageFiller {
  const samplesOf = (route: Route) =>
    route.data.kind === 'api-operation' ? route.data.operation.samples.map((s) => s.html) : []
  const uses = new Map<string, number>()
  for (const route of routes) for (const p of samplesOf(route)) uses.set(p, (uses.get(p) ?? 0) + 1)
  return {
    route: (route) =>
      route.data.kind === 'api-operation'
        ? { ...route, data: { ...route.data, operation: filledOperation(route.data.operation, fill) } }
        : route,
    document: (route, html) => (route.data.kind.startsWith('api-') ? fill(html) : html),
    done(route) {
      for (const p of samplesOf(route)) {
        const left = uses.get(p)! - 1
        uses.set(p, left)
        if (left === 0) release(p)
      }
    },
  }
}

/**
 * The operation with its samples and its bodies' examples filled: React then writes them as they
 * are, where filling its whole document (a large API's pages are ~200 KB) copied every page once more.
 */
function filledOperation(op: ApiOperation, fill: FillCode): ApiOperation {
  const media = (m: ApiMedia): ApiMedia => ({
    ...m,
    examples: m.examples.map((e) => ({ ...e, html: fill(e.html) })),
  })
  const body = (b: ApiRequestBody | undefined) => b && { ...b, content: b.content.map(media) }
  const responses = (list: readonly ApiResponse[]) =>
    list.map((r) => ({ ...r, content: r.content.map(media) }))
  return {
    ...op,
    samples: op.samples.map((s) => ({ ...s, html: fill(s.html) })),
    requestBody: body(op.requestBody),
    responses: responses(op.responses),
    callbacks: op.callbacks.map((c) => ({
      ...c,
      requestBody: body(c.requestBody),
      responses: responses(c.responses),
    })),
  }
}

/**
 * `value` with the placeholders filled in every string reachable through plain objects, arrays and
 * Maps: a copy of each container that holds a filled string (itself or below), the container
 * itself where nothing changed, so what was shared stays shared. Class instances (a lazily read
 * doc) are left as they are.
 */
export function withCode<T>(value: T, fill: FillCode): T {
  const done = new Map<object, unknown>()
  const visit = (v: unknown): unknown => {
    if (typeof v === 'string') return fill(v)
    if (!v || typeof v !== 'object') return v
    if (done.has(v)) return done.get(v)
    // Met again while its parts are being filled (a cycle): it stands for itself.
    done.set(v, v)
    const copy = filledCopy(v, visit)
    done.set(v, copy)
    return copy
  }
  return visit(value) as T
}

/** A container with its parts visited: a copy if a part changed, else the container itself. */
function filledCopy(value: object, visit: (v: unknown) => unknown): object {
  if (value instanceof Map) {
    let copy: Map<unknown, unknown> | undefined
    for (const [k, v] of value) {
      const f = visit(v)
      if (f !== v) (copy ??= new Map(value)).set(k, f)
    }
    return copy ?? value
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    value.forEach((v, i) => {
      const f = visit(v)
      if (f !== v) (copy ??= [...value])[i] = f
    })
    return copy ?? value
  }
  const proto: unknown = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return value
  const obj = value as Record<string, unknown>
  let copy: Record<string, unknown> | undefined
  for (const k of Object.keys(obj)) {
    const f = visit(obj[k])
    if (f !== obj[k]) (copy ??= Object.assign(Object.create(proto) as object, obj))[k] = f
  }
  return copy ?? value
}
