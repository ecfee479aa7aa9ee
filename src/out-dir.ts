import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Diagnostic, SiteConfig } from './types.js'

// The output folder: which folders a build may replace, and why one cannot be made.

/** Written into every output folder, so a later build knows it may replace it. */
export const OUTPUT_MARKER = '.docs-site-output'

/** Refuses output folders whose deletion would destroy something (Astro #4844). */
export function checkOutDir(config: SiteConfig, configRel: string): Diagnostic | undefined {
  const out = config.dirs.out
  const bad = (why: string): Diagnostic => ({
    severity: 'error',
    code: 'config',
    message: `outDir ${out} ${why}`,
    at: { file: configRel },
    hint: 'set outDir to a folder of its own, such as "build"',
  })
  if (out === path.parse(out).root) return bad('is the file-system root')
  if (out === config.root) return bad('is the project root')
  if (out === os.homedir()) return bad('is your home folder')
  const inside = (dir: string) => dir === out || dir.startsWith(out + path.sep)
  if (inside(config.dirs.content) || inside(config.dirs.static) || inside(config.dirs.swagger))
    return bad('contains the sources (content/, static/ or swagger/)')
  // Inside a source folder, each build would read the last one's output as sources (its pages'
  // Markdown copies as docs, its files as static files), growing every time.
  const source = [config.dirs.content, config.dirs.static, config.dirs.swagger].find((dir) =>
    out.startsWith(dir + path.sep),
  )
  if (source) return bad(`is inside the source folder ${path.relative(config.root, source)}/`)
  if (
    fs.existsSync(out) &&
    fs.statSync(out).isDirectory() &&
    fs.readdirSync(out).length > 0 &&
    !fs.existsSync(path.join(out, OUTPUT_MARKER))
  ) {
    return bad(
      `is not empty and was not written by docs-site (no ${OUTPUT_MARKER} marker); refusing to replace it`,
    )
  }
  return undefined
}

/**
 * Why the output folder cannot be made: it is a file, or the nearest existing folder above it is
 * a file or read-only. Missing folders in between are created.
 */
export function blockedBy(out: string): string | undefined {
  if (fs.existsSync(out) && !fs.statSync(out).isDirectory()) return 'is a file, not a folder (EEXIST)'
  // The new output is made beside the old one and swapped in: the folder above must be writable.
  let dir = path.dirname(out)
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir)
  if (!fs.statSync(dir).isDirectory()) return `is under ${dir}, which is a file (ENOTDIR)`
  try {
    fs.accessSync(dir, fs.constants.W_OK)
  } catch {
    return `is under ${dir}, which is read-only (EACCES)`
  }
  return undefined
}
