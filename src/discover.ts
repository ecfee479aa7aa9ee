import path from 'node:path'
import fg from 'fast-glob'
import type { SiteConfig, SourceFile } from './types.js'

/**
 * Files under `cwd` matching `patterns`, sorted; symlinks are not followed (a link loop inside
 * content/ must not hang the build), folders and files starting with `_` are skipped.
 */
export async function listContentFiles(cwd: string, patterns: string[]): Promise<string[]> {
  const files = await fg(patterns, {
    cwd,
    ignore: ['**/_*/**', '**/_*', '**/node_modules/**'],
    followSymbolicLinks: false,
    onlyFiles: true,
  })
  return files.sort()
}

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
      // Symlinks are not followed: a link loop inside content/ must not hang the build.
      const files = await fg(['**/*.md', '**/*.mdx', categories], {
        cwd: root,
        ignore: ['**/_*/**', '**/node_modules/**'],
        followSymbolicLinks: false,
        dot: false,
        onlyFiles: true,
      })
      for (const relPath of files.sort()) {
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
