import type { LinkItemConfig, NavbarItemConfig, UserConfig } from '../types.js'
import type { Notes } from './notes.js'

// themeConfig of the classic theme → docs-site's navbar, footer, announcement bar and table of
// contents. Keys only Docusaurus's React theme reads (className, aria-label, custom item types)
// are dropped; what a reader would miss is noted for the summary.

type Obj = Record<string, unknown>

const NAV_KEYS = [
  'type',
  'label',
  'to',
  'href',
  'position',
  'activeBasePath',
  'activeBaseRegex',
  'docsPluginId',
  'html',
  'docId',
  'sidebarId',
  'dropdownItemsBefore',
  'dropdownItemsAfter',
]
const NAV_TYPES = new Set([
  'default',
  'dropdown',
  'localeDropdown',
  'search',
  'html',
  'doc',
  'docSidebar',
  'docsVersion',
  'docsVersionDropdown',
])

export function mapNavbar(navbar: Obj | undefined, notes: Notes): UserConfig['navbar'] {
  if (!navbar) return undefined
  const logo = navbar.logo as Obj | undefined
  return {
    ...(typeof navbar.title === 'string' ? { title: navbar.title } : {}),
    ...(logo && typeof logo.src === 'string' ? { logo: mapLogo(logo) } : {}),
    ...(Array.isArray(navbar.items) ? { items: navItems(navbar.items, notes) } : {}),
    ...(typeof navbar.hideOnScroll === 'boolean' ? { hideOnScroll: navbar.hideOnScroll } : {}),
  }
}

function navItems(list: unknown[], notes: Notes): NavbarItemConfig[] {
  const out: NavbarItemConfig[] = []
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue
    const item = raw as Obj
    const type = (item.type as string | undefined) ?? 'default'
    if (!NAV_TYPES.has(type)) {
      notes.add(`navbar item of type "${type}"`, 'replace it with a link, a dropdown or an html item')
      continue
    }
    // An item of a second docs instance: its pages are not built (map.ts says so), so it would
    // lead nowhere, or fail the check of doc and sidebar ids against the default instance's.
    if (typeof item.docsPluginId === 'string' && item.docsPluginId !== 'default') {
      notes.add(
        `navbar items of the docs instance "${item.docsPluginId}" (docsPluginId)`,
        'docs-site builds the default docs instance only: they are left out',
      )
      continue
    }
    const kept: Obj = {}
    for (const k of NAV_KEYS) if (item[k] !== undefined) kept[k] = item[k]
    if (type === 'dropdown') kept.items = navItems((item.items as unknown[]) ?? [], notes)
    for (const k of ['dropdownItemsBefore', 'dropdownItemsAfter'])
      if (Array.isArray(item[k])) kept[k] = navItems(item[k], notes)
    // Docusaurus's html item carries its markup in `value` (`html` is a link label's markup).
    if (type === 'html' && typeof item.value === 'string') kept.html = item.value
    if (type === 'docSidebar' && kept.label === undefined) kept.label = String(item.sidebarId)
    if (type === 'default' && kept.label === undefined) kept.label = String(item.href ?? item.to ?? '')
    out.push(kept as unknown as NavbarItemConfig)
  }
  return out
}

function mapLogo(logo: Obj) {
  const out: Obj = {}
  for (const k of ['src', 'srcDark', 'alt', 'href', 'width', 'height'])
    if (logo[k] !== undefined) out[k] = logo[k]
  // Docusaurus takes sizes as CSS strings ('32px'); docs-site wants numbers.
  for (const k of ['width', 'height'])
    if (typeof out[k] === 'string') {
      const n = Number.parseFloat(out[k])
      if (Number.isFinite(n)) out[k] = n
      else delete out[k]
    }
  return out as { src: string }
}

export function mapFooter(footer: Obj | undefined, notes: Notes): UserConfig['footer'] {
  if (!footer) return undefined
  const links = Array.isArray(footer.links) ? footer.links : []
  const columns = links.every((l) => l && typeof l === 'object' && 'items' in l)
  const logo = footer.logo as Obj | undefined
  return {
    ...(footer.style === 'dark' || footer.style === 'light' ? { style: footer.style } : {}),
    ...(links.length
      ? {
          links: columns
            ? links.map((c) => ({
                title: String((c as Obj).title ?? ''),
                items: linkItems((c as Obj).items as unknown[], notes),
              }))
            : linkItems(links, notes),
        }
      : {}),
    ...(logo && typeof logo.src === 'string' ? { logo: mapLogo(logo) } : {}),
    ...(typeof footer.copyright === 'string' ? { copyright: footer.copyright } : {}),
  }
}

function linkItems(list: unknown[] = [], notes: Notes): LinkItemConfig[] {
  const out: LinkItemConfig[] = []
  for (const raw of list) {
    const item = (raw ?? {}) as Obj
    if (typeof item.label !== 'string') {
      if (item.html !== undefined)
        notes.add('footer items written as html', 'write them as { label, href } links')
      continue
    }
    out.push({
      label: item.label,
      ...(typeof item.to === 'string' ? { to: item.to } : {}),
      ...(typeof item.href === 'string' ? { href: item.href } : {}),
    })
  }
  return out
}

export function mapAnnouncementBar(bar: Obj | undefined): UserConfig['announcementBar'] {
  if (!bar || typeof bar.content !== 'string') return undefined
  const out: Obj = { id: typeof bar.id === 'string' ? bar.id : 'announcement-bar', content: bar.content }
  for (const k of ['backgroundColor', 'textColor', 'isCloseable']) if (bar[k] !== undefined) out[k] = bar[k]
  return out as { id: string; content: string }
}

export function mapToc(toc: Obj | undefined): UserConfig['toc'] {
  if (!toc) return undefined
  const out: { minHeadingLevel?: number; maxHeadingLevel?: number } = {}
  if (typeof toc.minHeadingLevel === 'number') out.minHeadingLevel = toc.minHeadingLevel
  if (typeof toc.maxHeadingLevel === 'number') out.maxHeadingLevel = toc.maxHeadingLevel
  return out
}

/** docs-site follows the reader's system setting and offers a toggle: say when the config wants otherwise. */
export function noteColorMode(mode: Obj | undefined, notes: Notes): void {
  if (!mode) return
  if (mode.disableSwitch === true || (mode.defaultMode === 'dark' && mode.respectPrefersColorScheme !== true))
    notes.add(
      'colorMode (defaultMode, disableSwitch)',
      'docs-site follows the reader’s system setting and always shows the light/dark toggle',
    )
}
