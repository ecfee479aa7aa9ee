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
    if ('dir' in input) fail((await index.addDirectory({ path: input.dir })).errors)
    else
      for (const p of input.pages)
        fail((await index.addHTMLFile({ sourcePath: p.file, content: p.html })).errors)
    // The index comes back in memory and is written here, not by Pagefind's writeFiles: that
    // call could return before its files were complete (a rebuild once read an empty
    // pagefind-entry.json), and its filter files need the rewrite below before they are final.
    const got = await index.getFiles()
    fail(got.errors)
    for (const f of got.files) files.set(`pagefind/${f.path.split(path.sep).join('/')}`, f.content)
    const unstable = new Map([...files].filter(([f]) => isUnstablePagefindFile(f)))
    const { remove, write } = stablePagefind(unstable)
    for (const f of remove) files.delete(f)
    for (const [f, bytes] of write) files.set(f, bytes)
    if ('dir' in input) {
      for (const [f, bytes] of files) {
        fs.mkdirSync(path.dirname(path.join(input.dir, f)), { recursive: true })
        fs.writeFileSync(path.join(input.dir, f), bytes)
      }
      files.clear()
    }
  } finally {
    await pagefind.close()
  }
  return { files, diagnostics }
}
