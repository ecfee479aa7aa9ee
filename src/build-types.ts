import type { Diagnostic } from './diagnostic-types.js'
import type { Site } from './route-types.js'

/** Generated files keyed by POSIX path under outDir (static/ is copied separately). */
export type Output = ReadonlyMap<string, string | Uint8Array>

/** A generated file serve makes when a browser first asks for it. */
export interface LaterFile {
  readonly make: () => string
  /** Whether its name carries a hash of its contents, so that the browser may keep it. */
  readonly immutable: boolean
}

export interface BuildResult {
  readonly site: Site
  readonly output: Output
  readonly diagnostics: readonly Diagnostic[]
  readonly stats: BuildStats
}

export interface BuildStats {
  readonly pages: number
  /** Pages per `locale/version`, and per `locale/blog`. */
  readonly byLocaleVersion: Readonly<Record<string, number>>
  readonly ms: number
}

export interface BuildOptions {
  /** false: build in memory only (tests). @default true */
  write?: boolean
  /** Build only these locales. */
  locales?: readonly string[]
  /**
   * Write only the pages of these versions (and those of no version: blog, standalone pages, 404s);
   * the other versions' docs are read up to their front matter, for the route table.
   */
  versions?: readonly string[]
  /** Print stage timings. */
  log?: (line: string) => void
  /**
   * Worker threads that finish and encode the rendered pages (`src/html/finish-pool.ts`); 0: the
   * main thread does. @default one per core but one, for a site of 100 pages or more written to disk
   */
  finishWorkers?: number
}
