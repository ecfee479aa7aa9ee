import fs from 'node:fs'
import path from 'node:path'
import * as pagefind from 'pagefind'
import type { Diagnostic } from './types.js'
import { isUnstablePagefindFile, stablePagefind } from './search-stable.js'

// Pagefind: a static full-text index (a Rust indexer shipped inside its npm package), one per
// `<html lang>`, loaded by the browser in small chunks; it matches Vietnamese without diacritics.

export interface SearchIndexResult {
  /** Files to add under outDir (in-memory builds), keyed by POSIX path. */
  readonly files: Map<string, Uint8Array>
  readonly diagnostics: Diagnostic[]
}

/**
 * Indexes the pages' `data-pagefind-body` regions: from the staging folder when the build
 * writes (`dir`), else from the rendered HTML kept in memory (`pages`).
 */
export async function indexSearch(
  input: { dir: string } | { pages: ReadonlyArray<{ file: string; html: string }> },
): Promise<SearchIndexResult> {
  const diagnostics: Diagnostic[] = []
  const files = new Map<string, Uint8Array>()
  const fail = (errors: readonly string[]) =>
    diagnostics.push(
      ...errors.map((e) => ({
        severity: 'error' as const,
        code: 'output' as const,
        message: `search index: ${e}`,
      })),
    )
  try {
    const { index, errors } = await pagefind.createIndex({ keepIndexUrl: false })
    if (!index) return (fail(errors), { files, diagnostics })
    if ('dir' in input) {
      const r = await index.addDirectory({ path: input.dir })
      fail(r.errors)
      const w = await index.writeFiles({ outputPath: path.join(input.dir, 'pagefind') })
      fail(w.errors)
      stabilizeDir(input.dir)
    } else {
      for (const p of input.pages)
        fail((await index.addHTMLFile({ sourcePath: p.file, content: p.html })).errors)
      const got = await index.getFiles()
      fail(got.errors)
      for (const f of got.files) files.set(`pagefind/${f.path}`, f.content)
      const unstable = new Map([...files].filter(([f]) => isUnstablePagefindFile(f)))
      const { remove, write } = stablePagefind(unstable)
      for (const f of remove) files.delete(f)
      for (const [f, bytes] of write) files.set(f, bytes)
    }
  } finally {
    await pagefind.close()
  }
  return { files, diagnostics }
}

/** The same rewrite for an index Pagefind wrote to `dir`/pagefind/ (see search-stable.ts). */
function stabilizeDir(dir: string): void {
  const root = path.join(dir, 'pagefind')
  const unstable = new Map<string, Uint8Array>()
  for (const rel of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const file = `pagefind/${rel.split(path.sep).join('/')}`
    if (isUnstablePagefindFile(file)) unstable.set(file, fs.readFileSync(path.join(dir, file)))
  }
  const { remove, write } = stablePagefind(unstable)
  for (const f of remove) fs.rmSync(path.join(dir, f))
  for (const [f, bytes] of write) fs.writeFileSync(path.join(dir, f), bytes)
}
