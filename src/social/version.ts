import { packageVersion } from '../parse/cache-file.js'

/**
 * The card renderer's own revision: raise it when a change to the layout, the palette or the
 * encoder changes the cards' pixels or bytes, so that cached cards are drawn again.
 */
const REVISION = 'cards-5'

let renderer: string | undefined
/**
 * Names the renderer and everything whose version shows in a card's bytes (the font, the shaper,
 * the rasteriser, zlib's compressor): part of every cache key, so an upgrade redraws the cards.
 */
export const rendererVersion = () =>
  (renderer ??= [
    REVISION,
    ...['harfbuzzjs', '@resvg/resvg-wasm', '@fontsource/inter'].map(packageVersion),
    `zlib@${process.versions.zlib}`,
  ].join(' '))
