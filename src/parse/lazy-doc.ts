import type { Diagnostic, DocFrontMatter, Heading, LinkRef, ParsedDoc, SourceFile } from '../types.js'
import type { RenderedMarkdown } from './markdown.js'
import type { TwinTemplate } from '../content-types.js'

/** What a doc's body renders to, once. */
interface Body {
  readonly html: string
  readonly headings: readonly Heading[]
  readonly links: readonly LinkRef[]
  readonly assets: ReadonlyMap<string, string> | undefined
  /** Partials included, with their stamps when the body rendered. */
  readonly includes: ReadonlyMap<string, string | undefined>
  readonly diagnostics: readonly Diagnostic[]
  readonly twin: TwinTemplate | undefined
  readonly contentTitle: string | undefined
}

/** The parts of a doc known from its front matter and a glance at its first lines. */
export type DocHead = Pick<ParsedDoc, 'id' | 'source' | 'frontMatter' | 'title' | 'description'> & {
  /**
   * The file's content hash, or how to compute it: only a translation that records its source's
   * hash asks for it, so serve's start does not hash every file.
   */
  readonly contentHash: string | (() => string)
  /** The markdown after the front matter, or how to read it. */
  readonly body: string | (() => string)
}

/**
 * A doc whose body is rendered the first time something reads it (`serve`): the route table and
 * the sidebars need only titles, ids, slugs and positions, so a site of thousands of pages is
 * listening after reading front matter, and a page's markdown is rendered when it is shown.
 * Its body keeps its code placeholders, as a build's docs do: serve's html stage fills them for
 * the page it renders (`src/html/content.ts`).
 */
export class LazyDoc implements ParsedDoc {
  readonly kind = 'doc'
  readonly id: string
  readonly source: SourceFile
  readonly frontMatter: Readonly<DocFrontMatter>
  readonly title: string
  readonly description: string | undefined
  private text: { contentHash: string | (() => string); body: string | (() => string) }
  private rendered: Body | undefined
  private renderBody: (body: string, diagnostics: Diagnostic[]) => RenderedMarkdown | undefined
  private readonly stamp: (file: string) => string | undefined

  constructor(
    head: DocHead,
    renderBody: (body: string, diagnostics: Diagnostic[]) => RenderedMarkdown | undefined,
    /** A file's size and mtime, to tell later whether a partial changed. */
    stamp: (file: string) => string | undefined,
  ) {
    this.id = head.id
    this.source = head.source
    this.frontMatter = head.frontMatter
    this.title = head.title
    this.description = head.description
    this.text = { contentHash: head.contentHash, body: head.body }
    this.renderBody = renderBody
    this.stamp = stamp
  }

  get contentHash(): string {
    const { contentHash } = this.text
    return typeof contentHash === 'string'
      ? contentHash
      : ((this.text = { ...this.text, contentHash: contentHash() }).contentHash as string)
  }
  get body(): string {
    const { body } = this.text
    // A doc known from the cache of front matter reads its file when its body is first needed.
    return typeof body === 'string' ? body : ((this.text = { ...this.text, body: body() }).body as string)
  }

  /**
   * serve: the file was saved with the same front matter and title (`next` is it read again).
   * This doc takes `next`'s body, to be rendered when next read; every route that shows it and
   * every sidebar that lists it stay as they are.
   */
  takeBody(next: LazyDoc): void {
    this.text = next.text
    this.renderBody = next.renderBody
    this.rendered = undefined
  }

  get html(): string {
    return this.force().html
  }
  get headings(): readonly Heading[] {
    return this.force().headings
  }
  get links(): readonly LinkRef[] {
    return this.force().links
  }
  get assets(): ReadonlyMap<string, string> | undefined {
    return this.force().assets
  }
  get twin(): TwinTemplate | undefined {
    return this.force().twin
  }
  get contentTitle(): string | undefined {
    return this.force().contentTitle
  }
  /** Has the body been rendered (its assets and includes are known)? */
  get isRendered(): boolean {
    return this.rendered !== undefined
  }
  /** Problems in the body (a broken partial, an unknown code language), once it is rendered. */
  get bodyDiagnostics(): readonly Diagnostic[] {
    return this.force().diagnostics
  }
  /** Has a partial the rendered body includes changed since? (Then the doc must be read again.) */
  get includesChanged(): boolean {
    for (const [file, stamp] of this.rendered?.includes ?? []) if (this.stamp(file) !== stamp) return true
    return false
  }

  /** Renders the body now if it was not yet. A body that cannot render is empty, with its errors. */
  force(): Body {
    if (this.rendered) return this.rendered
    const diagnostics: Diagnostic[] = []
    const r = this.renderBody(this.body, diagnostics)
    this.rendered = {
      html: r?.html ?? '',
      headings: r?.headings ?? [],
      links: r?.links ?? [],
      assets: r?.assets,
      includes: new Map((r?.includes ?? []).map((f) => [f, this.stamp(f)])),
      diagnostics,
      twin: r?.twin,
      contentTitle: r?.contentTitle,
    }
    return this.rendered
  }
}
