import type { Fonts } from './fonts.js'
import { BAR, BORDER, CARD_HEIGHT, CARD_WIDTH, INK, LOGO, MUTED, PRIMARY, frameLayout } from './layout.js'
import { toScanlines, type IndexedImage } from './png.js'
import { rasterise } from './resvg.js'

/**
 * The part of a card that every card of the site shares (white background, the top border, the
 * logo, the site title, the section's bar), drawn once a build by resvg and turned into palette
 * indices. The palette starts with white and the two text colours at LEVELS levels of coverage
 * over white (what antialiased text on the card is made of), then the frame's own colours.
 */

export interface CardBrand {
  readonly siteTitle: string
  /** The navbar logo (light theme) as a data: URI (SVG, PNG or JPEG), when the site has one. */
  readonly logo: string | undefined
}

/** Coverage levels a text colour gets in the palette (5 bits: finer steps than the eye tells apart). */
export const LEVELS = 32
export const TEXT_COLOURS = [INK, MUTED] as const

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))

/** Palette entries: white, then each text colour's levels 1…LEVELS-1 (level 0 is white). */
function textPalette(): number[] {
  const entries = [255, 255, 255]
  for (const colour of TEXT_COLOURS)
    for (let level = 1; level < LEVELS; level++)
      for (const c of rgb(colour)) entries.push(Math.round(255 + ((c - 255) * level) / (LEVELS - 1)))
  return entries
}

/** The palette index of `colour`'s `level` of coverage (white at level 0). */
export const textIndex = (colour: number, level: number) =>
  level === 0 ? 0 : 1 + colour * (LEVELS - 1) + level - 1

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

function frameSvg(fonts: Fonts, brand: CardBrand): string {
  const layout = frameLayout(fonts, brand.siteTitle, brand.logo !== undefined)
  const line = layout.siteLine
  const scale = line.size / fonts.faces[0]!.unitsPerEm
  const title = fonts
    .shape(line.text, line.weight, line.size)
    .glyphs.map((g) => {
      const d = fonts.faces[g.face]!.path(g.id)
      return d
        ? `<path transform="translate(${line.x + g.x} ${line.baseline + g.y}) scale(${scale} ${-scale})" d="${d}"/>`
        : ''
    })
    .join('')
  const logo = brand.logo
    ? `<image x="${layout.logo.x}" y="${layout.logo.y}" width="${LOGO}" height="${LOGO}" href="${esc(brand.logo)}"/>`
    : ''
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">` +
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#ffffff"/>` +
    `<rect width="${CARD_WIDTH}" height="${BORDER}" fill="${PRIMARY}"/>` +
    `<rect x="${layout.bar.x}" y="${layout.bar.y}" width="${BAR.width}" height="${BAR.height}" rx="${BAR.radius}" fill="${PRIMARY}"/>` +
    `${logo}<g fill="${line.color}">${title}</g></svg>`
  )
}

/**
 * Palette indices of an RGBA image. A logo with more colours than the palette has room for is
 * posterised (one bit a channel less at a time) until they fit.
 */
function toIndexed(pixels: Uint8Array, base: number[]): { indices: Uint8Array; palette: Uint8Array } {
  // The frame is drawn on an opaque white rectangle: every pixel is opaque, and most are white.
  const words = new Uint32Array(pixels.slice().buffer)
  const WHITE = 0xffffffff
  for (let drop = 0; ; drop++) {
    const mask = (0xff << drop) & 0xff
    const entries = [...base]
    const known = new Map<number, number>([[0xffffff, 0]])
    const indices = new Uint8Array(words.length)
    let full = false
    // Runs of one colour (the border, the bar) are looked up once.
    let last = -1
    let lastIndex = 0
    for (let i = 0; i < words.length && !full; i++) {
      const word = words[i]!
      if (word === WHITE) continue // index 0, what the array holds already
      const key =
        ((pixels[i * 4]! & mask) << 16) | ((pixels[i * 4 + 1]! & mask) << 8) | (pixels[i * 4 + 2]! & mask)
      if (key !== last) {
        let index = known.get(key)
        if (index === undefined) {
          index = entries.length / 3
          if (index > 255) full = true
          entries.push(key >> 16, (key >> 8) & 0xff, key & 0xff)
          known.set(key, index)
        }
        last = key
        lastIndex = index
      }
      indices[i] = lastIndex
    }
    if (!full) return { indices, palette: Uint8Array.from(entries) }
  }
}

/** The frame of `brand`'s cards (resvg must be loaded). */
export function drawFrame(fonts: Fonts, brand: CardBrand): IndexedImage {
  const raster = rasterise(frameSvg(fonts, brand))
  const { indices, palette } = toIndexed(raster.pixels, textPalette())
  const { width, height } = raster
  // Not `...raster`: the frame would keep resvg's RGBA copy (3 MB), and so would every canvas.
  return { width, height, scanlines: toScanlines(indices, width, height), palette }
}
