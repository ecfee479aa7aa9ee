import { Worker } from 'node:worker_threads'
import type { CodeHighlighter, CodeOptions } from './highlight.js'
import { resolveLanguage } from './languages.js'
import type { HighlightCache } from './highlight-cache.js'

export interface HighlightJob {
  id: number
  code: string
  lang: string
  lines: number[]
  lineNumbers: boolean
}

/** Set by bin/docs-site.js when it runs the esbuild-compiled CLI: the build's file stamp. */
declare const DOCS_SITE_COMPILED: string | undefined

/** Translations and versions repeat code blocks: each distinct one goes to the worker once. */
const blockKey = (code: string, o: CodeOptions) =>
  `${o.lang}\0${[...o.highlightLines].join(',')}\0${o.lineNumbers ? 1 : 0}\0${code}`
const placeholder = (id: number) => `<!--docs-site-code:${id}-->`
const PLACEHOLDER = /<!--docs-site-code:(\d+)-->/g
/** Blocks per message: small enough that the worker starts early, large enough to be cheap. */
const BATCH = 16

/**
 * Highlighting is the costliest part of parsing (shiki, ~0.5 ms a block): here it runs on a
 * worker thread, so the main thread parses markdown meanwhile. `highlight` answers at once with
 * a placeholder; `settle` waits for the worker and gives the function that fills them in. The
 * worker also pays for loading shiki, which the main thread then never does.
 */
export function createParallelHighlighter(store?: HighlightCache): CodeHighlighter {
  // Started on first need: a build whose every block is in the store never loads shiki.
  let started: Worker | undefined
  const html: string[] = []
  const keys: string[] = []
  const ids = new Map<string, number>()
  let queue: HighlightJob[] = []
  let pending = 0
  let failure: Error | undefined
  let waiters: Array<() => void> = []
  const wake = () => {
    if (pending > 0 && !failure) return
    // Referenced only while blocks are out (serve and tests keep an idle highlighter).
    started?.unref()
    for (const w of waiters) w()
    waiters = []
  }
  const worker = () => {
    if (started) return started
    const w = (started = startWorker())
    w.on('message', (done: Array<[number, string]>) => {
      for (const [id, h] of done) {
        html[id] = h
        store?.set(keys[id]!, h)
      }
      pending -= done.length
      wake()
    })
    w.on('error', (err) => {
      failure = err
      wake()
    })
    return w
  }
  // With nothing kept from an earlier build, every block needs shiki: start loading it now.
  if (!store?.size) worker().unref()
  const post = () => {
    if (!queue.length) return
    worker().ref()
    worker().postMessage(queue)
    queue = []
  }
  return {
    highlight(code, options) {
      const { known } = resolveLanguage(options.lang)
      const key = blockKey(code, options)
      let id = ids.get(key)
      if (id === undefined) {
        ids.set(key, (id = ids.size))
        keys[id] = key
        const kept = store?.get(key)
        if (kept !== undefined) {
          html[id] = kept
          return { html: placeholder(id), known }
        }
        queue.push({
          id,
          code,
          lang: options.lang,
          lines: [...options.highlightLines],
          lineNumbers: options.lineNumbers ?? false,
        })
        pending++
        if (queue.length >= BATCH) post()
      }
      return { html: placeholder(id), known }
    },
    async settle() {
      post()
      if (pending > 0 && !failure) await new Promise<void>((resolve) => waiters.push(resolve))
      if (failure) throw failure
      return (s) =>
        s.includes('<!--docs-site-code:') ? s.replace(PLACEHOLDER, (_, id: string) => html[Number(id)]!) : s
    },
    forget() {
      html.length = 0
      keys.length = 0
      ids.clear()
    },
    persist() {
      store?.save()
    },
    stop() {
      void started?.terminate()
      started = undefined
    },
  }
}

function startWorker(): Worker {
  if (typeof DOCS_SITE_COMPILED === 'string')
    return new Worker(new URL(`./highlight-worker-${DOCS_SITE_COMPILED}.js`, import.meta.url))
  // Run from the TypeScript sources (tests, or a read-only install). Node 20 loads a worker's
  // entry before `--import`ed hooks apply, so a tiny script registers tsx, then imports it.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
  const entry = JSON.stringify(new URL('./highlight-worker.ts', import.meta.url).href)
  const tsconfig = JSON.stringify(new URL('../../tsconfig.json', import.meta.url).pathname)
  return new Worker(
    `import(${tsx}).then((tsx) => { tsx.register({ tsconfig: ${tsconfig} }); return import(${entry}) })`,
    { eval: true },
  )
}

/**
 * Fills the placeholders in every string reachable through plain objects, arrays and Maps under
 * `root`, in place. The parse stages' results are still private to the build when this runs.
 */
export function fillPlaceholders(root: unknown, fill: (html: string) => string): void {
  const seen = new Set<object>()
  const visit = (value: unknown, set: (v: string) => void) => {
    if (typeof value === 'string') {
      const filled = fill(value)
      if (filled !== value) set(filled)
      return
    }
    if (!value || typeof value !== 'object' || seen.has(value)) return
    seen.add(value)
    if (value instanceof Map) {
      for (const [k, v] of value) visit(v, (f) => value.set(k, f))
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, (f) => (value[i] = f)))
    } else if (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null) {
      const obj = value as Record<string, unknown>
      for (const k of Object.keys(obj)) visit(obj[k], (f) => (obj[k] = f))
    }
  }
  visit(root, () => {})
}
