import fs from 'node:fs'
import path from 'node:path'
import { watch, type FSWatcher } from 'chokidar'

export interface WatchOptions {
  /** Files and folders to watch (missing ones are skipped). */
  readonly paths: readonly string[]
  /** Called with the absolute paths changed in one batch; never called again before it settles. */
  readonly onBatch: (paths: ReadonlySet<string>) => void
  /** A watcher problem the user must hear about (inotify limit, permissions). */
  readonly onError: (message: string) => void
  /** Quiet time that closes a batch during a burst of changes. @default 100 */
  readonly debounceMs?: number
  /**
   * Quiet time that closes the first batch after a calm moment (CALM_MS): a lone save (an editor's write
   * and rename come within a few milliseconds) is reported at once. @default 5
   */
  readonly firstMs?: number
  /** A batch is flushed after this long even if changes keep coming. @default 2000 */
  readonly maxWaitMs?: number
}

/**
 * After this long without a batch, the next change is a lone save until shown otherwise. Bursts
 * (a branch switch, a generator writing many files) arrive milliseconds apart; a writer's saves,
 * an editor's autosave every second included, come further apart and each gets the short wait.
 */
const CALM_MS = 250
/**
 * chokidar drops a second change of a file that comes within 50 ms of the first (it throttles
 * without a trailing event), which is how an editor's save followed by its formatter's arrives:
 * each change is looked at again after that window, and reported again if the file moved since.
 */
const RECHECK_MS = 60

export interface SourceWatcher {
  /** Resolves when the initial scan is done and changes are being reported. */
  readonly ready: Promise<void>
  /** Starts watching more paths (new config dependencies). */
  add(paths: readonly string[]): void
  close(): Promise<void>
}

/** `onEvent` for every change chokidar reports, and again for one it dropped (RECHECK_MS). */
function rechecked(onEvent: (file: string) => void): { onChange: (file: string) => void; stop: () => void } {
  const rechecks = new Map<string, NodeJS.Timeout>()
  let stopped = false
  // lstat: a link is watched as a link (a loop or a link to / is not followed here either).
  const stampOf = (file: string) => {
    try {
      const st = fs.lstatSync(file, { throwIfNoEntry: false })
      return st ? `${st.mtimeMs}:${st.size}` : ''
    } catch {
      return ''
    }
  }
  const onChange = (file: string) => {
    const abs = path.resolve(file)
    onEvent(abs)
    const seen = stampOf(abs)
    clearTimeout(rechecks.get(abs))
    const timer = setTimeout(() => {
      rechecks.delete(abs)
      if (!stopped && stampOf(abs) !== seen) onChange(abs)
    }, RECHECK_MS)
    rechecks.set(abs, timer)
  }
  const stop = () => {
    stopped = true
    for (const timer of rechecks.values()) clearTimeout(timer)
  }
  return { onChange, stop }
}

/**
 * Watches the sources (the only chokidar import) and reports debounced batches: an editor's
 * atomic save (write temp + rename, or unlink + add) and a burst of changes become one batch.
 * When the OS runs out of inotify watches it says so and falls back to polling, rather than
 * silently stopping live reload.
 */
export function watchSources(options: WatchOptions): SourceWatcher {
  let closed = false
  const watched = new Set(options.paths.filter((p) => fs.existsSync(p)))
  const batches = createBatcher(options)
  const onEvent = (file: string) => batches.add(path.resolve(file))

  const { onChange, stop } = rechecked(onEvent)

  const start = (usePolling: boolean): { watcher: FSWatcher; ready: Promise<void> } => {
    const watcher = watch([...watched], {
      ignoreInitial: true,
      // A link is watched as a link: a static/ link out of the project (even to /) is neither
      // walked nor watched, as the build neither copies nor serves it. A link inside the project
      // points at a file that is watched where it lives.
      followSymlinks: false,
      usePolling,
      interval: 300,
      // Editor swap files, .git and other dot entries, and node_modules never affect the site.
      ignored: (p: string) => {
        const name = path.basename(p)
        return !watched.has(p) && (name.startsWith('.') || name === 'node_modules' || name.endsWith('~'))
      },
    })
    // chokidar reports the symlinks it meets in its first scan as added, ignoreInitial or not:
    // nothing before 'ready' is a change.
    let scanning = true
    watcher.once('ready', () => (scanning = false))
    watcher.on('all', (_event, file) => !scanning && onChange(file))
    watcher.on('error', (err) => {
      const code = (err as NodeJS.ErrnoException).code
      if ((code === 'ENOSPC' || code === 'EMFILE') && !usePolling && !closed) {
        options.onError(
          `the file watcher hit the system limit (${code}: too many watched files). Falling back to polling, which is slower.\n` +
            '    hint: raise the limit with `sudo sysctl fs.inotify.max_user_watches=524288` (and max_user_instances), then restart docs-site serve',
        )
        void watcher.close()
        current = start(true)
        return
      }
      options.onError(`file watcher: ${(err as Error).message}`)
    })
    return { watcher, ready: new Promise((resolve) => watcher.once('ready', () => resolve())) }
  }
  let current = start(false)

  return {
    ready: current.ready,
    add(paths) {
      const fresh = paths.filter((p) => !watched.has(p) && fs.existsSync(p))
      for (const p of fresh) watched.add(p)
      if (fresh.length) current.watcher.add(fresh)
    },
    async close() {
      closed = true
      batches.close()
      stop()
      await current.watcher.close()
    },
  }
}

/** Changes gathered into batches (see `WatchOptions`): `add` a changed file, `close` drops the rest. */
export function createBatcher(
  options: Pick<WatchOptions, 'onBatch' | 'debounceMs' | 'firstMs' | 'maxWaitMs'> & {
    /** See CALM_MS. */
    readonly calmMs?: number
  },
): { add(file: string): void; close(): void } {
  const calmMs = options.calmMs ?? CALM_MS
  const debounceMs = options.debounceMs ?? 100
  const firstMs = Math.min(options.firstMs ?? 5, debounceMs)
  const maxWaitMs = options.maxWaitMs ?? 2000
  let lastFlush = -Infinity
  let lastEvent = 0
  let pending = new Set<string>()
  let quiet: NodeJS.Timeout | undefined
  let first: NodeJS.Timeout | undefined
  let closed = false
  const flush = () => {
    clearTimeout(quiet)
    clearTimeout(first)
    quiet = first = undefined
    if (pending.size === 0 || closed) return
    const batch = pending
    pending = new Set()
    lastFlush = performance.now()
    options.onBatch(batch)
  }
  // The quiet time is measured from the change itself, in fractions of a millisecond; a timer
  // counts whole milliseconds of the event loop's clock, so a 5 ms timer may fire 4.1 ms after the
  // change. It then waits again for the rest. (It used to give up, which left a lone save to the
  // longest wait, 2 s, about one save in three.) setImmediate lets changes already queued come first.
  // `change`: the latest change's number; an older change's timer leaves the batch to it.
  let change = 0
  const settle = (ms: number, of: number) =>
    setImmediate(() => {
      if (of !== change || closed) return
      const waited = performance.now() - lastEvent
      if (waited >= ms * 0.9) flush()
      else quiet = setTimeout(() => settle(ms, of), Math.ceil(ms - waited))
    })
  return {
    add(file) {
      pending.add(file)
      lastEvent = performance.now()
      clearTimeout(quiet)
      const ms = lastEvent - lastFlush > calmMs && pending.size === 1 ? firstMs : debounceMs
      const of = ++change
      quiet = setTimeout(() => settle(ms, of), ms)
      first ??= setTimeout(flush, maxWaitMs)
    },
    close() {
      closed = true
      clearTimeout(quiet)
      clearTimeout(first)
    },
  }
}
