import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import type { Site } from '../types.js'

/** The last commit that touched a file: when (seconds since 1970, committer date) and by whom. */
export interface LastCommit {
  readonly time: number
  readonly author: string
}

/**
 * The last commit of each source file git knows (none for a file outside a repository,
 * untracked, or with git missing).
 *
 * One `git log` for the whole tree: the history is read once, newest first, and each file keeps
 * the first commit it appears in. One call per file would cost a process per page.
 */
export function lastCommits(root: string, files: Iterable<string>): Map<string, LastCommit> {
  const wanted = new Set(files)
  const out = new Map<string, LastCommit>()
  if (wanted.size === 0) return out
  const git = spawnSync(
    'git',
    ['log', '--format=%x00%ct%x00%an', '--name-only', '--no-renames', '--relative', '--', '.'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  )
  if (git.status !== 0) return out
  let commit: LastCommit = { time: 0, author: '' }
  for (const line of git.stdout.split('\n')) {
    if (line.startsWith('\0')) {
      const [, time = '0', author = ''] = line.split('\0')
      commit = { time: Number(time), author }
    } else if (line && wanted.has(line) && !out.has(line)) out.set(line, commit)
  }
  return out
}

// The history of one site's sources, read once however many pages ask (each doc's "last updated"
// line, the sitemap): a WeakMap, so it goes with the site.
const bySite = new WeakMap<Site, Map<string, LastCommit>>()

/** The last commit of every route's source file of the site. */
export function siteCommits(site: Site): ReadonlyMap<string, LastCommit> {
  let commits = bySite.get(site)
  if (!commits) {
    const sources = site.routes.map((r) => r.source).filter((f) => f !== undefined)
    bySite.set(site, (commits = lastCommits(site.config.root, sources)))
  }
  return commits
}

/**
 * Last-modified dates (YYYY-MM-DD, UTC) of source files for the sitemap: the date of the last
 * commit that touched each file, so two builds of the same commit write the same sitemap; a file
 * git does not know falls back to its mtime.
 */
export function lastModified(site: Site, files: Iterable<string>): Map<string, string> {
  const commits = siteCommits(site)
  const out = new Map<string, string>()
  for (const file of files) {
    const commit = commits.get(file)
    if (commit) {
      out.set(file, isoDate(commit.time * 1000))
      continue
    }
    try {
      out.set(file, isoDate(fs.statSync(path.join(site.config.root, file)).mtimeMs))
    } catch {
      // A page whose source vanished mid-build simply has no lastmod.
    }
  }
  return out
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
