import fs from 'node:fs'
import path from 'node:path'
import { scanStatic } from './static-files.js'
import { Worker } from 'node:worker_threads'
import { DocsSiteError, EXIT } from './errors.js'
import { OUTPUT_MARKER } from './out-dir.js'
import type { Output, SiteConfig } from './types.js'

/**
 * Whether the previous output has a file, its folders each read once: a file it does not have
 * (every one in a first build) is not kept through a failed link, and its exception, per file.
 */
function previousListing(out: string): (file: string) => boolean {
  const listings = new Map<string, Set<string> | undefined>()
  return (file) => {
    const dir = path.dirname(file)
    if (!listings.has(dir)) {
      let names: Set<string> | undefined
      try {
        names = new Set(fs.readdirSync(path.join(out, dir)))
      } catch {
        names = undefined
      }
      listings.set(dir, names)
    }
    return listings.get(dir)?.has(path.basename(file)) ?? false
  }
}

/** Staging folder beside the output; removed on failure or interruption. */
export const stagingDir = (config: SiteConfig) => `${config.dirs.out}.tmp-${process.pid}`

export interface Staging {
  /** Queues one generated file for the staging folder (written by a worker thread). */
  write(file: string, contents: string | Uint8Array): void
  /**
   * Hard-links `file` of the previous output into the staging folder, for a file whose name says
   * its bytes are the same (a content-hashed name): no bytes written, and its mtime kept. False
   * when there is no such file (or it cannot be linked): write it then.
   */
  keep(file: string): boolean
  /** Resolves once every queued file is on disk; throws the first write error. */
  flush(): Promise<void>
  /** Writes the rest, copies static/, marks the folder and swaps it in for the previous output. */
  commit(output: Output): Promise<void>
  /** Stops the writer and removes the staging folder; the previous output was never touched. */
  abort(): void
}

const outputError = (config: SiteConfig, err: unknown) => {
  const e = err as NodeJS.ErrnoException
  return new DocsSiteError(
    [
      {
        severity: 'error',
        code: 'output',
        message: `writing the output failed: ${e.code && !e.message.startsWith(e.code) ? `${e.code} ` : ''}${e.message}`,
        at: {
          file: e.path
            ? path.relative(config.root, e.path) || e.path
            : path.relative(config.root, config.dirs.out),
        },
      },
    ],
    EXIT.content,
  )
}

/** Stagings of this process, for the signal handler: Ctrl-C must not leave a half-written folder. */
const open = new Set<Staging>()

/** Aborts every staging of this process (SIGINT, SIGTERM). */
export function abortStagings(): void {
  for (const s of open) s.abort()
}

/**
 * A staging folder beside outDir that pages are written into as they render (the site is never
 * held in memory whole), swapped in only when the build succeeds: the previous output stays
 * intact until the new one is complete. A file whose bytes did not change keeps its previous
 * mtime, so `aws s3 sync` (which compares size and mtime) uploads only what changed.
 */
export function createStaging(config: SiteConfig): Staging {
  const out = config.dirs.out
  const staging = stagingDir(config)
  const old = `${out}.old-${process.pid}`
  try {
    fs.rmSync(staging, { recursive: true, force: true })
    fs.mkdirSync(staging, { recursive: true })
  } catch (err) {
    throw outputError(config, err)
  }
  const writer = startWriter(staging, out)
  const linkedInto = new Set<string>()
  const inPrevious = previousListing(out)
  const staged: Staging = {
    write: writer.write,
    keep(file) {
      if (!inPrevious(file)) return false
      const dest = path.join(staging, file)
      try {
        const parent = path.dirname(dest)
        if (!linkedInto.has(parent)) fs.mkdirSync(parent, { recursive: true })
        linkedInto.add(parent)
        fs.linkSync(path.join(out, file), dest)
        return true
      } catch {
        return false
      }
    },
    abort() {
      writer.stop()
      fs.rmSync(staging, { recursive: true, force: true })
      open.delete(staged)
    },
    async flush() {
      const err = await writer.flush()
      if (err) {
        staged.abort()
        // Name the file as it would have been in the output folder, not the staging one.
        throw outputError(config, { ...err, path: err.path?.replace(staging, out) })
      }
    },
    async commit(output) {
      for (const [file, contents] of output) writer.write(file, contents)
      await staged.flush()
      writer.stop()
      open.delete(staged)
      try {
        // Files only, symlinks resolved (scanStatic refuses links out of the project).
        for (const [rel, abs] of scanStatic(config).files) {
          const dest = path.join(staging, ...rel.split('/'))
          if (fs.existsSync(dest)) continue
          fs.mkdirSync(path.dirname(dest), { recursive: true })
          fs.copyFileSync(abs, dest)
        }
        fs.writeFileSync(
          path.join(staging, OUTPUT_MARKER),
          'Written by docs-site. This folder is replaced whole on every build.\n',
        )
        if (fs.existsSync(out)) {
          keepUnchangedMtimes(out, staging)
          fs.renameSync(out, old)
        }
        fs.renameSync(staging, out)
        fs.rmSync(old, { recursive: true, force: true })
      } catch (err) {
        staged.abort()
        if (!fs.existsSync(out) && fs.existsSync(old)) fs.renameSync(old, out)
        throw outputError(config, err)
      }
    },
  }
  open.add(staged)
  return staged
}

interface WriteFailure {
  code?: string
  message: string
  path?: string
}

const encoder = new TextEncoder()
/** Bytes of files sent to the writer thread in one message. */
const BATCH_BYTES = 1 << 20

/**
 * Writing ~800 pages is about a second of mkdir and write system calls; a worker thread makes
 * them while the main thread renders the next pages. After a failure it writes nothing more.
 * `stop` is synchronous (Atomics), so an abort never races a write into a removed folder.
 */
function startWriter(dir: string, previous: string) {
  // [0] stop requested, [1] a write in progress.
  const flags = new Int32Array(new SharedArrayBuffer(8))
  const worker = new Worker(`(${writerThread.toString()})()`, {
    eval: true,
    workerData: { dir, previous, flags },
  })
  const waiting = new Map<number, (err: WriteFailure | undefined) => void>()
  let flushes = 0
  worker.on('message', (m: { flushed: number; error?: WriteFailure }) => {
    waiting.get(m.flushed)?.(m.error)
    waiting.delete(m.flushed)
  })
  worker.on('error', (err) => {
    for (const resolve of waiting.values()) resolve({ message: String(err) })
    waiting.clear()
  })
  // Referenced only while a flush waits; after the listeners, which reference it again.
  worker.unref()
  // Files go over a few dozen at a time: one message per page woke the writer thread ~1,500 times
  // a build. Each is UTF-8 bytes handed over (transferred), not a string copied into the message;
  // TextEncoder's bytes have a buffer of their own (a small Buffer.from shares Node's pool, which
  // a transfer would take away).
  let batch: Array<{ file: string; contents: Uint8Array }> = []
  let transfer: ArrayBuffer[] = []
  let bytes = 0
  const send = () => {
    if (batch.length) worker.postMessage({ files: batch }, transfer)
    batch = []
    transfer = []
    bytes = 0
  }
  return {
    write(file: string, contents: string | Uint8Array) {
      if (typeof contents === 'string') {
        const encoded = encoder.encode(contents)
        transfer.push(encoded.buffer)
        contents = encoded
      }
      batch.push({ file, contents })
      bytes += contents.byteLength
      if (bytes >= BATCH_BYTES) send()
    },
    flush: () =>
      new Promise<WriteFailure | undefined>((resolve) => {
        const id = ++flushes
        waiting.set(id, resolve)
        send()
        worker.ref()
        worker.postMessage({ flush: id })
      }).finally(() => waiting.size === 0 && worker.unref()),
    stop() {
      Atomics.store(flags, 0, 1)
      while (Atomics.load(flags, 1) === 1) Atomics.wait(flags, 1, 1, 50)
      void worker.terminate()
    },
  }
}

/**
 * The writer thread's code, run from its source text (eval): no imports, no require (bundlers
 * rewrite that name), only what process.getBuiltinModule gives.
 */
function writerThread() {
  const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads')
  const nodeFs = process.getBuiltinModule('node:fs')
  const nodePath = process.getBuiltinModule('node:path')
  const { dir, previous, flags } = workerData as { dir: string; previous: string; flags: Int32Array }
  const made = new Set<string>()
  let failure: WriteFailure | undefined
  // No named function in here: tsx (tests, a read-only install) would wrap it in a helper call
  // that does not exist in the thread this source text is run in.
  parentPort!.on(
    'message',
    (m: { flush?: number; files?: Array<{ file: string; contents: Uint8Array }> }) => {
      if (m.flush !== undefined) return parentPort!.postMessage({ flushed: m.flush, error: failure })
      for (const { file, contents } of m.files!) {
        Atomics.store(flags, 1, 1)
        const target = nodePath.join(dir, file)
        try {
          if (failure || Atomics.load(flags, 0) === 1) continue
          const parent = nodePath.dirname(target)
          if (!made.has(parent)) nodeFs.mkdirSync(parent, { recursive: true })
          made.add(parent)
          // A file with the same bytes as the previous output's is that file, linked: nothing is
          // written, and it keeps its mtime, so a deploy does not upload it again (most files of
          // a rebuild: builds are reproducible). Compared here, off the main thread, as it renders.
          const before = nodePath.join(previous, file)
          let same = false
          try {
            same =
              nodeFs.statSync(before).size === contents.byteLength &&
              nodeFs.readFileSync(before).equals(contents)
            if (same) nodeFs.linkSync(before, target)
          } catch {
            same = false
          }
          if (!same) nodeFs.writeFileSync(target, contents)
        } catch (err) {
          const e = err as NodeJS.ErrnoException
          failure = { code: e.code, message: e.message, path: e.path ?? target }
        } finally {
          Atomics.store(flags, 1, 0)
          Atomics.notify(flags, 1)
        }
      }
    },
  )
}

/**
 * Takes the output lock, so two builds never mix their files. A lock left by a dead process is
 * taken over. Returns the release function.
 */
export function acquireLock(config: SiteConfig): () => void {
  const lock = `${config.dirs.out}.lock`
  // The file system refused (a read-only or special folder, a name too long, a folder named like
  // the lock): said as an output error, never a stack trace.
  const refused = (err: unknown, what: string) => {
    const e = err as NodeJS.ErrnoException
    return new DocsSiteError(
      [
        {
          severity: 'error',
          code: 'output',
          message: `cannot ${what}: ${e.message}`,
          at: { file: path.relative(config.root, e.path ?? lock) },
        },
      ],
      EXIT.content,
    )
  }
  try {
    fs.mkdirSync(path.dirname(lock), { recursive: true })
  } catch (err) {
    throw refused(err, 'create the output folder')
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' })
      return () => fs.rmSync(lock, { force: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw refused(err, 'take the output lock')
      let pid: number
      try {
        pid = Number(fs.readFileSync(lock, 'utf8'))
      } catch (readErr) {
        throw refused(readErr, `read the output lock (is ${path.basename(lock)} a folder?)`)
      }
      if (pid && isAlive(pid) && pid !== process.pid) break
      fs.rmSync(lock, { force: true })
    }
  }
  throw new DocsSiteError(
    [
      {
        severity: 'error',
        code: 'output',
        message: `build in progress (lock ${path.relative(config.root, lock)} is held by another docs-site process)`,
        at: { file: path.relative(config.root, lock) },
      },
    ],
    EXIT.content,
  )
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Files in static/, POSIX paths relative to it (see scanStatic for symlinks). */
export function listStatic(config: SiteConfig): Set<string> {
  return new Set(scanStatic(config).files.keys())
}

/**
 * Gives each staged file whose bytes equal the previous output's file of the same path that file's
 * mtime. Builds are reproducible, so most files of a rebuild are unchanged: without this every
 * deploy would upload the whole site. Only files of equal size are read and compared.
 */
export function keepUnchangedMtimes(previous: string, next: string): void {
  for (const e of fs.readdirSync(next, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue
    const file = path.join(e.parentPath, e.name)
    const before = path.join(previous, path.relative(next, file))
    let old: fs.Stats
    try {
      old = fs.statSync(before)
    } catch {
      continue
    }
    const now = fs.statSync(file)
    // A file linked from the previous output (Staging.keep) is that file: its mtime is the same.
    if (!old.isFile() || old.size !== now.size || (old.ino === now.ino && old.dev === now.dev)) continue
    if (fs.readFileSync(file).equals(fs.readFileSync(before))) fs.utimesSync(file, old.atime, old.mtime)
  }
}
