import zlib from 'node:zlib'

/**
 * A small PNG decoder for the social-card tests: 8-bit indexed, RGB or RGBA, not interlaced (what
 * the card renderer and resvg write). Checks every chunk's CRC and returns RGBA pixels.
 */
export interface Rgba {
  readonly width: number
  readonly height: number
  readonly pixels: Uint8Array
}

const CHANNELS: Record<number, number> = { 2: 3, 3: 1, 6: 4 }

function chunks(png: Buffer): Map<string, Buffer[]> {
  const found = new Map<string, Buffer[]>()
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    const type = png.subarray(at + 4, at + 8).toString('latin1')
    const data = png.subarray(at + 8, at + 8 + length)
    const crc = png.readUInt32BE(at + 8 + length)
    if (zlib.crc32(data, zlib.crc32(png.subarray(at + 4, at + 8))) !== crc)
      throw new Error(`${type}: bad CRC`)
    found.set(type, [...(found.get(type) ?? []), data])
    at += 12 + length
  }
  return found
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/** Undoes the per-row filters in place of `raw` and returns the rows without filter bytes. */
function unfilter(raw: Buffer, height: number, stride: number, bpp: number): Uint8Array {
  const out = new Uint8Array(height * stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[y * stride + x - bpp]! : 0
      const b = y > 0 ? out[(y - 1) * stride + x]! : 0
      const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp]! : 0
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]
      if (predictor === undefined) throw new Error(`bad filter ${filter}`)
      out[y * stride + x] = (row[x]! + predictor) & 0xff
    }
  }
  return out
}

export function decodePng(png: Buffer): Rgba {
  const parts = chunks(png)
  const ihdr = parts.get('IHDR')![0]!
  const width = ihdr.readUInt32BE(0)
  const height = ihdr.readUInt32BE(4)
  const [depth, type, , , interlace] = [ihdr[8], ihdr[9], ihdr[10], ihdr[11], ihdr[12]]
  const bpp = CHANNELS[type!]
  if (depth !== 8 || !bpp || interlace !== 0)
    throw new Error(`unsupported PNG (depth ${depth}, type ${type})`)
  const raw = zlib.inflateSync(Buffer.concat(parts.get('IDAT')!))
  const rows = unfilter(raw, height, width * bpp, bpp)
  const palette = parts.get('PLTE')?.[0]
  const pixels = new Uint8Array(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    if (type === 3) {
      const p = rows[i]! * 3
      pixels.set([palette![p]!, palette![p + 1]!, palette![p + 2]!, 255], i * 4)
    } else if (type === 2) pixels.set([rows[i * 3]!, rows[i * 3 + 1]!, rows[i * 3 + 2]!, 255], i * 4)
    else pixels.set(rows.subarray(i * 4, i * 4 + 4), i * 4)
  }
  return { width, height, pixels }
}
