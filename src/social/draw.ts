import { loadFonts, type Fonts } from './fonts.js'
import { drawFrame, LEVELS, TEXT_COLOURS, textIndex, type CardBrand } from './frame.js'
import { createGlyphCache, SUBPIXEL, type GlyphBitmap, type GlyphCache } from './glyphs.js'
import { sectionLine, titleLines, type CardText, type TextLine } from './layout.js'
import { BAND, createPngEncoder, type BandPiece, type Changes, type IndexedImage } from './png.js'
import { loadResvg } from './resvg.js'

/**
 * Draws social cards from parts made once: the frame (frame.ts), glyph bitmaps (glyphs.ts), and
 * the bands of rows a title or a section covers, compressed (png.ts). A card is the frame's
 * compressed bands with its title's and its section's in their place. A title or section is
 * drawn into a copy of the frame's rows, glyph by glyph, and its bands compressed, once a build:
 * the same title in another version or locale, or the same section on another page, costs
 * nothing but the copy of its bytes. Where a long title's bands reach its section's, the two are
 * drawn together.
 */

export interface CardRenderer {
  /** The card's PNG. */
  render(text: CardText): Buffer
}

/** Level (0…LEVELS-1) of coverage of `colour` a palette index stands for; 0 for any other colour. */
function levelOf(index: number, colour: number): number {
  const first = textIndex(colour, 1)
  return index >= first && index < first + LEVELS - 1 ? index - first + 1 : 0
}

/** The palette index of each coverage (0–255) of each text colour over white. */
const OVER_WHITE = TEXT_COLOURS.map((_, colour) =>
  Uint8Array.from({ length: 256 }, (_, cover) => textIndex(colour, Math.round((cover * (LEVELS - 1)) / 255))),
)

/** Coverage where antialiased edges of two glyphs meet: the second covers part of what the first left. */
function overlap(index: number, colour: number, cover: number): number {
  const before = (levelOf(index, colour) * 255) / (LEVELS - 1)
  return OVER_WHITE[colour]![Math.round(before + (cover * (255 - before)) / 255)]!
}

/** A glyph's bitmap where it goes on the card. */
interface Placed {
  readonly bitmap: GlyphBitmap
  readonly left: number
  readonly top: number
  readonly colour: number
}

function place(fonts: Fonts, cache: GlyphCache, lines: readonly TextLine[]): Placed[] {
  const placed: Placed[] = []
  for (const line of lines) {
    const colour = TEXT_COLOURS.indexOf(line.color as (typeof TEXT_COLOURS)[number])
    for (const glyph of fonts.shape(line.text, line.weight, line.size).glyphs) {
      const penX = line.x + glyph.x
      const whole = Math.floor(penX)
      // The pen's fraction rounded to a quarter pixel; a fraction that rounds up to 1 is the next pixel.
      const steps = Math.round((penX - whole) * SUBPIXEL)
      const bitmap = cache.get(glyph.face, glyph.id, line.size, steps % SUBPIXEL)
      if (!bitmap.height) continue
      const left = whole + Math.floor(steps / SUBPIXEL) + bitmap.left
      const top = Math.round(line.baseline + glyph.y) + bitmap.top
      placed.push({ bitmap, left, top, colour })
    }
  }
  return placed
}

/** Bands [from, to) the glyphs' bitmaps cover on an image `height` rows tall (to = from: none). */
function bandsOf(placed: readonly Placed[], height: number): [from: number, to: number] {
  let from = Infinity
  let to = -Infinity
  for (const p of placed) {
    const first = Math.max(p.top, 0)
    const last = Math.min(p.top + p.bitmap.height, height) - 1
    if (last < first) continue
    from = Math.min(from, Math.floor(first / BAND))
    to = Math.max(to, Math.floor(last / BAND) + 1)
  }
  return from < to ? [from, to] : [0, 0]
}

function blend(image: IndexedImage, p: Placed, changes: Changes) {
  const { width, height, scanlines } = image
  const end = changes.start + changes.length
  const { bitmap, left, top, colour } = p
  const lut = OVER_WHITE[colour]!
  for (let row = 0; row < bitmap.height; row++) {
    const y = top + row
    if (y < 0 || y >= height) continue
    const line = y * (width + 1) + 1
    for (let col = 0; col < bitmap.width; col++) {
      const cover = bitmap.coverage[row * bitmap.width + col]!
      const x = left + col
      if (cover === 0 || x < 0 || x >= width) continue
      const under = scanlines[line + x]!
      const index = under === 0 ? lut[cover]! : overlap(under, colour, cover)
      scanlines[line + x] = index
      changes.sum += index - under
      changes.weighted += (end - line - x) * (index - under)
    }
  }
}

/**
 * Compressed bands kept for titles and sections, by text. Enough for a version's or a locale's
 * worth of pages before its titles come again in the next (a few KB each); the oldest go first.
 */
const KEPT_PARTS = 4096

export async function createCardRenderer(
  brand: CardBrand,
  fonts: Fonts = loadFonts(),
): Promise<CardRenderer> {
  await loadResvg()
  const frame = drawFrame(fonts, brand)
  const encoder = createPngEncoder(frame)
  const glyphs = createGlyphCache(fonts.faces)
  const logo = brand.logo !== undefined
  // One canvas for every part: after each, the bands it drew in get the frame's rows back.
  const canvas: IndexedImage = { ...frame, scanlines: frame.scanlines.slice() }
  const parts = new Map<string, BandPiece | undefined>()

  /** The bands `lines` cover, drawn and compressed; undefined when they draw nothing. */
  const draw = (lines: readonly TextLine[]): BandPiece | undefined => {
    const placed = place(fonts, glyphs, lines)
    const [from, to] = bandsOf(placed, frame.height)
    if (from === to) return undefined
    const changes = encoder.changes(from, to)
    for (const p of placed) blend(canvas, p, changes)
    const piece = encoder.compress(canvas, from, to, changes)
    const { start, length } = changes
    canvas.scanlines.set(frame.scanlines.subarray(start, start + length), start)
    return piece
  }
  const part = (key: string, lines: () => readonly TextLine[]) => {
    if (parts.has(key)) return parts.get(key)
    const piece = draw(lines())
    if (parts.size >= KEPT_PARTS) parts.delete(parts.keys().next().value!)
    parts.set(key, piece)
    return piece
  }
  return {
    render(text) {
      const title = text.title.normalize('NFC')
      const section = (text.section || brand.siteTitle).normalize('NFC')
      const a = part(`title\n${title}`, () => titleLines(fonts, title, logo))
      const b = part(`section\n${section}`, () => [sectionLine(fonts, section, brand.siteTitle)])
      if (a && b && a.from < b.to && b.from < a.to) {
        const both = part(`both\n${title}\n${section}`, () => [
          ...titleLines(fonts, title, logo),
          sectionLine(fonts, section, brand.siteTitle),
        ])
        return encoder.encode(frame.palette, [both!])
      }
      return encoder.encode(
        frame.palette,
        [a, b].filter((p) => p !== undefined).sort((x, y) => x.from - y.from),
      )
    },
  }
}
