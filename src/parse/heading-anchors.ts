import type { default as MarkdownItClass } from 'markdown-it'
import { slug as githubSlug } from 'github-slugger'

type MarkdownIt = InstanceType<typeof MarkdownItClass>

// Heading ids and their '#' permalinks, with the same output as markdown-it-anchor's
// `linkInsideHeader` (which this replaces): after each heading it looked the heading up again
// with `tokens.indexOf`, and the label of each permalink found its heading with a scan from the
// top, so a document with many headings took time in headings × tokens (48 s for a 5 MB page).
// Here each heading is visited once, and a repeated slug finds its next free number from where
// the previous one stopped instead of counting from 1 again.

export interface HeadingAnchorOptions {
  /** The permalink's aria-label and title for a heading's text. */
  label(text: string, env: unknown): string
}

export interface SlugState {
  /** Ids taken in this document. */
  readonly taken: Set<string>
  /** For a base slug, the next number to try ('intro' → 3 when intro-1 and intro-2 are taken). */
  readonly next: Map<string, number>
}

/** `base`, or `base-1`, `base-2`… whichever is free first; marks it taken. */
export function uniqueSlug(base: string, slugs: SlugState): string {
  let id = base
  let n = slugs.next.get(base) ?? 1
  while (slugs.taken.has(id)) id = `${base}-${n++}`
  slugs.next.set(base, n)
  slugs.taken.add(id)
  return id
}

/**
 * The ids taken in a page so far: its partials (include.ts) share the page's, so a heading of a
 * partial never takes an id the page's own headings have.
 */
export const slugStateOf = (env: unknown): SlugState =>
  ((env as { headingSlugs?: SlugState }).headingSlugs ??= { taken: new Set(), next: new Map() })

export function addHeadingAnchors(md: MarkdownIt, options: HeadingAnchorOptions): void {
  md.core.ruler.push('heading_anchors', (state) => {
    const slugs = slugStateOf(state.env)
    const tokens = state.tokens
    for (let i = 0; i < tokens.length; i++) {
      const heading = tokens[i]!
      if (heading.type !== 'heading_open') continue
      const inline = tokens[i + 1]!
      const children = inline.children ?? (inline.children = [])
      const text = children
        .filter((c) => c.type === 'text' || c.type === 'code_inline')
        .map((c) => c.content)
        .join('')
      // A heading of only punctuation or emoji has no letters to make an id of.
      const id = uniqueSlug(String(heading.attrGet('id') ?? (githubSlug(text) || 'section')), slugs)
      heading.attrSet('id', id)
      const label = options.label(inline.content, state.env)
      const open = new state.Token('link_open', 'a', 1)
      open.attrs = [
        ['class', 'hash-link'],
        ['href', `#${id}`],
        ['aria-label', label],
        ['title', label],
        // The '#' is not words of the page: search excerpts leave it out.
        ['data-pagefind-ignore', ''],
      ]
      const space = new state.Token('text', '', 0)
      space.content = ' '
      const symbol = new state.Token('html_inline', '', 0)
      symbol.content = '#'
      children.push(space, open, symbol, new state.Token('link_close', 'a', -1))
    }
  })
}
