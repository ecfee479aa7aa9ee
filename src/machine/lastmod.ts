import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'

/**
 * Last-modified dates (YYYY-MM-DD, UTC) of source files: the date of the last commit that touched
 * each file, so two builds of the same commit write the same sitemap; a file git does not know
 * (no repository, untracked, git missing) falls back to its mtime.
 *
 * One `git log` for the whole tree: the history is read once, newest first, and each file keeps
 * the first date it appears with. One call per file would cost a process per page.
 */
export function lastModified(root: string, files: Iterable<string>): Map<string, string> {
  const wanted = new Set(files)
  const out = new Map<string, string>()
  if (wanted.size === 0) return out
  const git = spawnSync(
    'git',
    ['log', '--format=%x00%ct', '--name-only', '--no-renames', '--relative', '--', '.'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  )
  if (git.status === 0) {
    let date = ''
    for (const line of git.stdout.split('\n')) {
      if (line.startsWith('\0')) date = isoDate(Number(line.slice(1)) * 1000)
      else if (line && wanted.has(line) && !out.has(line)) out.set(line, date)
    }
  }
  for (const file of wanted) {
    if (out.has(file)) continue
    try {
      out.set(file, isoDate(fs.statSync(path.join(root, file)).mtimeMs))
    } catch {
      // A page whose source vanished mid-build simply has no lastmod.
    }
  }
  return out
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
