import crypto from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Diagnostic, SiteConfig } from './types.js'
import type { ReportPage } from './report.js'
import { cacheFile, readCacheFile, writeCacheFile } from './parse/cache-file.js'
import { OUTPUT_MARKER } from './out-dir.js'

// A build whose inputs are all as they were at the last build into the same folder, and whose
// output nobody has touched since, has nothing to do: it keeps that output and says what that
// build said. The inputs are every file under the project root and the folders the config reads
// from (content, specs, static files, stylesheets, wherever they are), compared by content, plus
// the config as loaded (a config that computes a value, such as a year, counts by the value),
// the command's options, the git commit (pages show dates from git history), DOCS_SITE_*
// variables and docs-site's own code. The record lives beside the other caches
// (node_modules/.cache/docs-site/), so without node_modules every build builds.

/** What a build said, and what its inputs and output were. */
interface BuildRecord {
  readonly key: string
  /** Input files: absolute path → [size, mtime, inode, content hash] (the hash is reused while the rest holds). */
  readonly inputs: Record<string, [number, number, number, string]>
  /** Output files: path under the output folder → [size, mtime, inode]. */
  readonly output: Record<string, [number, number, number]>
  readonly diagnostics: readonly Diagnostic[]
  readonly pages: readonly ReportPage[]
  readonly summary: string
}

export interface UpToDate {
  /** The last build's record when nothing changed since: its output is the output. */
  readonly kept: Pick<BuildRecord, 'diagnostics' | 'pages' | 'summary'> | undefined
  /** After a successful build: records it for the next. */
  save(result: Pick<BuildRecord, 'diagnostics' | 'pages' | 'summary'>): void
}

/** Set by bin/docs-site.js when it runs the esbuild-compiled CLI: a stamp of docs-site's code. */
declare const DOCS_SITE_COMPILED: string | undefined

export function checkUpToDate(
  config: SiteConfig,
  options: { readonly locales?: readonly string[]; readonly versions?: readonly string[] },
): UpToDate {
  const stamp = typeof DOCS_SITE_COMPILED === 'string' ? DOCS_SITE_COMPILED : undefined
  const out = config.dirs.out
  const outId = crypto.createHash('sha256').update(out).digest('hex').slice(0, 12)
  // Run from its TypeScript sources, docs-site has no stamp of its code: it always builds.
  const file = stamp && cacheFile(config.root, `build-${outId}`, stamp)
  if (!file) return { kept: undefined, save: () => undefined }
  const before = readCacheFile<BuildRecord>(file)
  const inputs = hashInputs(inputFolders(config, out), out, before?.inputs ?? {})
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify([stamp, options, gitHead(config.root), docsSiteEnv(), configText(config)]))
    .update(JSON.stringify(Object.entries(inputs).map(([f, [size, , , hash]]) => [f, size, hash])))
    .digest('hex')
  const kept = before && before.key === key && sameOutput(out, before.output) ? before : undefined
  return {
    kept,
    save(result) {
      writeCacheFile(file, { key, inputs, output: listOutput(out), ...result } satisfies BuildRecord)
    },
  }
}

/** The root and every folder or file the config reads from, outside the root too. */
function inputFolders(config: SiteConfig, out: string): string[] {
  const { sources } = config
  const all = [
    config.root,
    config.dirs.content,
    config.dirs.swagger,
    config.dirs.static,
    ...config.customCss,
    ...config.versions.flatMap((v) => (v.openapi ? [path.resolve(config.root, v.openapi)] : [])),
    ...Object.values(sources.docs).flatMap((byVersion) => Object.values(byVersion)),
    ...Object.values(sources.blog),
    ...Object.values(sources.pages),
    ...Object.values(sources.labels).flat(),
    ...Object.values(sources.uiStrings).flatMap((f) => (f ? [f] : [])),
  ].map((p) => path.resolve(p))
  const inside = (p: string, dir: string) => p === dir || p.startsWith(dir + path.sep)
  const unique = [...new Set(all)].filter((p) => !inside(p, out))
  return unique.filter((p) => !unique.some((q) => q !== p && inside(p, q)))
}

/**
 * Every file below the folders (an output folder, node_modules and .git left out), with its
 * content hash: the previous one while size, mtime and inode are the same, else read again.
 */
function hashInputs(
  folders: readonly string[],
  out: string,
  known: BuildRecord['inputs'],
): BuildRecord['inputs'] {
  const found: BuildRecord['inputs'] = {}
  const seen = new Set<string>()
  const visit = (p: string) => {
    let st: fs.Stats
    try {
      st = fs.statSync(p)
    } catch {
      return
    }
    if (st.isFile()) {
      const was = known[p]
      const same = was && was[0] === st.size && was[1] === st.mtimeMs && was[2] === st.ino
      const hash = same ? was[3] : crypto.createHash('sha1').update(fs.readFileSync(p)).digest('hex')
      found[p] = [st.size, st.mtimeMs, st.ino, hash]
      return
    }
    if (!st.isDirectory()) return
    // A folder reached twice (through a link) is read once.
    const real = fs.realpathSync(p)
    if (seen.has(real) || real === out) return
    seen.add(real)
    const names = fs.readdirSync(p)
    if (names.includes(OUTPUT_MARKER)) return
    for (const name of names.sort())
      if (name !== 'node_modules' && name !== '.git' && !name.startsWith('.docs-site-tmp-'))
        visit(path.join(p, name))
  }
  for (const f of folders) visit(f)
  return found
}

/** The config as loaded, functions by their source text. */
function configText(config: SiteConfig): string {
  return JSON.stringify(config, (_key, value: unknown) =>
    typeof value === 'function'
      ? String(value)
      : value instanceof Map
        ? [...value]
        : value instanceof Set
          ? [...value]
          : value,
  )
}

function gitHead(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim()
  } catch {
    return ''
  }
}

const docsSiteEnv = () =>
  Object.entries(process.env)
    .filter(([k]) => k.startsWith('DOCS_SITE_'))
    .sort()

function listOutput(out: string): BuildRecord['output'] {
  const files: BuildRecord['output'] = {}
  for (const e of fs.readdirSync(out, { recursive: true, withFileTypes: true })) {
    if (e.isDirectory()) continue
    const file = path.join(e.parentPath, e.name)
    const st = fs.lstatSync(file)
    files[path.relative(out, file)] = [st.size, st.mtimeMs, st.ino]
  }
  return files
}

/** The output folder holds exactly the files the record lists, each as it was written. */
function sameOutput(out: string, recorded: BuildRecord['output']): boolean {
  try {
    const now = listOutput(out)
    const names = Object.keys(recorded)
    if (Object.keys(now).length !== names.length) return false
    return names.every((n) => now[n] && now[n].every((v, i) => v === recorded[n]![i]))
  } catch {
    return false
  }
}
