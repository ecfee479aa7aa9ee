import zlib from 'node:zlib'

/**
 * An indexed-colour PNG encoder made for cards that are a constant frame plus a few rows of text.
 *
 * The image data of a PNG is one zlib stream of its rows (each row a filter byte, here 0, then one
 * palette index a pixel). A deflate stream may be cut into pieces compressed separately, each
 * ending byte-aligned (a sync flush) and none marked last, then closed by an empty last block. So
 * the frame's rows are compressed once, in bands of BAND rows, and a card compresses only the
 * bands its text touched; the others are the frame's bytes again. zlib's adler32 checksum of the
 * whole stream is combined from each band's own (adler32 can be combined from its parts' values
 * and lengths), so unchanged bands cost nothing at all.
 */

export const BAND = 16

const MOD = 65521

/**
 * adler32 of `data` (zlib's checksum), computed by zlib itself: it ends a zlib stream, and storing
 * the data without compressing it (level 0) is a copy. Three times faster than the same sums in
 * JavaScript, even one that skips the zeros most of a card's rows are.
 */
export function adler32(data: Uint8Array): number {
  const stream = zlib.deflateSync(data, { level: 0 })
  return stream.readUInt32BE(stream.length - 4)
}

/** adler32 of A followed by B from adler32(A), adler32(B) and B's length (zlib's adler32_combine). */
export function adler32Combine(adlerA: number, adlerB: number, lengthB: number): number {
  const rem = lengthB % MOD
  let sum1 = adlerA & 0xffff
  let sum2 = (rem * sum1) % MOD
  sum1 += (adlerB & 0xffff) + MOD - 1
  sum2 += (adlerA >>> 16) + (adlerB >>> 16) + MOD - rem
  if (sum1 >= MOD) sum1 -= MOD
  if (sum1 >= MOD) sum1 -= MOD
  if (sum2 >= MOD << 1) sum2 -= MOD << 1
  if (sum2 >= MOD) sum2 -= MOD
  return ((sum2 << 16) | sum1) >>> 0
}

interface Piece {
  readonly deflated: Buffer
  readonly adler: number
  readonly length: number
}

/**
 * Run-length matching only (zlib's Z_RLE): rows of a card are long runs of one index, which it
 * finds at twice the speed of level 1 and into fewer bytes.
 */
const FAST = { level: 1, strategy: zlib.constants.Z_RLE, finishFlush: zlib.constants.Z_SYNC_FLUSH }
const BEST = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }

function deflatePiece(raw: Uint8Array, options: zlib.ZlibOptions): Piece {
  const deflated = zlib.deflateRawSync(raw, options)
  return { deflated, adler: adler32(raw), length: raw.length }
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0)
  return Buffer.concat([head, data, crc])
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** zlib's header for a 32 KB window (the checksum bits make 0x7801 a multiple of 31). */
const ZLIB_HEADER = Buffer.from([0x78, 0x01])
/** An empty deflate block marked last (fixed Huffman codes: just the end-of-block code). */
const LAST_BLOCK = Buffer.from([0x03, 0x00])

export interface IndexedImage {
  readonly width: number
  readonly height: number
  /** One palette index a pixel, row by row. */
  readonly pixels: Uint8Array
  /** RGB triples. */
  readonly palette: Uint8Array
}

/** The PNG rows (filter byte 0, then the indices) of rows [from, to). */
function rawRows(image: IndexedImage, from: number, to: number): Uint8Array {
  const stride = image.width + 1
  const raw = new Uint8Array((to - from) * stride)
  for (let y = from; y < to; y++)
    raw.set(image.pixels.subarray(y * image.width, (y + 1) * image.width), (y - from) * stride + 1)
  return raw
}

export interface PngEncoder {
  /**
   * The PNG of `image`, whose rows outside the bands marked in `dirty` (band i: rows
   * i*BAND to (i+1)*BAND) are the frame's, and whose palette starts with the frame's.
   */
  encode(image: IndexedImage, dirty: readonly boolean[]): Buffer
}

/** Compresses `frame` once (at zlib's best level: it is paid once a build). */
export function createPngEncoder(frame: IndexedImage): PngEncoder {
  const bands: Piece[] = []
  for (let y = 0; y < frame.height; y += BAND)
    bands.push(deflatePiece(rawRows(frame, y, Math.min(y + BAND, frame.height)), BEST))
  const header = Buffer.alloc(13)
  header.writeUInt32BE(frame.width, 0)
  header.writeUInt32BE(frame.height, 4)
  header[8] = 8 // bit depth
  header[9] = 3 // colour type: indexed
  const ihdr = chunk('IHDR', header)
  const iend = chunk('IEND', new Uint8Array(0))
  return {
    encode(image, dirty) {
      const parts: Buffer[] = [ZLIB_HEADER]
      let adler = 1
      const add = (piece: Piece) => {
        parts.push(piece.deflated)
        adler = adler32Combine(adler, piece.adler, piece.length)
      }
      for (let i = 0; i < bands.length;) {
        if (!dirty[i]) {
          add(bands[i++]!)
          continue
        }
        // A run of changed bands is one piece: fewer, longer pieces compress better.
        let end = i
        while (end < bands.length && dirty[end]) end++
        add(deflatePiece(rawRows(image, i * BAND, Math.min(end * BAND, image.height)), FAST))
        i = end
      }
      const trailer = Buffer.alloc(4)
      trailer.writeUInt32BE(adler, 0)
      parts.push(LAST_BLOCK, trailer)
      return Buffer.concat([
        SIGNATURE,
        ihdr,
        chunk('PLTE', image.palette),
        chunk('IDAT', Buffer.concat(parts)),
        iend,
      ])
    },
  }
}
