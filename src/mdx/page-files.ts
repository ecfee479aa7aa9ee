import fs from 'node:fs'
import path from 'node:path'
import { hashedAssetPath } from '../parse/assets.js'
import { readFrontMatter } from '../parse/frontmatter.js'
import type { MdxPageEnv } from './remark.js'

/** Line and column (1-based) of the first of `needles` found in `text`. */
export function locateIn(text: string, ...needles: string[]): { line: number; column: number } | undefined {
  const lines = text.split('\n')
  for (const needle of needles)
    for (let i = 0; i < lines.length; i++) {
      const col = lines[i]!.indexOf(needle)
      if (col >= 0) return { line: i + 1, column: col + 1 }
    }
  return undefined
}

/** `import logo from './logo.png'`: the file is copied as a co-located file, the import is its URL. */
export function importedAsset(absPath: string, env: Pick<MdxPageEnv, 'assets' | 'baseUrl'>): string {
  const outFile = hashedAssetPath(absPath, fs.readFileSync(absPath))
  env.assets.set(outFile, absPath)
  return env.baseUrl + outFile
}

/**
 * The docs beside a page (files and folders with an index), for DocCardList on a category's index
 * page: a relative link to each (resolved like a markdown link), its title and description.
 */
export function siblingDocs(absPath: string): Array<{ href: string; title: string; description?: string }> {
  const dir = path.dirname(absPath)
  const out: Array<{ href: string; title: string; description?: string }> = []
  for (const entry of fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('_') || entry.name.startsWith('.')) continue
    let rel = entry.name
    if (entry.isDirectory()) {
      const index = ['index.mdx', 'index.md'].find((f) => fs.existsSync(path.join(dir, entry.name, f)))
      if (!index) continue
      rel = `${entry.name}/${index}`
    } else if (!/\.mdx?$/.test(entry.name) || path.join(dir, entry.name) === absPath) continue
    const fm = readFrontMatter(fs.readFileSync(path.join(dir, rel), 'utf8'), rel)
    const heading = /^#\s+(.+)$/m.exec(fm.body)?.[1]
    const title = (fm.data.title as string | undefined) ?? heading ?? rel.replace(/(\/index)?\.mdx?$/, '')
    out.push({ href: `./${rel}`, title, description: fm.data.description as string | undefined })
  }
  return out
}
