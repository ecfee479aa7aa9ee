import type { Diagnostic, NavbarItemConfig, SiteConfig } from '../types.js'

/**
 * A `doc` or `docSidebar` navbar item must name a doc or sidebar that exists in the latest
 * version (in some locale built): otherwise every page would carry a link to nowhere.
 */
export function checkNavbar(
  config: SiteConfig,
  docUrls: ReadonlyMap<string, string>,
  locales: readonly string[],
  diagnostics: Diagnostic[],
): void {
  const latest = config.versions[0]
  if (!latest) return
  const file = config.configFile ? config.configFile.slice(config.root.length + 1) : 'docs-site.config.ts'
  const visit = (items: readonly NavbarItemConfig[], where: string) =>
    items.forEach((item, i) => {
      const name = `${where}[${i}]`
      if (item.type === 'dropdown') visit(item.items ?? [], `${name}.items`)
      else if (item.type === 'doc' && !locales.some((l) => docUrls.has(`${l}|${latest.name}|${item.docId}`)))
        diagnostics.push({
          severity: 'error',
          code: 'config',
          message: `${name} (type "doc"${item.label ? `, "${item.label}"` : ''}): no doc with id "${item.docId}" in ${latest.name}`,
          at: { file },
        })
      else if (item.type === 'docSidebar' && !Object.hasOwn(latest.sidebars, item.sidebarId))
        diagnostics.push({
          severity: 'error',
          code: 'config',
          message: `${name} (type "docSidebar", "${item.label}"): no sidebar with id "${item.sidebarId}" in ${latest.name}`,
          at: { file },
          hint: `sidebars: ${Object.keys(latest.sidebars).join(', ') || 'none'}`,
        })
    })
  visit(config.navbar.items, 'navbar.items')
}
