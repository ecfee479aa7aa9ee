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
  (ready ??= withoutFetchGlobals(() =>
    initWasm(fs.readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm'))),
  ))

/**
 * resvg's loader asks whether `Request` and `Response` are functions (a fetch to wait for) before
 * it compiles the bytes it is given, and in Node the first look at either loads Node's whole fetch
 * implementation (undici): ~80 ms of the card worker's start, for nothing. They are hidden while
 * it loads, and put back as they were.
 */
async function withoutFetchGlobals<T>(load: () => Promise<T>): Promise<T> {
  const names = ['Request', 'Response']
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name))
  for (const name of names)
    Object.defineProperty(globalThis, name, { value: undefined, configurable: true, writable: true })
  try {
    return await load()
  } finally {
    names.forEach((name, i) => {
      if (saved[i]) Object.defineProperty(globalThis, name, saved[i])
      else Reflect.deleteProperty(globalThis, name)
    })
  }
}

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
