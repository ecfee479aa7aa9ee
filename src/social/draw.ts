import { loadFonts, type Fonts, type PlacedGlyph } from './fonts.js'
import { drawFrame, LEVELS, TEXT_COLOURS, textIndex, type CardBrand } from './frame.js'
import { createGlyphCache, SUBPIXEL, type GlyphCache } from './glyphs.js'
import { cardLines, type CardText, type TextLine } from './layout.js'
import { BAND, createPngEncoder, type IndexedImage } from './png.js'
import { loadResvg } from './resvg.js'

/**
 * Draws social cards from parts made once: the frame (frame.ts) and glyph bitmaps (glyphs.ts).
 * A card is a copy of the frame's palette indices with its title and section blended in, glyph
 * by glyph, then encoded reusing the frame's compressed rows (png.ts): about a millisecond or two
 * a card, where drawing the whole card as an SVG cost some fifty.
 */

export interface CardRenderer {
  /** The card's PNG; `timing.encode` adds the CPU milliseconds its encoding took (for the bench). */
  render(text: CardText, timing?: { encode: number }): Buffer
}

interface Canvas {
  readonly image: IndexedImage
  /** Bands of rows (png.ts) that text was drawn in. */
  readonly dirty: boolean[]
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

function blendGlyph(canvas: Canvas, cache: GlyphCache, line: TextLine, glyph: PlacedGlyph) {
  const { width, height, pixels } = canvas.image
  const colour = TEXT_COLOURS.indexOf(line.color as (typeof TEXT_COLOURS)[number])
  const lut = OVER_WHITE[colour]!
  const penX = line.x + glyph.x
  const whole = Math.floor(penX)
  // The pen's fraction rounded to a quarter pixel; a fraction that rounds up to 1 is the next pixel.
  const steps = Math.round((penX - whole) * SUBPIXEL)
  const bitmap = cache.get(glyph.face, glyph.id, line.size, (steps % SUBPIXEL) / SUBPIXEL)
  const left = whole + Math.floor(steps / SUBPIXEL) + bitmap.left
  const top = Math.round(line.baseline + glyph.y) + bitmap.top
  for (let row = 0; row < bitmap.height; row++) {
    const y = top + row
    if (y < 0 || y >= height) continue
    canvas.dirty[Math.floor(y / BAND)] = true
    for (let col = 0; col < bitmap.width; col++) {
      const cover = bitmap.coverage[row * bitmap.width + col]!
      const x = left + col
      if (cover === 0 || x < 0 || x >= width) continue
      const at = y * width + x
      const under = pixels[at]!
      pixels[at] = under === 0 ? lut[cover]! : overlap(under, colour, cover)
    }
  }
}

const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000

export async function createCardRenderer(
  brand: CardBrand,
  fonts: Fonts = loadFonts(),
): Promise<CardRenderer> {
  await loadResvg()
  const frame = drawFrame(fonts, brand)
  const encoder = createPngEncoder(frame)
  const glyphs = createGlyphCache(fonts.faces)
  const bands = Math.ceil(frame.height / BAND)
  // One canvas for every card: after each, the bands its text touched get the frame's rows back.
  const canvas: Canvas = {
    image: { ...frame, pixels: frame.pixels.slice() },
    dirty: new Array<boolean>(bands),
  }
  return {
    render(text, timing) {
      canvas.dirty.fill(false)
      for (const line of cardLines(fonts, text, brand.siteTitle, brand.logo !== undefined))
        for (const glyph of fonts.shape(line.text, line.weight, line.size).glyphs)
          blendGlyph(canvas, glyphs, line, glyph)
      const start = timing && process.cpuUsage()
      const png = encoder.encode(canvas.image, canvas.dirty)
      if (start) timing.encode += cpuMs(process.cpuUsage(start))
      canvas.dirty.forEach((dirty, band) => {
        const rows = [band * BAND * frame.width, Math.min((band + 1) * BAND, frame.height) * frame.width]
        if (dirty) canvas.image.pixels.set(frame.pixels.subarray(rows[0], rows[1]), rows[0])
      })
      return png
    },
  }
}
