import path from 'node:path'
import type { SiteConfig, SourceFile } from '../types.js'
import { listContentFiles } from '../content-roots.js'
import { excludedBy } from '../exclude.js'

/** Tags docs may use, by key, as Docusaurus reads them from the docs folder (its `tags` option). */
const TAGS_FILE = 'tags.yml'

/**
 * Every docs markdown file and `_category_` file of every version (or of `versions`) and locale,
 * sorted for determinism.
 */
export function discoverSources(
  config: SiteConfig,
  locales: readonly string[] = config.locales,
  versions?: readonly string[],
): SourceFile[] {
  const out: SourceFile[] = []
  // docs-site's own layout has only YAML category files; Docusaurus also reads _category_.json.
  const category = config.layout === 'docusaurus' ? /^_category_\.(ya?ml|json)$/ : /^_category_\.ya?ml$/
  // Partials (`_*.md`) are not pages: only `_category_` files of the names starting with `_`.
  const file = (name: string) =>
    name.startsWith('_') ? category.test(name) : /\.mdx?$/.test(name) || name === TAGS_FILE
  const excluded = excludedBy(config.exclude.docs)
  for (const locale of locales) {
    for (const version of config.versions) {
      if (versions && !versions.includes(version.name)) continue
      const root = config.sources.docs[locale]?.[version.name]
      if (!root) continue
      const files = listContentFiles(root, { file }, config.root)
      for (const relPath of files) {
        if (excluded(relPath)) continue
        const name = path.posix.basename(relPath)
        // The tags file is the docs root's; a tags.yml in a folder is not read.
        if (name === TAGS_FILE && relPath !== TAGS_FILE) continue
        const absPath = path.join(root, relPath)
        out.push({
          kind: name.startsWith('_category_.') ? 'category' : name === TAGS_FILE ? 'tags' : 'doc',
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
