import { Minimatch } from 'minimatch'

/**
 * Whether a file is left out by the config's `exclude` globs (Docusaurus's option of the same
 * name): matched against its path relative to its kind's folder, dot files included.
 */
export function excludedBy(patterns: readonly string[]): (relPath: string) => boolean {
  if (!patterns.length) return () => false
  const matchers = patterns.map((p) => new Minimatch(p, { dot: true }))
  return (relPath) => matchers.some((m) => m.match(relPath))
}
