import type { Fonts, Weight } from './fonts.js'

/**
 * Where things go on a social card. The card (1200×630, light theme):
 *
 *   ┌──────────────── 14 px primary border ────────────────┐
 *   │ [logo 64] Site title (34 px bold)                     │  ← header, top of the padding
 *   │                                                       │
 *   │ Page title (68, 56 or 46 px bold, up to three lines)  │  ← centred between header and footer
 *   │                                                       │
 *   │ ▌ Section · version (30 px)                           │  ← footer, bottom of the padding
 *   └───────────────────────────────────────────────────────┘
 *
 * Padding 56 px at the top (below the border), 80 px at the sides and 60 px at the bottom; the
 * boxes are as CSS lays them out: a text line's box is as tall as the font's ascent plus descent
 * (line-height: normal), or 1.2 times its size for the title, and the text is centred in it.
 */

export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630

export interface CardText {
  /** The page title, as in the page's <h1>. */
  readonly title: string
  /** Where the page belongs: "Integration · v2", "API reference · v2", "Blog". */
  readonly section: string
}

/** The light theme's colours (theme/styles/base.css): text, muted text, primary. */
export const INK = '#1c1e21'
export const MUTED = '#525860'
export const PRIMARY = '#0a5fb4'

export const BORDER = 14
const TOP = BORDER + 56
const BOTTOM = CARD_HEIGHT - 60
export const LEFT = 80
const WIDTH = CARD_WIDTH - 2 * LEFT
export const LOGO = 64
const LOGO_GAP = 22
const HEADER_SIZE = 34
const SECTION_SIZE = 30
export const BAR = { width: 12, height: 40, radius: 3, gap: 18 }

/** A line of text to draw: its left end on its baseline, in pixels. */
export interface TextLine {
  readonly text: string
  readonly weight: Weight
  readonly size: number
  readonly color: string
  readonly x: number
  readonly baseline: number
}

/** Long titles get a smaller size so that three lines at most fit beside the margins. */
function titleSize(title: string): number {
  if (title.length <= 40) return 68
  if (title.length <= 70) return 56
  return 46
}

/** A title longer than this is cut at a word and ends with an ellipsis. */
const MAX_TITLE = 110

export function clampTitle(title: string): string {
  if (title.length <= MAX_TITLE) return title
  const cut = title.slice(0, MAX_TITLE)
  const space = cut.lastIndexOf(' ')
  return `${(space > 60 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** Lines of at most `width` px: broken between words, and inside a word only when it alone is wider. */
export function wrap(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (fits(candidate)) line = candidate
    else if (line && fits(word)) {
      lines.push(line)
      line = word
    } else {
      if (line) lines.push(line)
      line = ''
      for (const char of word) {
        if (line && !fits(line + char)) {
          lines.push(line)
          line = ''
        }
        line += char
      }
    }
  }
  if (line) lines.push(line)
  return lines
}

/** The height of a text line's box at `size` with line-height: normal, and its baseline in it. */
function normalLine(fonts: Fonts, size: number, box: number, top: number): number {
  const { ascent, descent } = fonts.metrics(size)
  return top + (box - (ascent + descent)) / 2 + ascent
}

const headerHeight = (fonts: Fonts, logo: boolean) => {
  const { ascent, descent } = fonts.metrics(HEADER_SIZE)
  return Math.max(logo ? LOGO : 0, ascent + descent)
}

/** What every card of a site shares: the logo's place and the site title's line. */
export function frameLayout(fonts: Fonts, siteTitle: string, logo: boolean) {
  const header = headerHeight(fonts, logo)
  const siteLine: TextLine = {
    text: siteTitle,
    weight: 700,
    size: HEADER_SIZE,
    color: INK,
    x: LEFT + (logo ? LOGO + LOGO_GAP : 0),
    baseline: normalLine(fonts, HEADER_SIZE, header, TOP),
  }
  return {
    logo: { x: LEFT, y: TOP + (header - LOGO) / 2 },
    siteLine,
    bar: { x: LEFT, y: BOTTOM - BAR.height },
  }
}

/** The page title's lines: wrapped, and centred between the header and the footer. */
export function titleLines(fonts: Fonts, title: string, logo: boolean): TextLine[] {
  const clamped = clampTitle(title.normalize('NFC'))
  const size = titleSize(clamped)
  const lines = wrap(clamped, (line) => fonts.measure(line, 700, size) <= WIDTH)
  const lineBox = size * 1.2
  const header = headerHeight(fonts, logo)
  const top = TOP + header + (BOTTOM - BAR.height - TOP - header - lines.length * lineBox) / 2
  return lines.map((line, i): TextLine => ({
    text: line,
    weight: 700,
    size,
    color: INK,
    x: LEFT,
    baseline: normalLine(fonts, size, lineBox, top + i * lineBox),
  }))
}

/** The section's line, beside the bar (the site title when the page has no section). */
export function sectionLine(fonts: Fonts, section: string, siteTitle: string): TextLine {
  return {
    text: (section || siteTitle).normalize('NFC'),
    weight: 400,
    size: SECTION_SIZE,
    color: MUTED,
    x: LEFT + BAR.width + BAR.gap,
    baseline: normalLine(fonts, SECTION_SIZE, BAR.height, BOTTOM - BAR.height),
  }
}

/** The lines of one card: the title, wrapped and centred, then the section beside the bar. */
export function cardLines(fonts: Fonts, text: CardText, siteTitle: string, logo: boolean): TextLine[] {
  return [...titleLines(fonts, text.title, logo), sectionLine(fonts, text.section, siteTitle)]
}
