import path from 'node:path'
import { listContentFiles } from '../content-roots.js'
import { excludedBy } from '../exclude.js'
import type { SiteConfig } from '../types.js'
import type { PageSourceFile } from './types.js'

/** Every standalone page (markdown or React component) of every locale, sorted for determinism. */
export function discoverPages(config: SiteConfig, locales: readonly string[]): PageSourceFile[] {
  const out: PageSourceFile[] = []
  const excluded = excludedBy(config.exclude.pages)
  for (const locale of locales) {
    const root = config.sources.pages[locale]
    if (!root) continue
    // Docusaurus's React pages (.js/.jsx/.ts/.tsx) render through the MDX pipeline, which
    // provides its Layout, Link and hooks; its own exclusions leave out tests and type files.
    const kinds = config.layout === 'docusaurus' ? /\.(mdx?|jsx?|tsx?)$/ : /\.(mdx?|tsx)$/
    const files = listContentFiles(
      root,
      {
        file: (name) => kinds.test(name) && !name.startsWith('_') && !/\.test\.|\.d\.ts$/.test(name),
      },
      config.root,
    )
    for (const relPath of files) {
      if (excluded(relPath)) continue
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
