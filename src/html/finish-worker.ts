// A finishing worker thread (src/html/finish-pool.ts): takes documents React rendered on the main
// thread, finishes them (document.ts) and sends back each one's bytes, links and ids.
import { parentPort, workerData } from 'node:worker_threads'
import { createDocumentFinisher, type FinishSetup } from './document.js'
import type { FinishJob, FinishResult } from './finish-pool.js'

const finish = createDocumentFinisher(workerData as FinishSetup)
const encoder = new TextEncoder()

parentPort!.on('message', (jobs: FinishJob[]) => {
  const results: FinishResult[] = []
  const transfer: ArrayBuffer[] = []
  for (const job of jobs) {
    try {
      const doc = finish(job.route, job.html, job.label)
      // TextEncoder's bytes have a buffer of their own, handed over to the main thread, then to
      // the writer thread, without a copy.
      const bytes = encoder.encode(doc.html)
      transfer.push(bytes.buffer as ArrayBuffer)
      results.push({ i: job.i, bytes, links: doc.links, ids: doc.ids })
    } catch (err) {
      results.push({ i: job.i, error: (err as Error).message })
    }
  }
  parentPort!.postMessage(results, transfer)
})
