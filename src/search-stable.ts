import crypto from 'node:crypto'
import zlib from 'node:zlib'
import { decode, encode } from 'cborg'

// Pagefind writes its filter index from Rust hash maps, whose iteration order is random in each
// process: two builds of the same pages list the values of a filter (v1, v2…) and the filters
// themselves (version, type) in different orders, so the filter files, the language's meta file
// that names them, and pagefind-entry.json that names the meta file differ every time, and an
// S3 sync uploads them again. The content is the same; only the order differs. This puts those
// lists in a fixed order and names each rewritten file after a hash of what it holds, as
// Pagefind does, so two builds of the same sources are byte-identical.
//
// Pagefind's files are gzip of 'pagefind_dcd' followed by CBOR; a filter file is
// [name, [[value, pages]…]] and a meta file has its filters at index 3 as [[name, file]…].

const MAGIC = new TextEncoder().encode('pagefind_dcd')
const FILTER_RE = /^(.*\/)?pagefind\/filter\/([^/]+)_([0-9a-f]+)\.pf_filter$/
const META_RE = /^(.*\/)?pagefind\/pagefind\.([^/]+)_([0-9a-f]+)\.pf_meta$/
const ENTRY_RE = /^(.*\/)?pagefind\/pagefind-entry\.json$/

/** Whether `file` (a POSIX path ending in pagefind/…) is one of the files this may rewrite. */
export const isUnstablePagefindFile = (file: string): boolean =>
  FILTER_RE.test(file) || META_RE.test(file) || ENTRY_RE.test(file)

export interface StableRewrite {
  /** Files to remove (their names change). */
  readonly remove: readonly string[]
  /** Files to write, new names included. */
  readonly write: ReadonlyMap<string, Uint8Array>
}

const unpack = (bytes: Uint8Array): unknown => {
  const raw = zlib.gunzipSync(bytes)
  if (!raw.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a Pagefind data file')
  return decode(raw.subarray(MAGIC.length))
}
const pack = (value: unknown): Uint8Array =>
  zlib.gzipSync(Buffer.concat([MAGIC, encode(value)]), { level: 9 })
const hashOf = (value: unknown, length: number) =>
  crypto.createHash('sha256').update(encode(value)).digest('hex').slice(0, length)
const byFirst = (a: unknown[], b: unknown[]) =>
  String(a[0]) < String(b[0]) ? -1 : String(a[0]) > String(b[0]) ? 1 : 0

/**
 * Given Pagefind's filter, meta and entry files (keyed by POSIX path), returns the rewrite that
 * puts them in a fixed order. Other files are not needed and not touched.
 */
export function stablePagefind(files: ReadonlyMap<string, Uint8Array>): StableRewrite {
  const remove: string[] = []
  const write = new Map<string, Uint8Array>()
  const renamed = new Map<string, string>()
  const rename = (file: string, re: RegExp, value: unknown, length: number, name: (p: string) => string) => {
    const [, dir = '', lang, oldHash] = re.exec(file)!
    const next = `${lang}_${hashOf(value, length)}`
    renamed.set(`${lang}_${oldHash}`, next)
    const path = dir + name(next)
    if (path !== file) remove.push(file)
    write.set(path, pack(value))
  }
  for (const [file, bytes] of files) {
    if (!FILTER_RE.test(file)) continue
    const [name, values] = unpack(bytes) as [string, unknown[][]]
    rename(file, FILTER_RE, [name, [...values].sort(byFirst)], 7, (n) => `pagefind/filter/${n}.pf_filter`)
  }
  for (const [file, bytes] of files) {
    if (!META_RE.test(file)) continue
    const meta = unpack(bytes) as unknown[]
    const filters = (meta[3] as string[][]).map(([name, f]) => [name!, renamed.get(f!) ?? f!])
    meta[3] = filters.sort(byFirst)
    rename(file, META_RE, meta, 10, (n) => `pagefind/pagefind.${n}.pf_meta`)
  }
  for (const [file, bytes] of files) {
    if (!ENTRY_RE.test(file)) continue
    const entry = JSON.parse(new TextDecoder().decode(bytes)) as {
      languages: Record<string, { hash: string }>
    }
    const languages: Record<string, { hash: string }> = {}
    for (const lang of Object.keys(entry.languages).sort()) {
      const l = entry.languages[lang]!
      languages[lang] = { ...l, hash: renamed.get(l.hash) ?? l.hash }
    }
    write.set(file, new TextEncoder().encode(JSON.stringify({ ...entry, languages })))
  }
  return { remove, write }
}
