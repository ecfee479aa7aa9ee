// Writing the corpus: files under the output folder (counted), relative links, and the one image.

import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

export class Writer {
  constructor(root) {
    this.root = root
    this.files = 0
    this.bytes = 0
  }
  write(rel, content) {
    const abs = path.join(this.root, rel)
    fs.mkdirSync(path.dirname(abs), { recursive: true })
    fs.writeFileSync(abs, content)
    this.files++
    this.bytes += Buffer.byteLength(content)
  }
}

export function relLink(fromFile, toFile) {
  let rel = path.posix.relative(path.posix.dirname(fromFile), toFile)
  if (!rel.startsWith('.')) rel = './' + rel
  return rel
}

/** How a page of a layout whose links are relative file paths writes its links and images. */
export function fileLinkContext(loc, file, fileOf, admonition) {
  return {
    loc,
    linkHref: (to, anchor) => (to ? relLink(file, fileOf(to)) : '') + (anchor ? '#' + anchor : ''),
    imgSrc: '/img/flow.png',
    admonition,
  }
}

// Tiny PNG (16x16, 2-colour stripes), built with node:zlib and a hand-rolled CRC32.
export function tinyPng() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc32 = (buf) => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(td))
    return Buffer.concat([len, td, crc])
  }
  const W = 16,
    H = 16
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(W, 0)
  ihdr.writeUInt32BE(H, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  ihdr[10] = 0
  ihdr[11] = 0
  ihdr[12] = 0 // 8-bit RGB
  const raw = Buffer.alloc((W * 3 + 1) * H)
  for (let y = 0; y < H; y++) {
    raw[y * (W * 3 + 1)] = 0
    for (let x = 0; x < W; x++) {
      const o = y * (W * 3 + 1) + 1 + x * 3
      const on = ((x >> 2) + (y >> 2)) % 2 === 0
      raw[o] = on ? 0x25 : 0xf5
      raw[o + 1] = on ? 0x63 : 0xf7
      raw[o + 2] = on ? 0xeb : 0xfa
    }
  }
  const idat = zlib.deflateSync(raw, { level: 9 })
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
