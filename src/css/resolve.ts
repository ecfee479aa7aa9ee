import fs from 'node:fs'
import path from 'node:path'

// What the Sass and Less compilers share (src/css/sass.ts, less.ts): the shape of their results,
// and where a stylesheet's import of a package's file points.

export interface CompiledStyle {
  readonly css: string
  /** Every file the compiler read (the stylesheet and its partials), absolute. */
  readonly files: readonly string[]
  /** The stylesheet's own `@warn`s, where they were written. */
  readonly warnings: readonly StyleProblem[]
}

/** A problem in a stylesheet, where it is; `file` absolute, `line` and `column` from 1. */
export interface StyleProblem {
  readonly message: string
  readonly file?: string
  readonly line?: number
  readonly column?: number
}

/**
 * Where `~pkg/path` (and a bare `pkg/path` that is no file beside the importer) points: the
 * package's folder in the nearest node_modules from `from` up, as webpack's loaders resolve them
 * for Docusaurus; `@site/path` is the project's own. A package named alone is its `sass` or
 * `style` file when its package.json names one. Undefined when no such package is installed.
 */
export function packagePath(spec: string, from: string, root: string): string | undefined {
  if (spec.startsWith('@site/')) return path.join(root, spec.slice('@site/'.length))
  const parts = spec.split('/')
  const name = parts.slice(0, spec.startsWith('@') ? 2 : 1).join('/')
  if (!name || name.startsWith('.')) return undefined
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'node_modules', name)
    if (fs.existsSync(pkg)) return name === spec ? packageEntry(pkg) : path.join(dir, 'node_modules', spec)
    if (path.dirname(dir) === dir) return undefined
  }
}

function packageEntry(pkg: string): string {
  try {
    const json = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >
    for (const key of ['sass', 'style'])
      if (typeof json[key] === 'string') return path.join(pkg, json[key] as string)
  } catch {
    // No package.json: the folder's index file, as the compiler finds it.
  }
  return pkg
}
