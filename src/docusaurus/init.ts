import fs from 'node:fs'
import path from 'node:path'
import type { Diagnostic, UserConfig } from '../types.js'
import { configError, findDocusaurusConfig, loadDocusaurusConfig } from './load.js'
import { mapDocusaurusConfig, type MappedConfig } from './map.js'
import { combineEditUrls, editFolderCode, type PluginEdit } from './edit-urls.js'
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
  // The sidebars are written into the new config: its mistakes are reported there.
  const given = mapped.user.docs
  const docs: UserConfig['docs'] = given && {
    ...given,
    ...(given.versions ? { versions: given.versions.map(({ sidebarsFile: _file, ...v }) => v) } : {}),
  }
  if (docs) user.docs = docs
  if (docs?.editUrl !== undefined) {
    const code = editUrlCode(mapped.edit)
    user.docs = { ...docs, editUrl: code }
    if (typeof code !== 'string')
      notes.push(
        'editUrl was copied as code from the Docusaurus config: check it uses no names defined there',
      )
  }
  const redirects = mapped.user.clientRedirects
  if (typeof redirects?.createRedirects === 'function') {
    user.clientRedirects = {
      ...redirects,
      createRedirects: { code: functionSource(redirects.createRedirects as (...a: unknown[]) => unknown) },
    }
    notes.push(
      'clientRedirects.createRedirects was copied as code from the Docusaurus config: check it uses no names defined there',
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
function editUrlCode(edit: MappedConfig['edit']): string | Code {
  const { docs, blog, docsPath } = edit
  const combined = combineEditUrls(docs, blog, docsPath)
  if (typeof combined === 'string') return combined
  const form = (e: PluginEdit, file: string): string =>
    typeof e.editUrl === 'string'
      ? `${quote(e.editUrl.replace(/\/?$/, '/'))} + ${editFolderCode(e, docsPath)} + '/' + info.${file}`
      : typeof e.editUrl === 'function'
        ? `(${functionSource(e.editUrl as (...a: unknown[]) => unknown)})(info)`
        : 'undefined'
  if (blog.editUrl === undefined && typeof docs.editUrl === 'function')
    return { code: functionSource(docs.editUrl as (...a: unknown[]) => unknown) }
  return {
    code: `(info) =>\n  info.blogPath !== undefined\n    ? ${form(blog, 'blogPath')}\n    : ${form(docs, 'docPath')}`,
  }
}

/** A function's source as an expression (a method `editUrl() {}` becomes `function editUrl() {}`). */
function functionSource(fn: (...a: unknown[]) => unknown): string {
  const src = fn.toString()
  return /^(async\s+)?[\w$]+\s*\(/.test(src) && !/^(async\s+)?function\b/.test(src)
    ? src.replace(/^(async\s+)?/, (m) => `${m}function `)
    : src
}
