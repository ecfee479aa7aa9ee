import fs from 'node:fs'
import zlib from 'node:zlib'
import { createRequire } from 'node:module'
import * as hb from 'harfbuzzjs'

/**
 * Inter (from @fontsource/inter) for the cards, shaped by HarfBuzz (harfbuzzjs, its WebAssembly
 * build): the shaper browsers use, so kerning, ligatures and the Vietnamese marks' positions come
 * out as on the site. @fontsource splits Inter into subsets (Latin, Latin Extended, Vietnamese);
 * each character is drawn from the first subset that has it, as the browser does with the
 * site's CSS.
 */

const require = createRequire(import.meta.url)

export type Weight = 400 | 700

/** Inter's alphabets, in the order a character is looked for (the first three were the first). */
const SUBSETS = [
  'latin',
  'latin-ext',
  'vietnamese',
  'cyrillic',
  'cyrillic-ext',
  'greek',
  'greek-ext',
] as const

export const fontFile = (subset: string, weight: Weight) =>
  require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)

/** One glyph placed on a line, in pixels from the line's start (x) and its baseline (y). */
export interface PlacedGlyph {
  /** Which font it comes from: an index into Fonts.faces. */
  readonly face: number
  readonly id: number
  readonly x: number
  readonly y: number
}

export interface ShapedText {
  readonly glyphs: readonly PlacedGlyph[]
  /** Advance width in pixels. */
  readonly width: number
}

/** One font file: its outlines, for drawing glyphs (in font units, y up). */
export interface Face {
  readonly unitsPerEm: number
  /** Glyph `id`'s outline as SVG path data; empty for a glyph with none (a space). */
  path(id: number): string
  /** The box of glyph `id`'s outline; undefined for a glyph with none. */
  box(id: number): { minX: number; minY: number; maxX: number; maxY: number } | undefined
}

export interface Fonts {
  readonly faces: readonly Face[]
  /** Ascent and descent (positive, below the baseline) in pixels at `size`, as the browser takes them. */
  metrics(size: number): { ascent: number; descent: number }
  /** `text` shaped in Inter of `weight` at `size` px. Words are shaped once and kept. */
  shape(text: string, weight: Weight, size: number): ShapedText
  /** shape(…).width alone: what wrapping a line asks of each candidate. */
  measure(text: string, weight: Weight, size: number): number
}

/**
 * A WOFF file as the plain OpenType file it wraps (each table inflated with Node's zlib): the
 * WebAssembly HarfBuzz is built without WOFF support.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff
  const count = woff.readUInt16BE(12)
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20
    const [offset, compressed, length] = [
      woff.readUInt32BE(at + 4),
      woff.readUInt32BE(at + 8),
      woff.readUInt32BE(at + 12),
    ]
    const stored = woff.subarray(offset, offset + compressed)
    const data = compressed < length ? zlib.inflateSync(stored) : stored
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data }
  })
  const head = Buffer.alloc(12 + 16 * count)
  woff.copy(head, 0, 4, 8) // the flavour: TrueType or CFF outlines
  const power = 2 ** Math.floor(Math.log2(count))
  head.writeUInt16BE(count, 4)
  head.writeUInt16BE(power * 16, 6)
  head.writeUInt16BE(Math.log2(power), 8)
  head.writeUInt16BE(count * 16 - power * 16, 10)
  const body: Buffer[] = []
  let offset = head.length
  tables.forEach((t, i) => {
    t.tag.copy(head, 12 + i * 16)
    head.writeUInt32BE(t.checksum, 16 + i * 16)
    head.writeUInt32BE(offset, 20 + i * 16)
    head.writeUInt32BE(t.data.length, 24 + i * 16)
    const padded = Buffer.alloc((t.data.length + 3) & ~3)
    t.data.copy(padded)
    body.push(padded)
    offset += padded.length
  })
  return Buffer.concat([head, ...body])
}

interface OpenFace extends Face {
  readonly font: hb.Font
  has(code: number): boolean
}

function open(file: string): OpenFace {
  const face = new hb.Face(new hb.Blob(woffToSfnt(fs.readFileSync(file))))
  const font = new hb.Font(face)
  return {
    font,
    unitsPerEm: face.upem,
    has: (code) => font.nominalGlyph(code) !== undefined,
    path: (id) => font.glyphToPath(id),
    box(id) {
      // HarfBuzz's extents: the top left corner (y up) and a height that goes down (negative).
      const e = font.glyphExtents(id)
      if (!e || e.width <= 0 || e.height >= 0) return undefined
      return { minX: e.xBearing, maxX: e.xBearing + e.width, maxY: e.yBearing, minY: e.yBearing + e.height }
    },
  }
}

/**
 * A subset's face, its file read and parsed at its first use: a site in Latin letters never opens
 * the Cyrillic or Greek ones.
 */
function lazyFace(file: string): OpenFace {
  let opened: OpenFace | undefined
  const face = () => (opened ??= open(file))
  return {
    get font() {
      return face().font
    },
    get unitsPerEm() {
      return face().unitsPerEm
    },
    has: (code) => face().has(code),
    path: (id) => face().path(id),
    box: (id) => face().box(id),
  }
}

/** Splits `text` into runs of characters that one face draws (the first face that has them). */
function runs(text: string, faces: readonly number[], all: readonly OpenFace[]) {
  const out: Array<{ face: number; text: string }> = []
  for (const char of text) {
    const code = char.codePointAt(0)!
    const face = faces.find((f) => all[f]!.has(code)) ?? faces[0]!
    const last = out[out.length - 1]
    // Combining marks stay with the letter before them, so that the font places them over it.
    if (last && (last.face === face || /\p{M}/u.test(char))) last.text += char
    else out.push({ face, text: char })
  }
  return out
}

/** `text` shaped by HarfBuzz in `font`: glyph ids and positions in font units. */
function layout(font: hb.Font, text: string) {
  const buffer = new hb.Buffer()
  buffer.addText(text)
  buffer.guessSegmentProperties()
  hb.shape(font, buffer)
  return { glyphs: buffer.getGlyphInfos(), positions: buffer.getGlyphPositions() }
}

export function loadFonts(): Fonts {
  const faces: OpenFace[] = []
  const byWeight = new Map<Weight, number[]>()
  for (const weight of [400, 700] as const)
    byWeight.set(
      weight,
      SUBSETS.map((subset) => faces.push(lazyFace(fontFile(subset, weight))) - 1),
    )
  const first = faces[0]!
  const extents = first.font.hExtents()
  /** Shaped words in font units, by weight and text. */
  const words = new Map<string, { glyphs: PlacedGlyph[]; advance: number }>()
  const shapeWord = (word: string, weight: Weight) => {
    const key = `${weight}\n${word}`
    let shaped = words.get(key)
    if (!shaped) {
      const glyphs: PlacedGlyph[] = []
      let x = 0
      for (const run of runs(word, byWeight.get(weight)!, faces)) {
        const shaped = layout(faces[run.face]!.font, run.text)
        shaped.glyphs.forEach((glyph, i) => {
          const p = shaped.positions[i]!
          glyphs.push({ face: run.face, id: glyph.codepoint, x: x + p.xOffset, y: -p.yOffset })
          x += p.xAdvance
        })
      }
      shaped = { glyphs, advance: x }
      words.set(key, shaped)
    }
    return shaped
  }
  /** Words with the spaces after them: a line is measured and drawn from the same pieces. */
  const pieces = (text: string) => text.match(/\S+\s*|\s+/g) ?? []
  return {
    faces,
    metrics: (size) => ({
      ascent: (extents.ascender / first.unitsPerEm) * size,
      descent: (-extents.descender / first.unitsPerEm) * size,
    }),
    shape(text, weight, size) {
      const scale = size / first.unitsPerEm
      const glyphs: PlacedGlyph[] = []
      let x = 0
      for (const piece of pieces(text)) {
        const word = shapeWord(piece, weight)
        for (const g of word.glyphs) glyphs.push({ ...g, x: (x + g.x) * scale, y: g.y * scale })
        x += word.advance
      }
      return { glyphs, width: x * scale }
    },
    measure(text, weight, size) {
      let x = 0
      for (const piece of pieces(text)) x += shapeWord(piece, weight).advance
      return x * (size / first.unitsPerEm)
    },
  }
}
