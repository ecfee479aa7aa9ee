import type { Face } from './fonts.js'
import { rasterise } from './resvg.js'

/**
 * Glyph bitmaps, each drawn once by resvg and kept: the coverage (0–255) of one glyph of one font
 * at one size, with its pen position's fraction of a pixel rounded to a quarter (four bitmaps at
 * most per glyph and size; a quarter pixel is finer than the eye sees at these sizes). Each glyph
 * is rasterised alone at the same place of its own little image, so its bitmap never depends on
 * which other cards were drawn before: a card is the same bytes in every build.
 */

export const SUBPIXEL = 4

export interface GlyphBitmap {
  /** Offset of the bitmap's top left corner from the pen's whole-pixel position on the baseline. */
  readonly left: number
  readonly top: number
  readonly width: number
  readonly height: number
  readonly coverage: Uint8Array
}

const EMPTY: GlyphBitmap = { left: 0, top: 0, width: 0, height: 0, coverage: new Uint8Array(0) }

function draw(font: Face, id: number, size: number, fraction: number): GlyphBitmap {
  const box = font.box(id)
  const path = box && font.path(id)
  if (!path) return EMPTY
  const scale = size / font.unitsPerEm
  // One pixel of margin around the outline's box keeps its antialiased edges.
  const left = Math.floor(box.minX * scale + fraction) - 1
  const top = Math.floor(-box.maxY * scale) - 1
  const width = Math.ceil(box.maxX * scale + fraction) + 1 - left
  const height = Math.ceil(-box.minY * scale) + 1 - top
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<path transform="translate(${fraction - left} ${-top}) scale(${scale} ${-scale})" d="${path}"/></svg>`
  const raster = rasterise(svg)
  const coverage = new Uint8Array(width * height)
  for (let i = 0; i < coverage.length; i++) coverage[i] = raster.pixels[i * 4 + 3]!
  return { left, top, width, height, coverage }
}

export interface GlyphCache {
  /**
   * The bitmap of glyph `id` of `faces[face]` at `size` px (a whole number below 1024), the pen
   * `steps` quarters of a pixel in.
   */
  get(face: number, id: number, size: number, steps: number): GlyphBitmap
}

export function createGlyphCache(faces: readonly Face[]): GlyphCache {
  const bitmaps = new Map<number, GlyphBitmap>()
  return {
    get(face, id, size, steps) {
      const key = ((face * 65536 + id) * 1024 + size) * SUBPIXEL + steps
      let bitmap = bitmaps.get(key)
      if (!bitmap) bitmaps.set(key, (bitmap = draw(faces[face]!, id, size, steps / SUBPIXEL)))
      return bitmap
    },
  }
}
