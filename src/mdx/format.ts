import type { SiteConfig } from '../types.js'

// Which files are MDX. Kept apart from the MDX pipeline so that discovery can ask without
// loading it: a site with no MDX page never imports @mdx-js/mdx.

/** Docusaurus's 'detect': `.mdx` → MDX, `.md` → CommonMark; 'mdx' makes `.md` MDX too. */
export function isMdxFile(file: string, config: Pick<SiteConfig, 'markdown' | 'layout'>): boolean {
  if (/\.mdx$/i.test(file) || (config.layout === 'docusaurus' && isReactPage(file))) return true
  return config.markdown.format === 'mdx' && /\.md$/i.test(file)
}

/**
 * Whether markdown text uses MDX (an `import` or `export` line, a capitalised JSX tag, an MDX
 * comment opening with a brace and a slash-star) outside its fenced code: under `markdown.mdxFallback`, only such `.md` files go
 * through MDX. The others read the same as CommonMark, and markdown-it reads them several times
 * faster (400 plain docs of a Docusaurus project: 5.5 s against 10.7 s).
 */
export function looksLikeMdx(text: string): boolean {
  const prose = text.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[`~]*\s*$/gm, '')
  return /^(?:import|export)\s/m.test(prose) || /<[A-Z][\w.]*[\s/>]/.test(prose) || prose.includes('{/*')
}

/** The extensions of content files: MDX's beside markdown. */
export const CONTENT_EXT = /\.mdx?$/

/**
 * A Docusaurus React page (src/pages/x.js…) in the Docusaurus layout (docs-site's own `.tsx` pages
 * render on their own). The MDX pipeline renders it as an MDX page whose whole body is `<Page />`.
 */
export function isReactPage(file: string): boolean {
  return /\.[jt]sx?$/i.test(file)
}
