import fs from 'node:fs'
import path from 'node:path'
import { DocsSiteError, EXIT } from './errors.js'
import { OUTPUT_MARKER } from './config.js'
import type { Output, SiteConfig } from './types.js'

/** Staging folder beside the output; removed on failure or interruption. */
export const stagingDir = (config: SiteConfig) => `${config.dirs.out}.tmp-${process.pid}`

/**
 * Writes into a staging folder beside outDir, copies static/, then swaps it in: the previous
 * output stays intact until the new one is complete. Every file gets a fresh mtime (aws s3 sync).
 */
export function writeOutput(config: SiteConfig, output: Output): void {
  const out = config.dirs.out
  const staging = stagingDir(config)
  const old = `${out}.old-${process.pid}`
  try {
    fs.rmSync(staging, { recursive: true, force: true })
    fs.mkdirSync(staging, { recursive: true })
    if (fs.existsSync(config.dirs.static)) fs.cpSync(config.dirs.static, staging, { recursive: true, dereference: false, preserveTimestamps: false })
    for (const [file, contents] of output) {
      const target = path.join(staging, file)
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.writeFileSync(target, contents)
    }
    fs.writeFileSync(path.join(staging, OUTPUT_MARKER), 'Written by docs-site. This folder is replaced whole on every build.\n')
    if (fs.existsSync(out)) fs.renameSync(out, old)
    fs.renameSync(staging, out)
    fs.rmSync(old, { recursive: true, force: true })
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true })
    if (!fs.existsSync(out) && fs.existsSync(old)) fs.renameSync(old, out)
    const e = err as NodeJS.ErrnoException
    throw new DocsSiteError([{ severity: 'error', code: 'output', message: `writing the output failed: ${e.code ?? ''} ${e.message}`.trim(), at: { file: e.path ? path.relative(config.root, e.path) || e.path : path.relative(config.root, out) } }], EXIT.content)
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
