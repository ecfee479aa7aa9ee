import type { SiteConfig } from '../types.js'

// Which files are MDX. Kept apart from the MDX pipeline so that discovery can ask without
// loading it: a site with no MDX page never imports @mdx-js/mdx.

/** Docusaurus's 'detect': `.mdx` → MDX, `.md` → CommonMark; 'mdx' makes `.md` MDX too. */
export function isMdxFile(file: string, config: Pick<SiteConfig, 'markdown' | 'layout'>): boolean {
  if (/\.mdx$/i.test(file) || (config.layout === 'docusaurus' && isReactPage(file))) return true
  return config.markdown.format === 'mdx' && /\.md$/i.test(file)
}

/**
 * Whether markdown text uses MDX outside its code (fenced blocks, code spans): an `import` or
 * `export` line, a capitalised JSX tag, a tag with `className=` or an attribute given by an
 * expression (`style={{…}}`), or a `{expression}` closed on its line (an MDX comment among them),
 * a heading's `{#id}` aside: a lone brace (MDX 1 let it be) is text. Under `markdown.mdxFallback`,
 * only such `.md` files go through MDX: the others read the same as CommonMark, and markdown-it
 * reads them several times faster (400 plain docs of a Docusaurus project: 5.5 s against 10.7 s). A page Docusaurus builds is valid MDX, so a file
 * taken for MDX here that is not costs time only; one missed showed its JSX as text.
 */
export function looksLikeMdx(text: string): boolean {
  const prose = text
    .replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[`~]*\s*$/gm, '')
    .replace(/(`+)[^`][\s\S]*?\1/g, '')
    .replace(/\{#[^}\s]+\}/g, '')
  return (
    /^(?:import|export)\s/m.test(prose) ||
    /<[A-Z][\w.]*[\s/>]/.test(prose) ||
    /<[a-z][\w-]*\s[^<>]*(?:\bclassName=|=\{)/.test(prose) ||
    /(?:^|[^\\])\{[^{}\n]*\}/.test(prose)
  )
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
