import os from 'node:os'
import type { Worker } from 'node:worker_threads'
import type { Diagnostic, Route } from '../types.js'
import type { Finishing, RenderedPage } from '../render.js'
import type { FinishRoute, FinishSetup } from './document.js'
import { finishRoute } from './document.js'
import { startEntryWorker } from '../worker-entry.js'

// A build's main thread renders each page with React. Finishing the document (document.ts: head
// tags, image sizes, diagram text, the Docusaurus layout's classes, the links and ids the link
// check reads) and encoding it for the disk took a third of its render time more, while the second
// core sat idle once the code blocks were highlighted. Worker threads do that part: the main thread
// sends each rendered document (its text copied once into the message, which costs it what
// encoding did), and a worker sends back its bytes (moved, not copied) for the writer thread, with
// its links and ids. They are the bytes the main thread would make: the same function from the
// same setup (`finishSetup`), copied to each worker.

/** A rendered document sent to a worker: `i` is its place in the pages of the build. */
export interface FinishJob {
  readonly i: number
  readonly route: FinishRoute
  readonly html: string
  readonly label: string
}

export type FinishResult =
  | { readonly i: number; readonly bytes: Uint8Array; readonly links: string; readonly ids: string }
  | { readonly i: number; readonly error: string }

/** Characters of documents per message: a worker starts on a batch's first pages while it renders. */
const BATCH_CHARS = 1 << 19

/** Workers, one per core but the main thread's (at least one). */
export const finishWorkers = (): number => Math.max(1, os.availableParallelism() - 1)

export interface FinishPool extends Finishing {
  /** Resolves once every document sent is finished and handed to `write`; rejects if a worker died. */
  drain(): Promise<void>
  /** The finished pages, in the order their documents were sent. */
  pages(): RenderedPage[]
  /** Ends the workers. */
  stop(): Promise<void>
}

/** A finished page, its bytes to be written; or, when finishing threw, its diagnostic. */
function received(
  { route, reported }: { route: Route; reported: readonly string[] },
  r: FinishResult,
  diagnostics: Diagnostic[],
): RenderedPage | undefined {
  if (!('error' in r)) return { route, html: '', reported, links: r.links, ids: r.ids }
  // As when rendering throws (src/render.ts).
  diagnostics.push({
    severity: 'error',
    code: 'render',
    message: `rendering ${route.url} failed: ${r.error}`,
    at: route.source ? { file: route.source } : undefined,
  })
  return undefined
}

export function startFinishPool(
  setup: FinishSetup,
  write: (file: string, bytes: Uint8Array) => void,
  diagnostics: Diagnostic[],
  size = finishWorkers(),
): FinishPool {
  const sent: Array<{ route: Route; reported: readonly string[] }> = []
  const pages: Array<RenderedPage | undefined> = []
  const workers: Array<{ worker: Worker; pending: number }> = []
  let outstanding = 0
  let failure: Error | undefined
  let waiters: Array<() => void> = []
  let batch: FinishJob[] = []
  let chars = 0
  const wake = () => {
    if (outstanding > 0 && !failure) return
    for (const w of waiters) w()
    waiters = []
  }
  const receive = (results: FinishResult[]) => {
    for (const r of results) {
      const page = received(sent[r.i]!, r, diagnostics)
      if (page && 'bytes' in r) write(page.route.outFile, r.bytes)
      pages[r.i] = page
    }
  }
  const start = () => {
    const entry = {
      worker: startEntryWorker(new URL('./finish-worker.ts', import.meta.url), { workerData: setup }),
      pending: 0,
    }
    entry.worker.on('message', (results: FinishResult[]) => {
      receive(results)
      entry.pending -= results.length
      outstanding -= results.length
      wake()
    })
    entry.worker.on('error', (err) => {
      failure = err
      wake()
    })
    workers.push(entry)
    return entry
  }
  const post = () => {
    if (!batch.length) return
    // The least busy worker, or a new one while there are fewer than `size`.
    const idle = workers.find((w) => w.pending === 0)
    const target =
      idle ?? (workers.length < size ? start() : workers.reduce((a, b) => (b.pending < a.pending ? b : a)))
    target.worker.postMessage(batch)
    target.pending += batch.length
    outstanding += batch.length
    batch = []
    chars = 0
  }
  return {
    send(route, html, label, reported) {
      const i = sent.push({ route, reported }) - 1
      batch.push({ i, route: finishRoute(route), html, label })
      chars += html.length
      if (chars >= BATCH_CHARS) post()
    },
    drain() {
      post()
      return new Promise<void>((resolve, reject) => {
        const settle = () => (failure ? reject(failure) : resolve())
        if (outstanding === 0 || failure) settle()
        else waiters.push(settle)
      })
    },
    pages: () => pages.filter((p): p is RenderedPage => p !== undefined),
    async stop() {
      await Promise.all(workers.map((w) => w.worker.terminate()))
    },
  }
}
