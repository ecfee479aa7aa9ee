// The Markdown twin of an MDX page is made from its source, as a markdown page's is, once the
// lines that are code rather than words are dropped: `import`/`export` statements, lines holding
// only JSX tags (`<Tabs groupId="os">`, `</TabItem>`, `<Greeting />`) and `{/* comments */}`.
// Text inside components (a TabItem's words) stays; what a component renders by itself does not.
// Fenced code is kept as written.

const FENCE = /^\s*(`{3,}|~{3,})/
const ESM = /^(import|export)\s/
const JSX_ONLY = /^\s*(<\/?[A-Za-z][\w.:-]*(\s[^<>]*)?\/?>\s*)+$/
const COMMENT = /^\s*\{\/\*[\s\S]*\*\/\}\s*$/

export function mdxTwinSource(body: string): string {
  let fence: string | undefined
  let inEsm = false
  const out: string[] = []
  for (const line of body.split('\n')) {
    const f = FENCE.exec(line)?.[1]
    if (fence) {
      if (f && f[0] === fence[0] && line.trim() === f) fence = undefined
      out.push(line)
      continue
    }
    if (f) {
      fence = f
      out.push(line)
      continue
    }
    // A multi-line import runs until a line that ends it (`from '…'` or a blank line).
    if (inEsm || ESM.test(line)) {
      inEsm = line.trim() !== '' && !/from\s+['"][^'"]+['"];?\s*$|^(import|export)\s+['"]|;\s*$/.test(line)
      continue
    }
    if (JSX_ONLY.test(line) || COMMENT.test(line)) continue
    // Inline JSX around words (`<TabItem value="a">Words</TabItem>`): the words stay.
    out.push(line.replace(/<\/?[A-Z][\w.]*(\s[^<>]*)?\/?>/g, '').trimEnd())
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n')
}
