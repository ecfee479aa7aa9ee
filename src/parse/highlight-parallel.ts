import os from 'node:os'
import type { Worker } from 'node:worker_threads'
import type { CodeHighlighter, CodeOptions } from './highlight.js'
import { resolveLanguage } from './languages.js'
import { oneByte } from '../text.js'
import type { HighlightCache } from './highlight-cache.js'
import { startEntryWorker } from '../worker-entry.js'

/** Code for a worker to highlight ahead of the blocks that will hold it (highlight-worker.ts). */
export interface WarmJob {
  readonly warm: ReadonlyArray<readonly [lang: string, code: string]>
}

export interface HighlightJob {
  id: number
  code: string
  lang: string
  lines: number[]
  lineNumbers: boolean
}

/**
 * Translations and versions repeat code blocks: each distinct one goes to the worker once. Blocks
 * are told apart by their options, then by their code: the code is the caller's own string, not
 * a copy inside a longer key (a large API's samples are tens of MB of code).
 */
const optionsKey = (o: CodeOptions) =>
  `${o.lang}\0${[...o.highlightLines].join(',')}\0${o.lineNumbers ? 1 : 0}`
/** How every code placeholder begins. */
export const CODE_PLACEHOLDER = '<!--docs-site-code:'
const placeholder = (id: number) => `${CODE_PLACEHOLDER}${id}-->`
const PLACEHOLDER = /<!--docs-site-code:(\d+)-->/g
const placeholderIds = (s: string) => [...s.matchAll(PLACEHOLDER)].map((m) => Number(m[1]))
/** The blocks the strings' placeholders stand for that are not back yet. */
const missing = (strings: readonly string[], html: ReadonlyArray<string | undefined>) =>
  new Set(strings.flatMap(placeholderIds).filter((id) => html[id] === undefined))
/** Blocks per message: small enough that the worker starts early, large enough to be cheap. */
const BATCH = 16
/** Blocks a worker may have waiting before the next batch goes to a new worker. */
const BACKLOG = 8 * BATCH

/**
 * Highlighting is the costliest part of parsing (shiki, ~0.5 ms a block): here it runs on worker
 * threads, so the main thread parses markdown meanwhile. `highlight` answers at once with a
 * placeholder; `settle` waits for the workers and gives the function that fills them in. The
 * workers also pay for loading shiki, which the main thread then never does.
 *
 * One worker to begin with; another starts (up to `maxWorkers`) only when the running ones fall
 * behind, as on an API reference whose every operation has a dozen samples: a docs site keeps
 * one. A block's HTML does not depend on the worker that made it. By default one core is left to
 * the main thread, which parses meanwhile: each worker compiles the grammars' regexes again
 * (seconds of CPU on a corpus of many languages), which a worker that only takes a core from
 * the parser never wins back.
 */
export function createParallelHighlighter(
  cache?: HighlightCache,
  maxWorkers = Math.max(1, os.availableParallelism() - 1),
): CodeHighlighter {
  let store = cache
  const html: Array<string | undefined> = []
  /** The short keys of the blocks in the store (with a store only). */
  const entries: string[] = []
  const numbers = blockNumbers()
  let queue: HighlightJob[] = []
  let blockWaiters: Array<{ wanted: Set<number>; resolve: () => void }> = []
  const pool = workerPool(maxWorkers, (done) => {
    for (const [id, h] of done) {
      html[id] = h
      if (store) store.set(entries[id]!, h)
      for (const w of blockWaiters) w.wanted.delete(id)
    }
    for (const w of blockWaiters) if (w.wanted.size === 0) w.resolve()
    blockWaiters = blockWaiters.filter((w) => w.wanted.size > 0)
  })
  // With nothing kept from an earlier build, every block needs shiki: start loading it now.
  if (!store?.size) pool.warm()
  const post = () => {
    if (queue.length) pool.send(queue)
    queue = []
  }
  return {
    highlight(code, options) {
      const { known } = resolveLanguage(options.lang)
      const opts = optionsKey(options)
      const [id, isNew] = numbers.of(opts, code)
      if (isNew) {
        if (store) {
          entries[id] = store.entry(`${opts}\0${code}`)
          const kept = store.get(entries[id]!)
          if (kept !== undefined) {
            html[id] = kept
            return { html: placeholder(id), known }
          }
        }
        queue.push({
          id,
          // One-byte when it can be: then so are the worker's tokens, memo and HTML, and that
          // HTML held here until its page is written (twice the memory of a large API's samples).
          code: oneByte(code),
          lang: options.lang,
          lines: [...options.highlightLines],
          lineNumbers: options.lineNumbers ?? false,
        })
        if (queue.length >= BATCH) post()
      }
      return { html: placeholder(id), known }
    },
    async settle(within) {
      post()
      if (!within) await pool.idle()
      // With no block out, the strings need no reading (most of a build's batches of pages).
      else if (pool.busy()) {
        const wanted = missing(within, html)
        // A worker's failure ends the wait too (idle throws it).
        if (wanted.size > 0)
          await Promise.race([
            pool.idle(),
            new Promise<void>((resolve) => blockWaiters.push({ wanted, resolve })),
          ])
      }
      return (s) =>
        s.includes(CODE_PLACEHOLDER) ? s.replace(PLACEHOLDER, (m, id: string) => html[Number(id)] ?? m) : s
    },
    // With blocks kept from an earlier run, the page's are most likely among them.
    warm: (blocks) =>
      void (store?.size || pool.warm(blocks.filter(([lang]) => resolveLanguage(lang).grammar))),
    release(placeholders) {
      for (const id of placeholderIds(placeholders)) html[id] = undefined
    },
    forget() {
      html.length = 0
      entries.length = 0
      numbers.clear()
    },
    persist(last) {
      store?.save()
      if (last) store = undefined
    },
    stop: pool.stop,
  }
}

/** Each distinct block's number: by its options, then by its code (the caller's own string). */
function blockNumbers() {
  const ids = new Map<string, Map<string, number>>()
  let count = 0
  return {
    /** The block's number, and whether it was new. */
    of(opts: string, code: string): [id: number, isNew: boolean] {
      let byCode = ids.get(opts)
      if (!byCode) ids.set(opts, (byCode = new Map()))
      const id = byCode.get(code)
      if (id !== undefined) return [id, false]
      byCode.set(code, count)
      return [count++, true]
    },
    clear() {
      ids.clear()
      count = 0
    },
  }
}

/**
 * The highlight workers, started on first need (a build whose every block is in the store never
 * loads shiki): batches go to the least busy one, or to a new one when every one has a backlog
 * and `maxWorkers` allows. `idle` resolves when every batch sent is done; a worker's crash is
 * thrown there.
 */
function workerPool(maxWorkers: number, done: (blocks: Array<[number, string]>) => void) {
  const workers: Array<{ worker: Worker; pending: number }> = []
  let pending = 0
  let failure: Error | undefined
  let waiters: Array<() => void> = []
  const wake = () => {
    if (pending > 0 && !failure) return
    // Referenced only while blocks are out (serve and tests keep an idle highlighter).
    for (const w of workers) w.worker.unref()
    for (const w of waiters) w()
    waiters = []
  }
  const start = () => {
    const entry = { worker: startWorker(), pending: 0 }
    entry.worker.on('message', (blocks: Array<[number, string]>) => {
      done(blocks)
      entry.pending -= blocks.length
      pending -= blocks.length
      wake()
    })
    entry.worker.on('error', (err) => {
      failure = err
      wake()
    })
    workers.push(entry)
    return entry
  }
  const pick = () => {
    const idle = workers.reduce<(typeof workers)[number] | undefined>(
      (best, w) => (!best || w.pending < best.pending ? w : best),
      undefined,
    )
    if (idle && (idle.pending < BACKLOG || workers.length >= maxWorkers)) return idle
    return start()
  }
  return {
    /** Starts the first worker; with `blocks`, has it highlight them ahead (see `WarmJob`). */
    warm(blocks: WarmJob['warm'] = []) {
      let first = workers[0]
      if (!first) (first = start()).worker.unref()
      if (blocks.length) first.worker.postMessage({ warm: blocks } satisfies WarmJob)
    },
    send(jobs: HighlightJob[]) {
      const target = pick()
      target.worker.ref()
      target.worker.postMessage(jobs)
      target.pending += jobs.length
      pending += jobs.length
    },
    /** Blocks are out (or a worker failed with some: `idle` throws that). */
    busy: () => pending > 0,
    async idle() {
      if (pending > 0 && !failure) await new Promise<void>((resolve) => waiters.push(resolve))
      if (failure) throw failure
    },
    stop() {
      for (const w of workers.splice(0)) void w.worker.terminate()
    },
  }
}

function startWorker(): Worker {
  return startEntryWorker(new URL('./highlight-worker.ts', import.meta.url))
}
