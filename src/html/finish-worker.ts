// A finishing worker thread (src/html/finish-pool.ts): takes documents React rendered on the main
// thread, or the props of pages to render here, finishes them (document.ts) and sends back each
// one's bytes, links and ids.
import { parentPort, workerData } from 'node:worker_threads'
import type { PageProps } from '../types.js'
import { createDocumentFinisher } from './document.js'
import type { FinishJob, FinishResult, FinishWorkerData } from './finish-pool.js'

const { setup, rendered } = workerData as FinishWorkerData
const finish = createDocumentFinisher(setup)
const encoder = new TextEncoder()

/** React and the theme, loaded with the first page to render (most builds send none). */
let renderer: Promise<(props: PageProps) => string> | undefined
const loadRenderer = () => (renderer ??= import('../render-document.js').then((m) => m.renderDocument))

/** Renders a page, counted (thrown or not) where the main thread sees it at once. */
function renderCounted(render: (props: PageProps) => string, props: PageProps): string {
  try {
    return render(props)
  } finally {
    Atomics.add(rendered, 0, 1)
  }
}

// Code placeholders a rendered document may still hold (src/html/code.ts): filled on the main thread.
const CODE_LEFT = '<!--docs-site-code:'

parentPort!.on('message', async (jobs: FinishJob[]) => {
  const render = jobs.some((j) => 'props' in j) ? await loadRenderer() : undefined
  const results: FinishResult[] = []
  const transfer: ArrayBuffer[] = []
  for (const job of jobs) {
    try {
      const html = 'html' in job ? job.html : renderCounted(render!, job.props)
      if (!('html' in job) && html.includes(CODE_LEFT)) {
        results.push({ i: job.i, rendered: html })
        continue
      }
      const doc = finish(job.route, html, job.label)
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
