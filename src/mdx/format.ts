import type { SiteConfig } from '../types.js'

// Which files are MDX. Kept apart from the MDX pipeline so that discovery can ask without
// loading it: a site with no MDX page never imports @mdx-js/mdx.

/** Docusaurus's 'detect': `.mdx` → MDX, `.md` → CommonMark; 'mdx' makes `.md` MDX too. */
export function isMdxFile(file: string, config: Pick<SiteConfig, 'markdown'>): boolean {
  if (/\.mdx$/i.test(file)) return true
  return config.markdown.format === 'mdx' && /\.md$/i.test(file)
}

/** The extensions of content files: MDX's beside markdown. */
export const CONTENT_EXT = /\.mdx?$/
