import fs from 'node:fs'
import path from 'node:path'
import { cacheDir } from '../parse/cache-file.js'

/**
 * Cards drawn by earlier builds, in one file: `node_modules/.cache/docs-site/og.pack`, read once
 * when a build starts and written once at its end, and only by a build that drew a card. A file a
 * card (as before) cost a read, a mkdir, a write and a rename per card, more than drawing it.
 *
 * The file is a header line, then one entry a card: its key (KEY_LENGTH ASCII characters), the
 * PNG's length (4 bytes, big-endian) and the PNG. A file that is missing, damaged or of another
 * format is an empty cache: cards are drawn again, to the same bytes.
 */

const HEADER = Buffer.from('docs-site social cards 1\n', 'latin1')
export const KEY_LENGTH = 20

export interface CardCache {
  /** The PNG of card `key` from an earlier build (a view into the whole file), kept in the file. */
  get(key: string): Uint8Array | undefined
  /** Keeps card `key` in the file, if it is there, without reading it (the build has it already). */
  keep(key: string): void
  /** Records a card drawn by this build. */
  put(key: string, png: Uint8Array): void
  /** Writes the file if this build drew any card; a cache that cannot be written is no error. */
  save(): void
}

/** The pack's path, or undefined without node_modules (`cacheDir`). */
export const cardCachePath = (root: string): string | undefined => {
  const dir = cacheDir(root)
  return dir && path.join(dir, 'og.pack')
}

function readPack(file: string): Map<string, Uint8Array> {
  const cards = new Map<string, Uint8Array>()
  let bytes: Buffer
  try {
    bytes = fs.readFileSync(file)
  } catch {
    return cards
  }
  if (!bytes.subarray(0, HEADER.length).equals(HEADER)) return cards
  for (let at = HEADER.length; at < bytes.length;) {
    if (at + KEY_LENGTH + 4 > bytes.length) return new Map()
    const key = bytes.toString('latin1', at, at + KEY_LENGTH)
    const length = bytes.readUInt32BE(at + KEY_LENGTH)
    at += KEY_LENGTH + 4
    if (at + length > bytes.length) return new Map()
    cards.set(key, bytes.subarray(at, (at += length)))
  }
  return cards
}

export function openCardCache(file: string | undefined): CardCache {
  // Read at the first card asked for: a rebuild that links every card never reads it.
  let earlier: Map<string, Uint8Array> | undefined
  const old = () => (earlier ??= file ? readPack(file) : new Map())
  const used = new Set<string>()
  const drawn = new Map<string, Uint8Array>()
  return {
    get(key) {
      used.add(key)
      return old().get(key)
    },
    keep(key) {
      used.add(key)
    },
    put(key, png) {
      used.add(key)
      drawn.set(key, png)
    },
    save() {
      if (drawn.size === 0 || !file) return
      // This build's cards, then earlier ones it did not use (a page renamed back, another
      // version's job) up to as many again: the file never grows past twice a build's cards.
      const kept: Array<[string, Uint8Array]> = []
      for (const key of used) {
        const png = drawn.get(key) ?? old().get(key)
        if (png) kept.push([key, png])
      }
      for (const entry of old()) {
        if (kept.length >= 2 * used.size) break
        if (!used.has(entry[0])) kept.push(entry)
      }
      const parts: Uint8Array[] = [HEADER]
      for (const [key, png] of kept) {
        const head = Buffer.alloc(KEY_LENGTH + 4)
        head.write(key, 'latin1')
        head.writeUInt32BE(png.length, KEY_LENGTH)
        parts.push(head, png)
      }
      try {
        fs.mkdirSync(path.dirname(file), { recursive: true })
        // Written aside then renamed: a crash leaves the previous file whole.
        const tmp = `${file}.tmp-${process.pid}`
        fs.writeFileSync(tmp, Buffer.concat(parts))
        fs.renameSync(tmp, file)
        // The cache of earlier versions: a file a card.
        fs.rmSync(path.join(path.dirname(file), 'og'), { recursive: true, force: true })
      } catch {
        // A read-only node_modules only costs the next build the drawing.
      }
    },
  }
}
