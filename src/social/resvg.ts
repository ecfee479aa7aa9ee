import fs from 'node:fs'
import { createRequire } from 'node:module'
import { Resvg, initWasm } from '@resvg/resvg-wasm'

const require = createRequire(import.meta.url)

/**
 * resvg's WebAssembly build, compiled on first use. Its module can be initialised only once a
 * process, so the promise is kept here for every card renderer of the process.
 */
let ready: Promise<void> | undefined
export const loadResvg = () =>
  (ready ??= initWasm(fs.readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm'))))

export interface Raster {
  readonly width: number
  readonly height: number
  /** RGBA, not premultiplied. */
  readonly pixels: Uint8Array
}

/** Rasterises an SVG at its own size (after loadResvg). */
export function rasterise(svg: string): Raster {
  const resvg = new Resvg(svg, { fitTo: { mode: 'original' } })
  try {
    const image = resvg.render()
    const raster = { width: image.width, height: image.height, pixels: image.pixels }
    image.free()
    return raster
  } finally {
    resvg.free()
  }
}
