import type { EditUrlFunction, EditUrlInfo } from '../types.js'

// Docusaurus's "Edit this page" links, as its docs and blog plugins make them, for docs-site's
// one `editUrl` (a string prefix, or a function of the page). A string editUrl links to
// `<editUrl>/<folder>/<file path>`, where the folder is, by Docusaurus's rules:
//
// - the folder of the default locale's file: the version's folder for a doc
//   (versioned_docs/version-X), blog/ for a post; a translated page links to the file it
//   translates;
// - with `editLocalizedFiles: true` (docs and blog), a translated page's own folder
//   (i18n/<locale>/docusaurus-plugin-content-docs/version-X) instead;
// - with `editCurrentVersion: true` (docs), the current version's folder whatever the page's
//   version (docs/, or i18n/<locale>/docusaurus-plugin-content-docs/current with the above),
//   so that every version's page sends writers to the file they should change.
//
// A function editUrl is called as Docusaurus calls it, and these two options do not apply.

/** A plugin's editUrl and the options that change what a string editUrl links to. */
export interface PluginEdit {
  readonly editUrl: unknown
  readonly editLocalizedFiles?: boolean
  /** Docs only. */
  readonly editCurrentVersion?: boolean
}

const flag = (o: Record<string, unknown> | undefined, key: string) => o?.[key] === true

export function pluginEdit(options: Record<string, unknown> | undefined, kind: 'docs' | 'blog'): PluginEdit {
  return {
    editUrl: options?.editUrl,
    editLocalizedFiles: flag(options, 'editLocalizedFiles'),
    editCurrentVersion: kind === 'docs' && flag(options, 'editCurrentVersion'),
  }
}

/** The folder a string editUrl appends the file's path to (see above). */
export function editFolder(info: EditUrlInfo, edit: PluginEdit, docsPath: string): string {
  const localized = edit.editLocalizedFiles === true && info.fileDirPath !== info.sourceDirPath
  const dir = localized ? info.fileDirPath : info.sourceDirPath
  if (!edit.editCurrentVersion || info.blogPath !== undefined) return dir
  return localized ? dir.replace(/[^/]+$/, 'current') : docsPath
}

/** The same rule as code over `info`, for the config `init --from-docusaurus` writes. */
export function editFolderCode(edit: PluginEdit, docsPath: string): string {
  const localized = edit.editLocalizedFiles ? 'info.fileDirPath !== info.sourceDirPath' : ''
  const dir = localized ? `(${localized} ? info.fileDirPath : info.sourceDirPath)` : 'info.sourceDirPath'
  if (!edit.editCurrentVersion) return dir
  return localized
    ? `(${localized} ? info.fileDirPath.replace(/[^/]+$/, 'current') : ${JSON.stringify(docsPath)})`
    : JSON.stringify(docsPath)
}

const plain = (e: PluginEdit) => !e.editLocalizedFiles && !e.editCurrentVersion

/**
 * docs-site has one editUrl; Docusaurus one per plugin. Equal strings without the options stay a
 * string (docs-site's string form is Docusaurus's default); otherwise a function picks the docs'
 * or the blog's (a post's info has `blogPath`).
 */
export function combineEditUrls(
  docs: PluginEdit,
  blog: PluginEdit,
  /** The current version's folder (`docs.path`), for editCurrentVersion. */
  docsPath: string,
): string | EditUrlFunction | undefined {
  const asFn = (e: PluginEdit, kind: 'docs' | 'blog'): EditUrlFunction | undefined => {
    const v = e.editUrl
    if (typeof v === 'function') return v as EditUrlFunction
    if (typeof v !== 'string') return undefined
    return (i) =>
      `${v.replace(/\/?$/, '/')}${editFolder(i, e, docsPath)}/${kind === 'docs' ? i.docPath : i.blogPath}`
  }
  if (
    typeof docs.editUrl === 'string' &&
    plain(docs) &&
    (blog.editUrl === undefined || (blog.editUrl === docs.editUrl && plain(blog)))
  )
    return docs.editUrl
  const d = asFn(docs, 'docs')
  const b = asFn(blog, 'blog')
  if (!d && !b) return undefined
  return (info) => (info.blogPath !== undefined ? b?.(info) : d?.(info))
}
