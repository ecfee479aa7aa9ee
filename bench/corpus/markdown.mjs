// Pages and posts as markdown: front matter, then the blocks, with links, admonitions and the
// excerpt's end written as each layout (docs-site and Docusaurus, VitePress, Hugo) wants them.

export function yamlScalar(v) {
  if (typeof v === 'number') return String(v)
  return JSON.stringify(v) // JSON strings are valid YAML double-quoted scalars
}
export function frontMatter(obj) {
  const lines = ['---']
  for (const [k, v] of Object.entries(obj)) {
    if (Array.isArray(v)) lines.push(`${k}: [${v.map(yamlScalar).join(', ')}]`)
    else lines.push(`${k}: ${yamlScalar(v)}`)
  }
  lines.push('---', '')
  return lines.join('\n')
}

// ctx: { layout, linkHref(toId, anchor), blogHref(file), imgSrc, admonition(kind) }
export function renderBlocks(blocks, ctx) {
  const out = []
  for (const b of blocks) {
    switch (b.t) {
      case 'p':
        out.push(b.text)
        break
      case 'h':
        out.push(`${'#'.repeat(b.level)} ${b.text}`)
        break
      case 'table': {
        const head =
          ctx.loc === 'vi'
            ? ['Trường', 'Kiểu', 'Bắt buộc', 'Mô tả']
            : ['Field', 'Type', 'Required', 'Description']
        out.push(
          [
            `| ${head.join(' | ')} |`,
            `| ${head.map(() => '---').join(' | ')} |`,
            ...b.rows.map((row) => `| ${row.join(' | ')} |`),
          ].join('\n'),
        )
        break
      }
      case 'admonition':
        out.push(ctx.admonition(b.kind, b.text))
        break
      case 'code':
        out.push('```' + b.lang + '\n' + b.text + '\n```')
        break
      case 'list':
        out.push(b.items.map((it, i) => (b.ordered ? `${i + 1}. ` : '- ') + it).join('\n'))
        break
      case 'image':
        out.push(`![${b.alt}](${ctx.imgSrc})`)
        break
      case 'linkpara':
        out.push(`${b.pre} [${b.text}](${ctx.linkHref(b.to, b.anchor)}). ${b.post}`)
        break
      case 'bloglink':
        out.push(`${b.pre} [${b.text}](${ctx.blogHref(b.to)}).`)
        break
      case 'truncate':
        out.push(ctx.truncate)
        break
    }
  }
  return out.join('\n\n') + '\n'
}

export const admonitionDocusaurus = (kind, text) => `:::${kind}\n\n${text}\n\n:::`
export const admonitionVitepress = (kind, text) => `::: ${kind === 'note' ? 'info' : kind}\n${text}\n:::`
export const admonitionHugo = (kind, text) => `{{% admonition ${kind} %}}\n${text}\n{{% /admonition %}}`
