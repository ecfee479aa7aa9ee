import fs from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { CARD_HEIGHT, CARD_WIDTH } from './card-tree.js'

/**
 * Each card is drawn by satori (element tree → SVG, text as glyph outlines from the Inter font
 * of @fontsource/inter) then rasterised by resvg's WebAssembly build. Both are pure JavaScript
 * and WebAssembly: nothing to compile or download at install, no system library. About 60 ms a
 * card, so they run on worker threads while the main thread renders pages.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const fs = require('node:fs')
const ready = (async () => {
  const satoriModule = require(workerData.satori)
  const satori = satoriModule.default || satoriModule
  const resvg = require(workerData.resvg)
  await resvg.initWasm(fs.readFileSync(workerData.wasm))
  const fonts = workerData.fonts.map((f) => ({ name: f.name, weight: f.weight, style: 'normal', data: fs.readFileSync(f.file) }))
  return { satori, Resvg: resvg.Resvg, fonts }
})()
parentPort.on('message', async ({ id, tree }) => {
  try {
    const { satori, Resvg, fonts } = await ready
    const svg = await satori(tree, { width: workerData.width, height: workerData.height, fonts })
    const image = new Resvg(svg, { fitTo: { mode: 'original' } }).render()
    const png = image.asPng()
    image.free()
    parentPort.postMessage({ id, png }, [png.buffer])
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) })
  }
})
`

const require = createRequire(import.meta.url)

/** The subsets of Inter a card needs: Latin, Latin Extended and Vietnamese, regular and bold. */
function fontFiles(): Array<{ name: string; weight: number; file: string }> {
  const subsets: Array<[string, string]> = [
    ['Inter', 'latin'],
    ['InterLatinExt', 'latin-ext'],
    ['InterVi', 'vietnamese'],
  ]
  return subsets.flatMap(([name, subset]) =>
    [400, 700].map((weight) => ({
      name,
      weight,
      file: require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
    })),
  )
}

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
/** Names the renderer and font versions: part of every cache key, so an upgrade redraws the cards. */
export const rendererVersion = () =>
  (renderer ??= ['satori', '@resvg/resvg-wasm', '@fontsource/inter']
    .map((p) => `${p}@${version(p)}`)
    .join(' '))

export interface RenderPool {
  /** The PNG of an element tree (see card-tree.ts). */
  render(tree: unknown): Promise<Uint8Array>
  /** Ends the workers (pending renders reject). */
  stop(): Promise<void>
}

interface Slot {
  readonly worker: Worker
  busy: boolean
}

/** Workers are started on the first card, one per core (the main thread renders pages meanwhile). */
export function createRenderPool(size = availableParallelism()): RenderPool {
  const workerData = {
    satori: require.resolve('satori'),
    resvg: require.resolve('@resvg/resvg-wasm'),
    wasm: require.resolve('@resvg/resvg-wasm/index_bg.wasm'),
    fonts: fontFiles(),
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
  }
  const slots: Slot[] = []
  const queue: Array<{ id: number; tree: unknown }> = []
  const waiting = new Map<number, { resolve: (png: Uint8Array) => void; reject: (e: Error) => void }>()
  let next = 0
  // A worker that dies (out of memory, a crash in WebAssembly) fails every card not yet drawn,
  // rather than leaving the build waiting for them.
  let failure: Error | undefined
  const dispatch = () => {
    while (queue.length) {
      let slot = slots.find((s) => !s.busy)
      if (!slot && slots.length < Math.max(1, size)) slot = start()
      if (!slot) return
      slot.busy = true
      slot.worker.ref()
      slot.worker.postMessage(queue.shift())
    }
  }
  const start = (): Slot => {
    const worker = new Worker(WORKER, { eval: true, workerData })
    const slot: Slot = { worker, busy: false }
    worker.on('message', (m: { id: number; png?: Uint8Array; error?: string }) => {
      slot.busy = false
      worker.unref()
      const w = waiting.get(m.id)
      waiting.delete(m.id)
      if (m.png) w?.resolve(m.png)
      else w?.reject(new Error(m.error))
      dispatch()
    })
    worker.on('error', (err) => {
      failure = err
      queue.length = 0
      for (const w of waiting.values()) w.reject(err)
      waiting.clear()
    })
    slots.push(slot)
    return slot
  }
  return {
    render(tree) {
      if (failure) return Promise.reject(failure)
      const id = next++
      const done = new Promise<Uint8Array>((resolve, reject) => waiting.set(id, { resolve, reject }))
      queue.push({ id, tree })
      dispatch()
      return done
    },
    async stop() {
      queue.length = 0
      await Promise.all(slots.map((s) => s.worker.terminate()))
    },
  }
}
