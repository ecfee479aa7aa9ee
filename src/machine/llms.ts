import { outFileUrl } from '../urls.js'
import type { Route, RouteData, Site } from '../types.js'
import { absoluteUrl, hasTwin, twinFile } from '../twins/index.js'
import { escapeText } from '../parse/clean-markdown.js'

type Kind = 'docs' | 'api' | 'blog'
interface Entry {
  readonly route: Route
  readonly kind: Kind
  readonly title: string
  readonly description: string | undefined
  /** Path below the site root: 'api/get-wallet/'. */
  readonly path: string
}
interface Section {
  readonly title: string
  readonly description?: string
  readonly matches: (e: Entry) => boolean
  /** Reading order within the section (a sidebar's); else the route table's. */
  readonly rank?: (e: Entry) => number
}

/**
 * /llms.txt (the llms.txt convention: a title, a summary, then sections of links with one line
 * each) and /llms-full.txt (every listed doc and API operation of the latest version, default
 * locale, as one Markdown file, made of the pages' twins). Links lead to the twins: Markdown is
 * what an assistant reads best.
 */
export function llmsFiles(site: Site, twins: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>()
  const { config } = site
  if (!config.llms || !config.url) return out
  const entries = site.routes.map((r) => entry(site, r)).filter((e) => e !== undefined)
  const sections: Section[] = config.llms.sections
    ? config.llms.sections.map((s) => ({
        title: s.title,
        description: s.description,
        matches: (e: Entry) => s.paths.some((p) => e.path.startsWith(p.replace(/^\//, ''))),
      }))
    : defaultSections(site)
  const grouped = sections.map((s) => ({ section: s, entries: [] as Entry[] }))
  const rest: Entry[] = []
  for (const e of entries) (grouped.find((g) => g.section.matches(e))?.entries ?? rest).push(e)
  for (const g of grouped)
    if (g.section.rank) g.entries.sort((a, b) => g.section.rank!(a) - g.section.rank!(b))
  if (rest.length) grouped.push({ section: { title: 'Other', matches: () => true }, entries: rest })
  const twinUrl = (e: Entry) => absoluteUrl(site, outFileUrl(config, twinFile(e.route)))
  const head = header(site, entries)
  const index = grouped
    .filter((g) => g.entries.length)
    .map(
      (g) =>
        `## ${g.section.title}\n\n${g.section.description ? `${g.section.description}\n\n` : ''}` +
        g.entries
          .map(
            (e) =>
              `- [${escapeText(e.title)}](${twinUrl(e)})${e.description ? `: ${oneLine(e.description)}` : ''}`,
          )
          .join('\n'),
    )
  out.set('llms.txt', [head, ...index].join('\n\n') + '\n')
  const full = grouped
    .flatMap((g) => g.entries)
    .filter((e) => e.kind !== 'blog')
    .map((e) => `${twins.get(twinFile(e.route))!.trimEnd()}\n\nSource: ${config.url}${e.route.url}`)
  out.set('llms-full.txt', [head, ...full].join('\n\n---\n\n') + '\n')
  return out
}

function header(site: Site, entries: readonly Entry[]): string {
  const { config } = site
  const count = (k: Kind, one: string, many: string) => {
    const n = entries.filter((e) => e.kind === k).length
    return n === 0 ? '' : `${n} ${n === 1 ? one : many}`
  }
  const parts = [
    count('docs', 'guide', 'guides'),
    count('api', 'API operation', 'API operations'),
    count('blog', 'blog post', 'blog posts'),
  ].filter(Boolean)
  return [
    `# ${config.title}`,
    `> ${config.tagline && config.tagline !== config.title ? config.tagline : `The documentation of ${config.title}.`}`,
    `This file lists the ${parts.join(', ')} of the latest version of ${config.title}, in English, ` +
      `each as a Markdown file (the same page as HTML is at the same URL without index.md). ` +
      `The whole documentation in one file: ${config.url}${config.baseUrl}llms-full.txt`,
  ].join('\n\n')
}

/** A page llms.txt may list: latest version, default locale, listed, with a twin. */
function entry(site: Site, route: Route): Entry | undefined {
  const { config } = site
  if (route.locale !== config.defaultLocale || route.unlisted || !hasTwin(route)) return undefined
  if (route.version !== undefined && route.version !== config.versions[0]?.name) return undefined
  const path = route.url.slice(config.baseUrl.length)
  const data = route.data
  const made = describe(data)
  if (!made || !config.llms!.include.includes(made.kind)) return undefined
  return { route, path, ...made }
}

function describe(data: RouteData): Omit<Entry, 'route' | 'path'> | undefined {
  if (data.kind === 'doc') return { kind: 'docs', title: data.doc.title, description: data.doc.description }
  if (data.kind === 'api-operation') {
    const op = data.operation
    return {
      kind: 'api',
      title: op.summary || op.operationId,
      description: `${op.method.toUpperCase()} ${op.path}${op.deprecated ? ' (deprecated)' : ''}`,
    }
  }
  if (data.kind === 'blog-post')
    return { kind: 'blog', title: data.entry.post.title, description: data.entry.post.description }
  return undefined
}

/**
 * One section per sidebar of the latest version, titled as the navbar item that opens it (a
 * sidebar no item opens: "API reference" when it holds only API pages, else "Guides"), then Blog.
 */
function defaultSections(site: Site): Section[] {
  const { config } = site
  const latest = config.versions[0]
  const sections: Section[] = []
  const sidebarLabels = new Map<string, string>()
  for (const i of config.navbar.items)
    if (i.type === 'docSidebar' && i.label) sidebarLabels.set(i.sidebarId, i.label)
  const labelCount = new Map<string, number>()
  for (const l of sidebarLabels.values()) labelCount.set(l, (labelCount.get(l) ?? 0) + 1)
  for (const id of Object.keys(latest?.sidebars ?? {})) {
    const sidebar = site.sidebars.get(`${config.defaultLocale}/${latest!.name}/${id}`)
    if (!sidebar) continue
    const urls = new Map(sidebar.flat.map((n, i) => [n.href, i]))
    const label = sidebarLabels.get(id)
    const apiOnly = [...urls.keys()].every((u) => u && site.routeByUrl.get(u)?.data.kind.startsWith('api-'))
    sections.push({
      // Two sidebars under one label (the default navbar calls each "Docs") say nothing: use the kind.
      title: label && labelCount.get(label) === 1 ? label : apiOnly ? 'API reference' : 'Guides',
      matches: (e) => urls.has(e.route.url),
      rank: (e) => urls.get(e.route.url)!,
    })
  }
  sections.push({ title: 'Blog', matches: (e) => e.kind === 'blog' })
  return sections
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim()
