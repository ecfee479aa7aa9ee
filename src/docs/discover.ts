import path from 'node:path'
import type { SiteConfig, SourceFile } from '../types.js'
import { listContentFiles } from '../content-roots.js'

/** Every docs markdown file and `_category_` file of every version and locale, sorted for determinism. */
export async function discoverSources(
  config: SiteConfig,
  locales: readonly string[] = config.locales,
): Promise<SourceFile[]> {
  const out: SourceFile[] = []
  // docs-site's own layout has only YAML category files; Docusaurus also reads _category_.json.
  const categories =
    config.layout === 'docusaurus' ? '**/_category_.{yml,yaml,json}' : '**/_category_.{yml,yaml}'
  for (const locale of locales) {
    for (const version of config.versions) {
      const root = config.sources.docs[locale]?.[version.name]
      if (!root) continue
      // `_category_` files are wanted: only folders starting with `_` are skipped here.
      const files = await listContentFiles(
        root,
        ['**/*.md', '**/*.mdx', categories],
        ['**/_*/**', '**/node_modules/**'],
      )
      for (const relPath of files) {
        const name = path.posix.basename(relPath)
        if (name.startsWith('_') && !name.startsWith('_category_.')) continue
        const absPath = path.join(root, relPath)
        out.push({
          kind: name.startsWith('_category_.') ? 'category' : 'doc',
          absPath,
          file: path.relative(config.root, absPath).split(path.sep).join('/'),
          relPath,
          locale,
          version: version.name,
        })
      }
    }
  }
  return out
}
