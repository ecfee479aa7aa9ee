import type { Worker } from 'node:worker_threads'
import type { CardBrand } from './frame.js'
import type { CardText } from './layout.js'
import { startEntryWorker } from '../worker-entry.js'

export interface CardJob {
  readonly id: number
  readonly text: CardText
}
export type CardReply =
  { id: number; png: Uint8Array; error?: undefined } | { id: number; png?: undefined; error: string }

export interface CardDrawer {
  /** The card's PNG. */
  draw(text: CardText): Promise<Uint8Array>
  stop(): Promise<void>
}

/**
 * Draws cards on a worker thread, so that the main thread renders pages meanwhile: a cold build's
 * cards cost a millisecond or two each (HarfBuzz's first shaping of each word, resvg's first
 * rasterising of each glyph), a second or two for a site of a few hundred pages. One worker: the
 * glyphs it has drawn make the next cards cheap. Started by the first card the cache does not
 * have, so a warm build never starts it nor loads HarfBuzz and resvg.
 */
export function startDrawer(brand: CardBrand): CardDrawer {
  const worker = startWorker(brand)
  const waiting = new Map<number, { resolve: (png: Uint8Array) => void; reject: (err: Error) => void }>()
  let next = 0
  let failure: Error | undefined
  const fail = (err: Error) => {
    failure = err
    for (const w of waiting.values()) w.reject(err)
    waiting.clear()
  }
  worker.on('message', (reply: CardReply) => {
    const w = waiting.get(reply.id)
    waiting.delete(reply.id)
    if (reply.png) w?.resolve(reply.png)
    else w?.reject(new Error(reply.error))
  })
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`the card worker stopped (exit code ${code})`)))
  return {
    draw(text) {
      if (failure) return Promise.reject(failure)
      const id = next++
      const drawn = new Promise<Uint8Array>((resolve, reject) => waiting.set(id, { resolve, reject }))
      worker.postMessage({ id, text } satisfies CardJob)
      return drawn
    },
    async stop() {
      failure ??= new Error('the card worker was stopped')
      await worker.terminate()
    },
  }
}

function startWorker(brand: CardBrand): Worker {
  return startEntryWorker(new URL('./card-worker.ts', import.meta.url), { workerData: brand })
}
