import { createRequire } from 'node:module'

// Packages most builds never call (a YAML parser for front matter that is not flat, KaTeX for a
// site without formulas, an image reader for pages without images) are loaded the first time they
// are called, not when docs-site starts: each costs 10-30 ms of every start, serve's first page
// included. Static imports of them stay `import type`.
const require = createRequire(import.meta.url)

/** The package `id`, loaded by the first call and kept. */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined
  return () => (loaded ??= require(id) as T)
}
