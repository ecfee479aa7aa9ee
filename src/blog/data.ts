import type { BlogAuthor, Diagnostic } from '../types.js'
import type { BlogDataFile } from './discover.js'
import { readYamlMap } from '../parse/side-files.js'

export { readTagsFile } from '../parse/side-files.js'

const AUTHOR_FIELDS = new Set([
  'name',
  'title',
  'url',
  'image_url',
  'imageURL',
  'email',
  'page',
  'socials',
  'description',
])

/** authors.yml: `key: { name, title, url, image_url }`. Problems are diagnostics with a line. */
export function readAuthorsFile(source: BlogDataFile, diagnostics: Diagnostic[]): Map<string, BlogAuthor> {
  const out = new Map<string, BlogAuthor>()
  const doc = readYamlMap(source, diagnostics)
  if (!doc) return out
  for (const [key, raw] of Object.entries(doc.data as Record<string, unknown>)) {
    const at = (...p: Array<string | number>) => ({ file: source.file, ...doc.locate([key, ...p]) })
    if (!isObject(raw)) {
      diagnostics.push({
        severity: 'error',
        code: 'blog',
        message: `author "${key}" must be a mapping with at least \`name\``,
        at: at(),
      })
      continue
    }
    const author = inlineAuthor(raw, key, at, diagnostics)
    if (author) out.set(key, author)
  }
  return out
}

/**
 * An author written as a mapping (in authors.yml or inline in front matter). Unknown fields warn;
 * a missing name or a field of the wrong type is an error.
 */
export function inlineAuthor(
  raw: Record<string, unknown>,
  key: string | undefined,
  at: (...p: Array<string | number>) => Diagnostic['at'],
  diagnostics: Diagnostic[],
): BlogAuthor | undefined {
  let ok = true
  for (const [field, value] of Object.entries(raw)) {
    if (!AUTHOR_FIELDS.has(field)) {
      diagnostics.push({
        severity: 'warning',
        code: 'blog',
        message: `unknown author field "${field}"${key ? ` in "${key}"` : ''}`,
        at: at(field),
        hint: 'known fields: name, title, url, image_url',
      })
    } else if (
      ['name', 'title', 'url', 'image_url', 'imageURL', 'email'].includes(field) &&
      typeof value !== 'string'
    ) {
      diagnostics.push({
        severity: 'error',
        code: 'blog',
        message: `author field "${field}" must be a string, got ${JSON.stringify(value)}`,
        at: at(field),
      })
      ok = false
    }
  }
  if (typeof raw.name !== 'string' || raw.name.trim() === '') {
    diagnostics.push({
      severity: 'error',
      code: 'blog',
      message: `author${key ? ` "${key}"` : ''} has no \`name\``,
      at: at(),
    })
    return undefined
  }
  if (!ok) return undefined
  return {
    key,
    name: raw.name,
    title: raw.title as string | undefined,
    url: raw.url as string | undefined,
    imageUrl: (raw.image_url ?? raw.imageURL) as string | undefined,
    ...(raw.page === true || (typeof raw.page === 'object' && raw.page !== null) ? { page: true } : {}),
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
