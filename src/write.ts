import fs from 'node:fs'
import path from 'node:path'
import { DocsSiteError, EXIT } from './errors.js'
import { OUTPUT_MARKER } from './config.js'
import type { Output, SiteConfig } from './types.js'

/** Staging folder beside the output; removed on failure or interruption. */
export const stagingDir = (config: SiteConfig) => `${config.dirs.out}.tmp-${process.pid}`

export interface Staging {
  /** Writes one generated file into the staging folder. */
  write(file: string, contents: string | Uint8Array): void
  /** Writes the rest, copies static/, marks the folder and swaps it in for the previous output. */
  commit(output: Output): void
  /** Removes the staging folder; the previous output was never touched. */
  abort(): void
}

const outputError = (config: SiteConfig, err: unknown) => {
  const e = err as NodeJS.ErrnoException
  return new DocsSiteError([{ severity: 'error', code: 'output', message: `writing the output failed: ${e.code ?? ''} ${e.message}`.trim(), at: { file: e.path ? path.relative(config.root, e.path) || e.path : path.relative(config.root, config.dirs.out) } }], EXIT.content)
}

/**
 * A staging folder beside outDir that pages are written into as they render (the site is never
 * held in memory whole), swapped in only when the build succeeds: the previous output stays
 * intact until the new one is complete. Every file gets a fresh mtime (aws s3 sync).
 */
export function createStaging(config: SiteConfig): Staging {
  const out = config.dirs.out
  const staging = stagingDir(config)
  const old = `${out}.old-${process.pid}`
  const dirs = new Set<string>()
  const write = (file: string, contents: string | Uint8Array) => {
    const target = path.join(staging, file)
    const dir = path.dirname(target)
    if (!dirs.has(dir)) fs.mkdirSync(dir, { recursive: true })
    dirs.add(dir)
    fs.writeFileSync(target, contents)
  }
  const abort = () => fs.rmSync(staging, { recursive: true, force: true })
  try {
    abort()
    fs.mkdirSync(staging, { recursive: true })
  } catch (err) {
    throw outputError(config, err)
  }
  return {
    write(file, contents) {
      try {
        write(file, contents)
      } catch (err) {
        abort()
        throw outputError(config, err)
      }
    },
    abort,
    commit(output) {
      try {
        for (const [file, contents] of output) write(file, contents)
        if (fs.existsSync(config.dirs.static)) fs.cpSync(config.dirs.static, staging, { recursive: true, dereference: false, preserveTimestamps: false, force: false })
        fs.writeFileSync(path.join(staging, OUTPUT_MARKER), 'Written by docs-site. This folder is replaced whole on every build.\n')
        if (fs.existsSync(out)) fs.renameSync(out, old)
        fs.renameSync(staging, out)
        fs.rmSync(old, { recursive: true, force: true })
      } catch (err) {
        abort()
        if (!fs.existsSync(out) && fs.existsSync(old)) fs.renameSync(old, out)
        throw outputError(config, err)
      }
    },
  }
}

/**
 * Takes the output lock, so two builds never mix their files. A lock left by a dead process is
 * taken over. Returns the release function.
 */
export function acquireLock(config: SiteConfig): () => void {
  const lock = `${config.dirs.out}.lock`
  try {
    fs.mkdirSync(path.dirname(lock), { recursive: true })
  } catch (err) {
    const e = err as NodeJS.ErrnoException
    throw new DocsSiteError([{ severity: 'error', code: 'output', message: `cannot create the output folder: ${e.code} ${e.message}`, at: { file: path.relative(config.root, e.path ?? lock) } }], EXIT.content)
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' })
      return () => fs.rmSync(lock, { force: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const pid = Number(fs.readFileSync(lock, 'utf8'))
      if (pid && isAlive(pid) && pid !== process.pid) break
      fs.rmSync(lock, { force: true })
    }
  }
  throw new DocsSiteError([{ severity: 'error', code: 'output', message: `build in progress (lock ${path.relative(config.root, lock)} is held by another docs-site process)`, at: { file: path.relative(config.root, lock) } }], EXIT.content)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Files in static/, POSIX paths relative to it. */
export function listStatic(config: SiteConfig): Set<string> {
  const out = new Set<string>()
  if (!fs.existsSync(config.dirs.static)) return out
  for (const e of fs.readdirSync(config.dirs.static, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out.add(path.relative(config.dirs.static, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
  }
  return out
}
