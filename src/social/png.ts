import zlib from 'node:zlib'

/**
 * An indexed-colour PNG encoder made for cards that are a constant frame plus a few rows of text.
 *
 * The image data of a PNG is one zlib stream of its rows (each row a filter byte, here 0, then one
 * palette index a pixel). A deflate stream may be cut into pieces compressed separately, each
 * ending byte-aligned (a sync flush) and none marked last, then closed by an empty last block. So
 * the frame's rows are compressed once, in bands of BAND rows, and a card brings only the bands
 * its text touched, compressed (BandPiece); the others are the frame's bytes again. zlib's
 * adler32 checksum of the whole stream is combined from each band's own (adler32 can be combined
 * from its parts' values and lengths), so unchanged bands cost nothing at all.
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
  /**
   * The PNG's rows as they are compressed: each a filter byte (0: none) then one palette index
   * a pixel, `width + 1` bytes a row. Kept in this form, a band of rows is compressed where it is.
   */
  readonly scanlines: Uint8Array
  /** RGB triples. */
  readonly palette: Uint8Array
}

/** Scanlines (see IndexedImage) of `height` rows of `width` palette indices. */
export function toScanlines(indices: Uint8Array, width: number, height: number): Uint8Array {
  const scanlines = new Uint8Array(height * (width + 1))
  for (let y = 0; y < height; y++)
    scanlines.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1)
  return scanlines
}

/** The bytes of bands [from, to) of `image`. */
const bandRows = (image: IndexedImage, from: number, to: number) =>
  image.scanlines.subarray(
    from * BAND * (image.width + 1),
    Math.min(to * BAND, image.height) * (image.width + 1),
  )

/**
 * What drawing changed in bands of the frame, for their checksum: adler32 is two sums, s1 of the
 * bytes and s2 of each byte times its distance from the end (n - i for byte i of n), so a changed
 * byte changes them by (new - old) and (n - i) * (new - old). Summed as the bytes are written, the
 * checksum of the changed bands is the frame's own, moved by these.
 */
export interface Changes {
  /** Index in the scanlines of the first byte of the bands. */
  readonly start: number
  /** Their length in bytes (n). */
  readonly length: number
  sum: number
  weighted: number
}

/** Bands [from, to) of a card, compressed: what a card holds beside the frame's own bands. */
export interface BandPiece extends Piece {
  readonly from: number
  readonly to: number
}

export interface PngEncoder {
  /** Changes (none yet) to bands [from, to) of the frame, for drawing to add to. */
  changes(from: number, to: number): Changes
  /**
   * Bands [from, to) of `image` compressed, to go into cards: the frame's but for the bytes
   * counted in `changes`.
   */
  compress(image: IndexedImage, from: number, to: number, changes: Changes): BandPiece
  /**
   * The PNG of the frame with `pieces` in place of its bands: pieces in order, none overlapping.
   * `palette` starts with the frame's.
   */
  encode(palette: Uint8Array, pieces: readonly BandPiece[]): Buffer
}

/** Compresses `frame` once (at zlib's best level: it is paid once a build). */
export function createPngEncoder(frame: IndexedImage): PngEncoder {
  const count = Math.ceil(frame.height / BAND)
  const bands = Array.from({ length: count }, (_, i) => deflatePiece(bandRows(frame, i, i + 1), BEST))
  const header = Buffer.alloc(13)
  header.writeUInt32BE(frame.width, 0)
  header.writeUInt32BE(frame.height, 4)
  header[8] = 8 // bit depth
  header[9] = 3 // colour type: indexed
  const ihdr = chunk('IHDR', header)
  const iend = chunk('IEND', new Uint8Array(0))
  const stride = frame.width + 1
  const start = (band: number) => Math.min(band * BAND, frame.height) * stride
  return {
    changes: (from, to) => ({ start: start(from), length: start(to) - start(from), sum: 0, weighted: 0 }),
    compress(image, from, to, changes) {
      let adler = 1
      for (let band = from; band < to; band++)
        adler = adler32Combine(adler, bands[band]!.adler, bands[band]!.length)
      const mod = (n: number) => ((n % MOD) + MOD) % MOD
      adler = ((mod((adler >>> 16) + changes.weighted) << 16) | mod((adler & 0xffff) + changes.sum)) >>> 0
      const raw = bandRows(image, from, to)
      const deflated = zlib.deflateRawSync(raw, FAST)
      return { deflated, adler, length: raw.length, from, to }
    },
    encode(palette, pieces) {
      const parts: Buffer[] = [ZLIB_HEADER]
      let adler = 1
      const add = (piece: Piece) => {
        parts.push(piece.deflated)
        adler = adler32Combine(adler, piece.adler, piece.length)
      }
      let band = 0
      for (const piece of [...pieces, { from: count, to: count }]) {
        while (band < piece.from) add(bands[band++]!)
        if ('deflated' in piece) add(piece)
        band = piece.to
      }
      const trailer = Buffer.alloc(4)
      trailer.writeUInt32BE(adler, 0)
      parts.push(LAST_BLOCK, trailer)
      return Buffer.concat([
        SIGNATURE,
        ihdr,
        chunk('PLTE', palette),
        chunk('IDAT', Buffer.concat(parts)),
        iend,
      ])
    },
  }
}
