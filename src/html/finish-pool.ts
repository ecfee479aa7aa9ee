import os from 'node:os'
import type { Worker } from 'node:worker_threads'
import type { Diagnostic, PageProps, Route } from '../types.js'
import type { Finishing, OffloadedPage, RenderedPage } from '../render.js'
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
//
// An API page is rendered there too while the workers keep up (`RENDER_AHEAD`): React takes ~9
// times longer to render an operation's page than its props take to copy, so the main thread
// sends the props and renders the next page meanwhile. A document with code left in it (a
// description's code block, whose HTML the main thread holds) comes back to be filled, then goes
// out again to be finished. Other pages (docs, posts) go there too only when there are two
// workers or more (`RENDERS_ALL`): a docs page's render costs ~6 times the copy of its props on
// this thread (0.30 ms against 54 µs), but React starts cold in each worker (~1.1 ms a page for
// its first fifty), and with one worker on two cores, which also finishes every page, the
// 788-page corpus took longer.

/**
 * A page sent to a worker, its document rendered here (`html`) or its props to render there;
 * `i` is its place in the pages of the build.
 */
export type FinishJob = { readonly i: number; readonly route: FinishRoute; readonly label: string } & (
  { readonly html: string } | { readonly props: PageProps }
)

export type FinishResult =
  | { readonly i: number; readonly bytes: Uint8Array; readonly links: string; readonly ids: string }
  | { readonly i: number; readonly error: string }
  /** Rendered with code placeholders left: to fill here, then send again. */
  | { readonly i: number; readonly rendered: string }

/** What a finishing worker starts with. */
export interface FinishWorkerData {
  readonly setup: FinishSetup
  /** [0]: pages it has rendered (see `PoolWorker.rendered`). */
  readonly rendered: Int32Array
}

/** Pages a worker may have waiting to be rendered before the main thread renders the next itself. */
const RENDER_AHEAD = 2

/** Workers from which every kind of page is rendered there, not only API pages (see above). */
const RENDERS_ALL = 2

/** Characters of documents per message: a worker starts on a batch's first pages while it renders. */
const BATCH_CHARS = 1 << 19

/** Workers, one per core but the main thread's (at least one). */
export const finishWorkers = (): number => Math.max(1, os.availableParallelism() - 1)

export interface FinishPool extends Finishing {
  /**
   * Resolves once every document sent so far is finished and handed to `write` (not those sent
   * after the call); rejects if a worker died.
   */
  drain(): Promise<void>
  /** The finished pages, in the order their documents were sent. */
  pages(): RenderedPage[]
  /** Ends the workers. */
  stop(): Promise<void>
}

/** A page sent: what the main thread keeps of it until its result comes back. */
interface Sent {
  readonly route: Route
  readonly label: string
  readonly reported: readonly string[]
  /** A page rendered on a worker: its fill and done (`OffloadedPage`). */
  readonly offloaded?: OffloadedPage
}

/** A finished page, its bytes to be written; or, when finishing threw, its diagnostic. */
function received(
  { route, reported }: Sent,
  r: Exclude<FinishResult, { rendered: string }>,
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

interface PoolWorker {
  readonly worker: Worker
  /** Jobs sent and not back. */
  pending: number
  /** Pages sent to render. */
  toRender: number
  /**
   * [0]: pages the worker has rendered, counted as it goes. The main thread reads it between two
   * of its own pages: the worker's messages wait for the end of a batch of them.
   */
  readonly rendered: Int32Array
}

/** Pages sent to a worker to render that it has not rendered yet. */
const rendering = (w: PoolWorker) => w.toRender - Atomics.load(w.rendered, 0)

const byPending = (w: PoolWorker) => w.pending

/** Up to `size` workers, started as they are first needed, each answering to `onResults`. */
function workerSet(
  size: number,
  setup: FinishSetup,
  onResults: (from: PoolWorker, results: FinishResult[]) => void,
  onError: (err: Error) => void,
) {
  const workers: PoolWorker[] = []
  const start = () => {
    const rendered = new Int32Array(new SharedArrayBuffer(4))
    const entry: PoolWorker = {
      worker: startEntryWorker(new URL('./finish-worker.ts', import.meta.url), {
        workerData: { setup, rendered } satisfies FinishWorkerData,
      }),
      pending: 0,
      toRender: 0,
      rendered,
    }
    entry.worker.on('message', (results: FinishResult[]) => onResults(entry, results))
    entry.worker.on('error', onError)
    workers.push(entry)
    return entry
  }
  const least = (by: (w: PoolWorker) => number) =>
    workers.reduce<PoolWorker | undefined>((a, b) => (a && by(a) <= by(b) ? a : b), undefined)
  return {
    /** The least busy worker, or a new one while there are fewer than `size` and all are busy. */
    pick(by: (w: PoolWorker) => number): PoolWorker {
      const best = least(by)
      return best && (by(best) === 0 || workers.length >= size) ? best : start()
    },
    /** Pages waiting to be rendered, in all. */
    rendering: () => workers.reduce((n, w) => n + rendering(w), 0),
    stop: () => Promise.all(workers.map((w) => w.worker.terminate())),
  }
}

/** What the pool keeps of the pages sent, and where their results go. */
interface Ledger {
  readonly sent: readonly Sent[]
  readonly pages: Array<RenderedPage | undefined>
  readonly diagnostics: Diagnostic[]
  readonly write: (file: string, bytes: Uint8Array) => void
  /** Queues a document to be finished. */
  readonly finish: (i: number, html: string) => void
}

/** A worker's results: pages written and kept for the link check, or sent again with their code filled. */
function taken(ledger: Ledger, from: PoolWorker, results: readonly FinishResult[]): void {
  for (const r of results) {
    const page = ledger.sent[r.i]!
    if ('rendered' in r) {
      // Its code filled here, it goes out again, to be finished.
      ledger.finish(r.i, page.offloaded!.fill(r.rendered))
      continue
    }
    ledger.pages[r.i] = received(page, r, ledger.diagnostics)
    if ('bytes' in r) ledger.write(page.route.outFile, r.bytes)
    page.offloaded?.done()
  }
  from.pending -= results.length
}

/** Which pages are finished: every page before `allBefore`'s answer, in whatever order they came. */
class Finished {
  private readonly finished = new Set<number>()
  /** Every page before this one is finished. */
  private first = 0
  add(i: number): void {
    this.finished.add(i)
    while (this.finished.delete(this.first)) this.first++
  }
  allBefore(n: number): boolean {
    return this.first >= n
  }
}

export function startFinishPool(
  setup: FinishSetup,
  write: (file: string, bytes: Uint8Array) => void,
  diagnostics: Diagnostic[],
  size = finishWorkers(),
): FinishPool {
  const sent: Sent[] = []
  const pages: Array<RenderedPage | undefined> = []
  const done = new Finished()
  let failure: Error | undefined
  let waiters: Array<{ readonly upTo: number; readonly wake: () => void }> = []
  let batch: FinishJob[] = []
  let chars = 0
  const wake = () => {
    const ready = waiters.filter((w) => failure || done.allBefore(w.upTo))
    waiters = waiters.filter((w) => !ready.includes(w))
    for (const w of ready) w.wake()
  }
  const post = (to: PoolWorker, jobs: FinishJob[]) => {
    to.worker.postMessage(jobs)
    to.pending += jobs.length
  }
  const flush = () => {
    if (batch.length) post(workers.pick(byPending), batch)
    batch = []
    chars = 0
  }
  const finish = (i: number, html: string) => {
    batch.push({ i, route: finishRoute(sent[i]!.route), html, label: sent[i]!.label })
    chars += html.length
    if (chars >= BATCH_CHARS) flush()
  }
  const workers = workerSet(
    size,
    setup,
    (from, results) => {
      taken({ sent, pages, diagnostics, write, finish }, from, results)
      for (const r of results) if (!('rendered' in r)) done.add(r.i)
      if (results.some((r) => 'rendered' in r)) flush()
      wake()
    },
    (err) => {
      failure = err
      wake()
    },
  )
  return {
    send(route, html, label, reported) {
      finish(sent.push({ route, label, reported }) - 1, html)
    },
    takes: (route) =>
      (size >= RENDERS_ALL || route.data.kind.startsWith('api-')) &&
      workers.rendering() < RENDER_AHEAD * size,
    render(route, props, page) {
      const i = sent.length
      const to = workers.pick(rendering)
      try {
        post(to, [{ i, route: finishRoute(route), label: page.diagramLabel, props }])
      } catch {
        // Props that cannot be copied (a function in a site's own component props): rendered here.
        return false
      }
      sent.push({ route, label: page.diagramLabel, reported: page.reported, offloaded: page })
      to.toRender++
      return true
    },
    drain() {
      flush()
      // Only the pages sent so far: the main thread renders the next batch meanwhile, and waiting
      // for those too made it wait at each batch for the worker to finish the pages it had just sent.
      const upTo = sent.length
      return new Promise<void>((resolve, reject) => {
        const settle = () => (failure ? reject(failure) : resolve())
        if (failure || done.allBefore(upTo)) settle()
        else waiters.push({ upTo, wake: settle })
      })
    },
    pages: () => pages.filter((p): p is RenderedPage => p !== undefined),
    stop: async () => void (await workers.stop()),
  }
}
