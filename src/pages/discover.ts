import path from 'node:path'
import { listContentFiles } from '../discover.js'
import type { SiteConfig } from '../types.js'
import type { PageSourceFile } from './types.js'

/** Every standalone page (markdown or React component) of every locale, sorted for determinism. */
export async function discoverPages(
  config: SiteConfig,
  locales: readonly string[],
): Promise<PageSourceFile[]> {
  const out: PageSourceFile[] = []
  for (const locale of locales) {
    const rootRel = locale === config.defaultLocale ? 'pages' : `i18n/${locale}/pages`
    const root = path.join(config.dirs.content, rootRel)
    for (const relPath of await listContentFiles(root, ['**/*.md', '**/*.mdx', '**/*.tsx'])) {
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
