import path from 'node:path'
import type { Diagnostic, ParsedDoc, Route, Site } from './types.js'
import { LINK_PLACEHOLDER } from './parse/markdown-rules.js'
import { cleanPath, sitePrefix } from './site/urls.js'

export interface ResolvedHtml {
  readonly html: string
  readonly diagnostics: readonly Diagnostic[]
  /** Final hrefs already reported (broken markdown links and anchors): the HTML check skips them. */
  readonly reported: readonly string[]
}

/**
 * Replaces the placeholder hrefs of a doc with final URLs for this route's locale and version.
 * Links to .md files resolve by file (a miss only warns, as in Docusaurus); absolute paths get the
 * locale prefix; anchors are checked against the target's headings.
 */
export function resolveDocLinks(site: Site, route: Route, doc: ParsedDoc): ResolvedHtml {
  const diagnostics: Diagnostic[] = []
  const reported: string[] = []
  const version = site.config.versions.find((v) => v.name === route.version)!
  const html = doc.html.replace(new RegExp(`href="${LINK_PLACEHOLDER}(\\d+)"`, 'g'), (_m, n: string) => {
    const ref = doc.links[Number(n)]!
    const [beforeHash, hash] = splitOnce(ref.href, '#')
    const [pathPart, query] = splitOnce(beforeHash, '?')
    const suffix = (query !== undefined ? `?${query}` : '') + (hash !== undefined ? `#${hash}` : '')
    if (pathPart === '') {
      if (hash && !doc.headings.some((h) => h.id === hash) && !new RegExp(`id="${escapeRe(hash)}"`).test(doc.html)) {
        diagnostics.push({ severity: 'warning', code: 'broken-anchor', message: `broken anchor "#${hash}": no heading with that id on this page`, at: ref.at })
        reported.push(ref.href)
      }
      return `href="${escapeAttr(ref.href)}"`
    }
    if (/\.mdx?$/.test(pathPart)) {
      const rel = path.posix.normalize(pathPart.startsWith('/') ? pathPart.slice(1) : path.posix.join(path.posix.dirname(doc.source.relPath), decodeSafe(pathPart)))
      const target = findDocByRelPath(site, route, rel)
      if (!target) {
        diagnostics.push({ severity: 'warning', code: 'broken-markdown-link', message: `broken markdown link "${ref.href}": no doc ${rel} in ${version.name}`, at: ref.at })
        reported.push(ref.href)
        return `href="${escapeAttr(ref.href)}"`
      }
      if (hash && !target.doc.headings.some((h) => h.id === hash)) {
        diagnostics.push({ severity: 'warning', code: 'broken-anchor', message: `broken anchor "${ref.href}": ${target.doc.source.file} has no heading with id "${hash}"`, at: ref.at })
        reported.push(target.url + suffix)
      }
      return `href="${escapeAttr(target.url + suffix)}"`
    }
    const absolute = pathPart.startsWith('/') ? localise(site, route, pathPart) : path.posix.join(route.url.endsWith('/') ? route.url : path.posix.dirname(route.url), pathPart)
    return `href="${escapeAttr(cleanPath(absolute, site.config.trailingSlash && !site.staticFiles.has(absolute.slice(site.config.baseUrl.length))) + suffix)}"`
  })
  return { html, diagnostics, reported }
}

/** '/api/bet' on a Vietnamese page → '/vi/api/bet' (Docusaurus prefixes absolute links with the locale's base). */
function localise(site: Site, route: Route, p: string): string {
  const { baseUrl } = site.config
  const inner = p.startsWith(baseUrl) ? p.slice(baseUrl.length) : p.slice(1)
  if (site.staticFiles.has(decodeSafe(inner.replace(/\/$/, '')))) return baseUrl + inner
  const prefix = sitePrefix(site.config, route.locale)
  return baseUrl + (prefix && !inner.startsWith(prefix) ? prefix : '') + inner
}

function findDocByRelPath(site: Site, route: Route, relPath: string): { doc: ParsedDoc; url: string } | undefined {
  for (const r of site.routes) {
    if (r.locale !== route.locale || r.version !== route.version || r.data.kind !== 'doc') continue
    if (r.data.doc.source.relPath === relPath) return { doc: r.data.doc, url: r.url }
  }
  return undefined
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep)
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)]
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}
