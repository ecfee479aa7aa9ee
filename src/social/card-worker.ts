// The social-card worker thread: draws the cards drawer.ts sends it, in the order sent.
import './wasm-tiers.js'
import { parentPort, workerData } from 'node:worker_threads'
import { createCardRenderer } from './draw.js'
import type { CardJob, CardReply } from './drawer.js'
import type { CardBrand } from './frame.js'

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
