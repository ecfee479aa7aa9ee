import fs from 'node:fs'
import path from 'node:path'
import type { Diagnostic, UserConfig } from '../types.js'
import { configError, findDocusaurusConfig, loadDocusaurusConfig } from './load.js'
import { mapDocusaurusConfig } from './map.js'
import { quote, tsLiteral, type Code } from './ts-literal.js'

// `docs-site init --from-docusaurus`: the equivalent docs-site.config.ts of a Docusaurus project,
// for a team that wants to leave docusaurus.config.js behind. The sources stay where they are
// (`layout: 'docusaurus'`); sidebars are written out; editUrl functions are copied as code.

export interface InitResult {
  readonly file: string
  /** What the team should look at: code copied over, options left out, the unsupported summary. */
  readonly notes: string[]
  readonly diagnostics: Diagnostic[]
}

export async function initFromDocusaurus(
  root: string,
  options: { force?: boolean } = {},
): Promise<InitResult> {
  root = path.resolve(root)
  const source = findDocusaurusConfig(root)
  if (!source) throw configError(`no docusaurus.config.{js,mjs,cjs,ts} in ${root}`)
  const target = path.join(root, 'docs-site.config.ts')
  if (fs.existsSync(target) && !options.force)
    throw configError('docs-site.config.ts already exists; pass --force to replace it', target)
  const loaded = await loadDocusaurusConfig(source)
  const mapped = await mapDocusaurusConfig(root, loaded.config, source)
  const notes: string[] = []
  const user: Record<string, unknown> = { ...mapped.user }
  const docs = user.docs as UserConfig['docs']
  const { docsEditUrl, blogEditUrl } = mapped.functions
  if (docs?.editUrl !== undefined) {
    const code = editUrlCode(docsEditUrl, blogEditUrl)
    user.docs = { ...docs, editUrl: code }
    if (typeof code !== 'string')
      notes.push(
        'editUrl was copied as code from the Docusaurus config: check it uses no names defined there',
      )
  }
  if (user.markdown) {
    const md = user.markdown as Record<string, unknown>
    const plugins = ['remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins'].filter((k) => md[k])
    for (const k of plugins) delete md[k]
    if (plugins.length)
      notes.push(
        `${plugins.join(', ')} are left out: import them in docs-site.config.ts as in the Docusaurus config`,
      )
    if (!Object.keys(md).length) delete user.markdown
  }
  const name = path.basename(source)
  const text = [
    `import { defineConfig } from 'docs-site'`,
    '',
    `// Made by \`docs-site init --from-docusaurus\` from ${name}. The sources stay in the`,
    `// Docusaurus layout (docs/, versioned_docs/, blog/, src/pages/, i18n/), at the same URLs.`,
    `export default defineConfig(${tsLiteral(user)})`,
    '',
  ].join('\n')
  fs.writeFileSync(target, text)
  return { file: target, notes, diagnostics: mapped.diagnostics }
}

/** The editUrl as code: a string, or one function choosing the docs' or the blog's form. */
function editUrlCode(docs: unknown, blog: unknown): string | Code {
  if (typeof docs === 'string' && (blog === undefined || blog === docs)) return docs
  const form = (v: unknown, dir: string, file: string): string =>
    typeof v === 'string'
      ? `${quote(v.replace(/\/?$/, '/'))} + info.${dir} + '/' + info.${file}`
      : typeof v === 'function'
        ? `(${functionSource(v as (...a: unknown[]) => unknown)})(info)`
        : 'undefined'
  if (blog === undefined) return { code: functionSource(docs as (...a: unknown[]) => unknown) }
  return {
    code: `(info) =>\n  info.blogPath !== undefined\n    ? ${form(blog, 'sourceDirPath', 'blogPath')}\n    : ${form(docs, 'sourceDirPath', 'docPath')}`,
  }
}

/** A function's source as an expression (a method `editUrl() {}` becomes `function editUrl() {}`). */
function functionSource(fn: (...a: unknown[]) => unknown): string {
  const src = fn.toString()
  return /^(async\s+)?[\w$]+\s*\(/.test(src) && !/^(async\s+)?function\b/.test(src)
    ? src.replace(/^(async\s+)?/, (m) => `${m}function `)
    : src
}
