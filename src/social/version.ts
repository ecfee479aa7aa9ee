import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/**
 * The card renderer's own revision: raise it when a change to the layout, the palette or the
 * encoder changes the cards' pixels or bytes, so that cached cards are drawn again.
 */
const REVISION = 'cards-2'

/** A package's version, from the package.json above its entry (not every package exports that file). */
function version(pkg: string): string {
  let dir = path.dirname(require.resolve(pkg))
  for (;;) {
    const file = path.join(dir, 'package.json')
    if (fs.existsSync(file)) {
      const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (json.name === pkg) return json.version ?? '?'
    }
    if (path.dirname(dir) === dir) return '?'
    dir = path.dirname(dir)
  }
}

let renderer: string | undefined
/**
 * Names the renderer and everything whose version shows in a card's bytes (the font, the shaper,
 * the rasteriser, zlib's compressor): part of every cache key, so an upgrade redraws the cards.
 */
export const rendererVersion = () =>
  (renderer ??= [
    REVISION,
    ...['fontkit', '@resvg/resvg-wasm', '@fontsource/inter'].map((p) => `${p}@${version(p)}`),
    `zlib@${process.versions.zlib}`,
  ].join(' '))
