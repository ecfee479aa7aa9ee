import fs from 'node:fs'
import path from 'node:path'
import { DocsSiteError, EXIT } from './errors.js'
import { OUTPUT_MARKER } from './out-dir.js'
import type { SiteConfig } from './types.js'

/**
 * `docs-site index`: the search index of a folder that `build` wrote, made as `build` makes it
 * (Pagefind over the pages' HTML). The jobs of a split build (`build --version`) write no index:
 * each sees only its own pages; after their outputs are merged this indexes the whole site.
 */
export async function indexBuiltFolder(config: SiteConfig): Promise<void> {
  const out = config.dirs.out
  const rel = path.relative(config.root, out) || '.'
  const refuse = (message: string, code: number): never => {
    throw new DocsSiteError([{ severity: 'error', code: 'config', message, at: { file: rel } }], code)
  }
  if (!config.search) refuse('search is off in the config (search: true turns it on)', EXIT.config)
  if (!fs.existsSync(path.join(out, OUTPUT_MARKER)))
    refuse(`${rel} is not a folder docs-site built (run docs-site build first)`, EXIT.config)
  fs.rmSync(path.join(out, 'pagefind'), { recursive: true, force: true })
  const { indexSearch } = await import('./search.js')
  const result = await indexSearch({ dir: out })
  if (result.diagnostics.length) throw new DocsSiteError(result.diagnostics, EXIT.content)
}
