import fs from 'node:fs'
import path from 'node:path'
import type { Notes } from './notes.js'

// Files of a Docusaurus project that only Docusaurus's React theme uses.

export function noteProject(root: string, notes: Notes): void {
  const theme = path.join(root, 'src/theme')
  // MDXComponents (components every MDX file has in scope) is read: src/mdx/bundle.ts.
  const swizzled = isDir(theme)
    ? fs.readdirSync(theme).filter((f) => !/^MDXComponents\.[jt]sx?$/.test(f))
    : []
  if (swizzled.length)
    notes.add(
      `swizzled components in src/theme/ (${swizzled.sort().join(', ')})`,
      'docs-site renders with its own theme; port what they change to it',
    )
  const pages = path.join(root, 'src/pages')
  const react = isDir(pages)
    ? walk(pages).filter((f) => /\.(jsx?|tsx?)$/.test(f) && !/^_|\/_|\.test\.|__tests__|\.d\.ts$/.test(f))
    : []
  if (react.length)
    notes.add(
      `React pages in src/pages/ (${react.join(', ')})`,
      'rendered once at build time in docs-site’s layout, with the CSS they import; a page whose code keeps state or handles events hydrates in the browser as one island, the others ship no JavaScript (Docusaurus hooks beyond Link, useBaseUrl and useDocusaurusContext do not work); check them',
    )
}

function walk(root: string, dir = ''): string[] {
  const out: string[] = []
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${e.name}` : e.name
    if (e.isDirectory()) out.push(...walk(root, rel))
    else if (e.isFile()) out.push(rel)
  }
  return out.sort()
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory()
  } catch {
    return false
  }
}
