// Docusaurus accepts two markdown habits in MDX files that MDX itself reads otherwise, and
// rewrites them before compiling; so does docs-site, line for line (positions stay valid):
//
// - `## Title {#custom-id}`: `{…}` is a JavaScript expression in MDX, and `#custom-id` is not
//   JavaScript. The brace is escaped; the heading plugin then reads the id off the text.
// - `:::note Custom title`: remark-directive takes a label only in brackets (`:::note[Title]`).
// - A ```mdx-code-block fence holds MDX, not code (Docusaurus's way to keep MDX in files that
//   other tools read as markdown): its fence lines become blank and its lines are MDX.
//
// Lines inside fenced code are left alone.

const FENCE = /^\s*(`{3,}|~{3,})/
const HEADING_ID = /^(\s{0,3}#{1,6}\s.*?)(?<!\\)\{(#[^\s{}]+)\}\s*$/u
const ADMONITION_TITLE = /^(\s*:::+)(note|tip|info|warning|danger|caution)[ \t]+([^[{\s].*?)\s*$/

const MDX_BLOCK = /^\s*(`{3,}|~{3,})\s*mdx-code-block\s*$/

export function preprocessMdx(source: string): string {
  let fence: string | undefined
  let unwrap = false
  return source
    .split('\n')
    .map((line) => {
      const f = FENCE.exec(line)?.[1]
      if (f && (!fence || (f[0] === fence[0] && f.length >= fence.length && line.trim() === f))) {
        const closing = !!fence
        fence = fence ? undefined : f
        if (!closing) unwrap = MDX_BLOCK.test(line)
        return unwrap ? '' : line
      }
      if (fence && !unwrap) return line
      const h = HEADING_ID.exec(line)
      if (h) return `${h[1]}\\{${h[2]}}`
      const a = ADMONITION_TITLE.exec(line)
      if (a) return `${a[1]}${a[2]}[${a[3]!.replace(/[[\]]/g, '\\$&')}]`
      return line
    })
    .join('\n')
}
