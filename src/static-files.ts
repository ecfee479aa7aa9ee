import fs from 'node:fs'
import path from 'node:path'
import type { Diagnostic, SiteConfig } from './types.js'

export interface StaticScan {
  /** Output path (POSIX, relative to static/) → the file to copy (symlinks resolved). */
  readonly files: ReadonlyMap<string, string>
  readonly diagnostics: readonly Diagnostic[]
}

/**
 * The files of static/. A symlink whose target is inside the project is copied as the file it
 * points to; one pointing outside is refused with a warning and not copied (recreated as a link,
 * `aws s3 sync` would follow it and upload its target). Each real folder is walked once, so a
 * link loop or a `static/x -> /` link never walks the disk.
 */
export function scanStatic(config: SiteConfig): StaticScan {
  const files = new Map<string, string>()
  const diagnostics: Diagnostic[] = []
  if (!fs.existsSync(config.dirs.static)) return { files, diagnostics }
  const project = fs.realpathSync(config.root)
  const inProject = (real: string) => {
    const rel = path.relative(project, real)
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)
  }
  const seen = new Set<string>()
  const walk = (dir: string, rel: string) => {
    const real = fs.realpathSync(dir)
    if (seen.has(real)) return
    seen.add(real)
    for (const e of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, e.name)
      const out = rel ? `${rel}/${e.name}` : e.name
      let target = abs
      if (e.isSymbolicLink()) {
        try {
          target = fs.realpathSync(abs)
        } catch {
          diagnostics.push(warning(config, abs, 'broken symlink: not copied'))
          continue
        }
        if (!inProject(target)) {
          diagnostics.push(warning(config, abs, `symlink to ${target}, outside the project: not copied`))
          continue
        }
      }
      const stat = fs.statSync(target)
      if (stat.isDirectory()) walk(target, out)
      else if (stat.isFile()) files.set(out, target)
    }
  }
  walk(config.dirs.static, '')
  return { files, diagnostics }
}

const warning = (config: SiteConfig, abs: string, message: string): Diagnostic => ({
  severity: 'warning',
  code: 'static',
  message,
  at: { file: path.relative(config.root, abs).split(path.sep).join('/') },
})
