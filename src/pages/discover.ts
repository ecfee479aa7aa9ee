import path from 'node:path'
import { listContentFiles } from '../content-roots.js'
import type { SiteConfig } from '../types.js'
import type { PageSourceFile } from './types.js'

/** Every standalone page (markdown or React component) of every locale, sorted for determinism. */
export async function discoverPages(
  config: SiteConfig,
  locales: readonly string[],
): Promise<PageSourceFile[]> {
  const out: PageSourceFile[] = []
  for (const locale of locales) {
    const root = config.sources.pages[locale]
    if (!root) continue
    // Docusaurus's React pages use its theme (Layout, hooks): they are listed as not supported
    // (src/docusaurus/unsupported.ts) rather than rendered here.
    const patterns =
      config.layout === 'docusaurus' ? ['**/*.md', '**/*.mdx'] : ['**/*.md', '**/*.mdx', '**/*.tsx']
    for (const relPath of await listContentFiles(root, patterns)) {
      const absPath = path.join(root, relPath)
      out.push({
        absPath,
        file: path.relative(config.root, absPath).split(path.sep).join('/'),
        relPath,
        locale,
      })
    }
  }
  return out
}
