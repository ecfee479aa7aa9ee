import { Worker, type WorkerOptions } from 'node:worker_threads'

/** Set by bin/docs-site.js when it runs the esbuild-compiled CLI: the build's file stamp. */
declare const DOCS_SITE_COMPILED: string | undefined

/**
 * A worker thread running one of docs-site's worker entries: `source` is the entry's .ts file
 * (`new URL('./x-worker.ts', import.meta.url)` in its caller), compiled by bin/docs-site.js to
 * `dist/x-worker-<stamp>.js` beside the CLI's chunks.
 */
export function startEntryWorker(source: URL, options: WorkerOptions = {}): Worker {
  const name = source.pathname.replace(/^.*\//, '').replace(/\.ts$/, '')
  const started = early.get(name)
  if (started && Object.keys(options).length === 0) {
    early.delete(name)
    return started
  }
  if (typeof DOCS_SITE_COMPILED === 'string')
    return new Worker(new URL(`./${name}-${DOCS_SITE_COMPILED}.js`, import.meta.url), options)
  // Run from the TypeScript sources (tests, or a read-only install). Node 20 loads a worker's
  // entry before `--import`ed hooks apply, so a tiny script registers tsx, then imports it.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
  const entry = JSON.stringify(source.href)
  const tsconfig = JSON.stringify(new URL('../tsconfig.json', import.meta.url).pathname)
  return new Worker(
    `import(${tsx}).then((tsx) => { tsx.register({ tsconfig: ${tsconfig} }); return import(${entry}) })`,
    { ...options, eval: true },
  )
}

/** Workers bin/docs-site.js started before the CLI's modules loaded, by entry name. */
const early = new Map<string, Worker>()

/**
 * Starts the compiled worker entry `name` now, for the first `startEntryWorker` of it to take:
 * serve's first page waits for the highlight worker (Node's start of a thread, shiki and its WASM,
 * the page's grammars: ~0.6 s), which then starts while the CLI's own modules load. Unreferenced:
 * a CLI that never takes it (a config error) still exits.
 */
export function startEarly(name: string): void {
  if (typeof DOCS_SITE_COMPILED !== 'string' || early.has(name)) return
  const worker = new Worker(new URL(`./${name}-${DOCS_SITE_COMPILED}.js`, import.meta.url))
  worker.unref()
  early.set(name, worker)
}
