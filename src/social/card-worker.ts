// The social-card worker thread: draws the cards drawer.ts sends it, in the order sent.
import './wasm-tiers.js'
import fs from 'node:fs'
import os from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { createCardRenderer } from './draw.js'
import type { CardJob, CardReply } from './drawer.js'
import type { CardBrand } from './frame.js'

// Cards are drawn beside the pages' render, which the build waits for: on Linux this thread yields
// the processor to the others (niceness 19, this thread's only; /proc/thread-self names it). With
// more threads ready than cores, the main thread had been losing ~0.2 s of the render to it (a
// cold N=150 build with cards: 0.96x wall).
try {
  os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 19)
} catch {
  // Another system: the thread keeps the process's priority.
}
const renderer = createCardRenderer(workerData as CardBrand)
// Listening at once: cards sent while the fonts and resvg load queue up behind the first await.
parentPort!.on('message', async (job: CardJob) => {
  let reply: CardReply
  try {
    const png = (await renderer).render(job.text)
    reply = { id: job.id, png }
  } catch (err) {
    reply = { id: job.id, error: (err as Error).message }
  }
  parentPort!.postMessage(reply, reply.png ? [reply.png.buffer as ArrayBuffer] : [])
})
