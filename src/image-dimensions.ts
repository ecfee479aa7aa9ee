import fs from 'node:fs'
import path from 'node:path'
import type * as ImageSize from 'image-size'
import { lazyRequire } from './lazy-require.js'
import { decodeEntities } from './text.js'

const imageSizeLib = lazyRequire<typeof ImageSize>('image-size')

// Every <img> of a page gets width and height at build time, so the browser reserves its box
// before the file arrives and nothing below it moves (layout shift). Sizes come from the files in
// static/ (an SVG's from its width/height or viewBox, read by image-size); an image that is not a
// local file (a URL elsewhere) keeps what the author wrote.

/** An `<img>` tag (not `<imgx>`), from its `<` to its `>`. */
const IMG_TAG = /^<img\b/
const SRC_RE = /\ssrc="([^"]*)"/
const HAS_SIZE_RE = /\s(width|height)=/

export type ImageSizer = (html: string) => string

/** One sizer per build: each file is read once, however many pages show it. */
export function createImageSizer(staticDir: string, baseUrl: string): ImageSizer {
  const sizes = new Map<string, { width: number; height: number } | undefined>()
  const sizeOf = (src: string) => {
    const pathname = decodeEntities(src).split(/[?#]/)[0]!
    if (!pathname.startsWith(baseUrl) || pathname.startsWith('//')) return undefined
    let rel: string
    try {
      rel = decodeURIComponent(pathname.slice(baseUrl.length))
    } catch {
      return undefined
    }
    if (sizes.has(rel)) return sizes.get(rel)
    const file = path.join(staticDir, rel)
    let size: { width: number; height: number } | undefined
    if (file.startsWith(staticDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      try {
        const s = imageSizeLib().imageSize(fs.readFileSync(file))
        // Rounded up: attributes are integers, and a box a fraction too small would clip.
        if (s.width && s.height) size = { width: Math.ceil(s.width), height: Math.ceil(s.height) }
      } catch {
        // Not an image format image-size knows: left as written.
      }
    }
    sizes.set(rel, size)
    return size
  }
  const sized = (tag: string) => {
    if (HAS_SIZE_RE.test(tag)) return tag
    const src = SRC_RE.exec(tag)?.[1]
    const size = src === undefined ? undefined : sizeOf(src)
    return size ? tag.replace(/^<img\b/, `<img width="${size.width}" height="${size.height}"`) : tag
  }
  // The tags are found with indexOf, not a global regex over the page: a page is tens of KB of
  // HTML with a few images at most, and the regex's scan was ~3% of a build.
  return (html) => {
    let out = ''
    let from = 0
    for (let at = html.indexOf('<img'); at >= 0;) {
      const end = html.indexOf('>', at)
      if (end < 0) break
      const tag = html.slice(at, end + 1)
      const isImage = IMG_TAG.test(tag)
      if (isImage) {
        out += html.slice(from, at) + sized(tag)
        from = end + 1
      }
      at = html.indexOf('<img', isImage ? end + 1 : at + 4)
    }
    return from === 0 ? html : out + html.slice(from)
  }
}
