import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import * as assert from 'uvu/assert'
import { loadConfig } from '../../src/config.js'
import { build } from '../../src/build.js'
import type { BuildCache } from '../../src/prepare.js'
import type { BuildResult, UserConfig } from '../../src/types.js'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const FIXTURES = path.join(ROOT, 'test/fixtures')
/** One highlighter for every build of a test file (creating shiki is the slow part). */
export const cache: BuildCache = {}

/** Builds a project folder in memory, with `config` in place of its config file when given. */
export async function buildDir(dir: string, config?: UserConfig): Promise<BuildResult> {
  const c = await loadConfig(dir, config ? { config } : {})
  return build(c, { write: false, cache })
}

/** Builds a fixture in memory. */
export const buildFixture = (name: string, config?: UserConfig): Promise<BuildResult> =>
  buildDir(path.join(FIXTURES, name), config)

/** Temp folders this test process made; removed when it exits (KEEP_TMP=1 keeps them, to look into). */
const made = new Set<string>()
process.on('exit', () => {
  if (process.env.KEEP_TMP !== '1') for (const dir of made) fs.rmSync(dir, { recursive: true, force: true })
})

/** A fresh, empty temp folder named `prefix…`, removed when this test process exits. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  made.add(dir)
  return dir
}

/** A fresh temp folder holding these files (path relative to it → text). */
export function tempSite(prefix: string, files: Readonly<Record<string, string>>): string {
  const dir = tempDir(prefix)
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    fs.writeFileSync(path.join(dir, rel), text)
  }
  return dir
}

/**
 * The routes a reader without JavaScript reaches from `start` in a built folder, following the
 * links `linksOf` picks out of each page.
 */
export function reachable(build: string, linksOf: (html: string) => string[], start = '/'): Set<string> {
  const seen = new Set([start])
  const queue = [start]
  for (let i = 0; i < queue.length; i++) {
    const file = path.join(build, queue[i]!, 'index.html')
    if (!fs.existsSync(file)) continue
    for (const href of linksOf(fs.readFileSync(file, 'utf8')))
      if (!seen.has(href)) {
        seen.add(href)
        queue.push(href)
      }
  }
  return seen
}

/** Copies a fixture to a fresh temp folder (for tests that break or build it). */
export function tempCopy(name: string): string {
  // A fixture in a folder of fixtures (docusaurus/x) makes one temp folder, not a path under one.
  const dir = tempDir(`docs-site-${name.replaceAll('/', '-')}-`)
  fs.cpSync(path.join(FIXTURES, name), dir, {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}build`),
  })
  return dir
}

/** Runs the real CLI. */
export function cli(args: string[], cwd = ROOT): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/docs-site.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  })
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr }
}

/** Hash of every file under a folder, to prove an output was left intact. */
export function manifest(dir: string): string {
  if (!fs.existsSync(dir)) return 'missing'
  const h = crypto.createHash('sha256')
  for (const f of (fs.readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const p = path.join(dir, f)
    if (fs.statSync(p).isFile()) h.update(f).update(fs.readFileSync(p))
  }
  return h.digest('hex')
}

/** Golden file under test/snapshots/: written when missing or with UPDATE=1, else compared. */
export function snapshot(name: string, actual: string): void {
  const file = path.join(ROOT, 'test/snapshots', name)
  if (process.env.UPDATE || !fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, actual)
    return
  }
  assert.fixture(actual, fs.readFileSync(file, 'utf8'))
}

export function html(result: BuildResult, file: string): string {
  const v = result.output.get(file)
  if (typeof v !== 'string')
    throw new Error(`no ${file} in output; have ${[...result.output.keys()].slice(0, 40).join(', ')}`)
  return v
}
