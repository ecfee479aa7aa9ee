import fs from 'node:fs'

// A Docusaurus site's theme translations (i18n/<locale>/code.json, written by
// `docusaurus write-translations` with the theme's own translations filled in, then edited by the
// site) as docs-site's UI strings: they win over docs-site's own translation of its language.
// Each docs-site key takes the message of the Docusaurus id that says the same thing; a message
// whose placeholders are not the ones docs-site fills is left out (docs-site's string stays).

/** docs-site key → Docusaurus id (and, where they differ, Docusaurus placeholder → docs-site's). */
const IDS: Record<string, string | [string, Record<string, string>]> = {
  skipToContent: 'theme.common.skipToMainContent',
  directLink: 'theme.common.headingLinkTitle',
  copy: 'theme.CodeBlock.copyButtonAriaLabel',
  copied: 'theme.CodeBlock.copied',
  'admonition.note': 'theme.admonition.note',
  'admonition.tip': 'theme.admonition.tip',
  'admonition.info': 'theme.admonition.info',
  'admonition.warning': 'theme.admonition.warning',
  'admonition.danger': 'theme.admonition.danger',
  'admonition.caution': 'theme.admonition.caution',
  editThisPage: 'theme.common.editThisPage',
  'lastUpdated.lastUpdatedAtBy': 'theme.lastUpdated.lastUpdatedAtBy',
  'lastUpdated.atDate': 'theme.lastUpdated.atDate',
  'lastUpdated.byUser': 'theme.lastUpdated.byUser',
  onThisPage: 'theme.TOCCollapsible.toggleButtonLabel',
  'paginator.docsNavLabel': 'theme.docs.paginator.navAriaLabel',
  previous: 'theme.docs.paginator.previous',
  next: 'theme.docs.paginator.next',
  breadcrumbs: 'theme.docs.breadcrumbs.navAriaLabel',
  home: 'theme.docs.breadcrumbs.home',
  docsSidebar: 'theme.docs.sidebar.navAriaLabel',
  collapseSidebar: 'theme.docs.sidebar.collapseButtonTitle',
  expandSidebar: 'theme.docs.sidebar.expandButtonTitle',
  'versionBanner.unmaintained': 'theme.docs.versions.unmaintainedVersionLabel',
  'versionBanner.unreleased': 'theme.docs.versions.unreleasedVersionLabel',
  'versionBanner.latestLink': [
    'theme.docs.versions.latestVersionSuggestionLabel',
    { versionLabel: 'latestVersionLabel' },
  ],
  'versionBanner.latestLinkLabel': 'theme.docs.versions.latestVersionLinkLabel',
  versionBadge: 'theme.docs.versionBadge.label',
  versions: 'theme.navbar.mobileVersionsDropdown.label',
  languages: 'theme.navbar.mobileLanguageDropdown.label',
  'unlisted.title': 'theme.contentVisibility.unlistedBanner.title',
  'unlisted.message': 'theme.contentVisibility.unlistedBanner.message',
  'notFound.title': 'theme.NotFound.title',
  'notFound.p1': 'theme.NotFound.p1',
  'notFound.p2': 'theme.NotFound.p2',
  'crash.title': 'theme.ErrorPageContent.title',
  'crash.tryAgain': 'theme.ErrorPageContent.tryAgain',
  'tags.title': 'theme.tags.tagsPageTitle',
  'tags.label': 'theme.tags.tagsListLabel',
  'tags.viewAll': 'theme.tags.tagsPageLink',
  'colorMode.toggle': 'theme.colorToggle.ariaLabel',
  'colorMode.light': 'theme.colorToggle.ariaLabel.mode.light',
  'colorMode.dark': 'theme.colorToggle.ariaLabel.mode.dark',
  'menu.toggle': 'theme.docs.sidebar.toggleSidebarButtonAriaLabel',
  'menu.close': 'theme.docs.sidebar.closeSidebarButtonAriaLabel',
  'menu.back': 'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel',
  'announcement.close': 'theme.AnnouncementBar.closeButtonAriaLabel',
  'archive.title': 'theme.blog.archive.title',
  'archive.description': 'theme.blog.archive.description',
  'paginator.navLabel': 'theme.blog.paginator.navAriaLabel',
  'paginator.newer': 'theme.blog.paginator.newerEntries',
  'paginator.older': 'theme.blog.paginator.olderEntries',
  'post.navLabel': 'theme.blog.post.paginator.navAriaLabel',
  'post.newer': 'theme.blog.post.paginator.newerPost',
  'post.older': 'theme.blog.post.paginator.olderPost',
  readMore: 'theme.blog.post.readMore',
  readMoreAbout: 'theme.blog.post.readMoreLabel',
  readingTime: 'theme.blog.post.readingTime.plurals',
  'blog.authors': 'theme.blog.authorsList.pageTitle',
  'blog.viewAllAuthors': 'theme.blog.authorsList.viewAll',
  'blog.authorPosts': 'theme.blog.post.plurals',
  'blog.sidebarLabel': 'theme.blog.sidebar.navAriaLabel',
  posts: 'theme.blog.post.plurals',
  items: 'theme.docs.DocCard.categoryDescription.plurals',
  'category.items': 'theme.docs.DocCard.categoryDescription.plurals',
  backToTop: 'theme.BackToTopButton.buttonAriaLabel',
  search: 'theme.SearchBar.label',
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

/**
 * The UI strings a code.json translates, by docs-site key; `english` is docs-site's English
 * strings (what each message's placeholders must match). Unreadable or missing file: none.
 */
export function stringsFromCodeJson(
  file: string,
  english: Readonly<Record<string, string>>,
): Record<string, string> {
  let data: unknown
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return {}
  }
  if (!data || typeof data !== 'object') return {}
  const messages = data as Record<string, { message?: unknown } | undefined>
  const out: Record<string, string> = {}
  for (const [key, entry] of Object.entries(IDS)) {
    const [id, rename] = typeof entry === 'string' ? [entry, {}] : entry
    const raw = messages[id]?.message
    const base = english[key]
    if (typeof raw !== 'string' || !raw.trim() || base === undefined) continue
    let message = raw.replace(/\{(\w+)\}/g, (m, name: string) => (rename[name] ? `{${rename[name]}}` : m))
    // Docusaurus writes admonition titles in lower case and capitalises them in CSS.
    if (key.startsWith('admonition.')) message = message.charAt(0).toLocaleUpperCase() + message.slice(1)
    if (placeholders(message).join() === placeholders(base).join()) out[key] = message
  }
  return out
}
