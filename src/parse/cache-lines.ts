import { hash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { removeOtherVersions } from './cache-file.js'

// A cache file of many entries that a large site would make hundreds of MB (highlighted code,
// Markdown twins): one entry a line, `key`, a tab, the value as JSON. Reading keeps the file as
// bytes (outside the JavaScript heap) with an index of where each entry is, and parses an entry
// when it is asked for; writing streams this run's entries to a file beside it, renamed over it
// at the end. So no run holds every entry as strings, and a damaged entry is a missing one.

/** A short key for a long one (a code block, a page's body): 132 bits of sha256. */
export const entryKey = (text: string): string => hash('sha256', text, 'base64url').slice(0, 22)

export interface CacheEntries {
  readonly size: number
  /** The entry's value, or undefined when it is missing or damaged. */
  get<T>(key: string): T | undefined
}

export function readCacheLines(file: string | undefined): CacheEntries {
  let bytes: Buffer
  try {
    bytes = file ? fs.readFileSync(file) : Buffer.alloc(0)
  } catch {
    bytes = Buffer.alloc(0)
  }
  const at = new Map<string, [start: number, end: number]>()
  for (let start = 0; start < bytes.length;) {
    const end = bytes.indexOf(10, start)
    const stop = end < 0 ? bytes.length : end
    const tab = bytes.indexOf(9, start)
    if (tab > start && tab < stop) at.set(bytes.toString('latin1', start, tab), [tab + 1, stop])
    start = stop + 1
  }
  return {
    size: at.size,
    get<T>(key: string) {
      const place = at.get(key)
      if (!place) return undefined
      try {
        return JSON.parse(bytes.toString('utf8', place[0], place[1])) as T
      } catch {
        return undefined
      }
    },
  }
}

export interface CacheWriter {
  write(key: string, value: unknown): void
  /** Puts the new file in place of the old one (and removes other versions'), or drops it. */
  finish(replace: boolean): void
}

let opened = 0

/** The next cache file, written beside `file`; undefined where it cannot be (a read-only node_modules). */
export function writeCacheLines(file: string): CacheWriter | undefined {
  const tmp = `${file}.tmp-${process.pid}-${++opened}`
  let fd: number | undefined
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fd = fs.openSync(tmp, 'w')
  } catch {
    return undefined
  }
  return {
    write(key, value) {
      if (fd !== undefined) fs.writeSync(fd, `${key}\t${JSON.stringify(value)}\n`)
    },
    finish(replace) {
      try {
        fs.closeSync(fd!)
        fd = undefined
        if (!replace) return fs.rmSync(tmp, { force: true })
        fs.renameSync(tmp, file)
        removeOtherVersions(file)
      } catch {
        // The next run does the work again.
      }
    },
  }
}
