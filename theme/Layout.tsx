import type { ApiPageView, PageProps } from '../src/types.js'
import { Island } from './Island.js'
import { scriptJson } from './script-json.js'
import { Navbar } from './components/Navbar.js'
import { Footer } from './components/Footer.js'
import { Sidebar } from './components/Sidebar.js'
import { DocPage, Notice } from './components/DocPage.js'
import { CategoryIndexPage } from './components/CategoryIndexPage.js'
import { TagsPage, TagPage } from './components/TagPages.js'
import { NotFoundPage } from './components/NotFoundPage.js'
import { StandalonePage } from './components/StandalonePage.js'
import { MobileDrawer } from './components/MobileDrawer.js'
import { BlogPage, isBlogPage } from './components/blog/BlogPage.js'
import { blogSidebarItems } from './components/blog/BlogSidebar.js'
import { ApiPage } from './components/api/ApiPage.js'

/**
 * On the home page, a banner when the site is served under another base URL than its config's. Inline,
 * because with a wrong base URL the stylesheet and the client script are exactly what fail to load.
 */
function BaseUrlBanner({ baseUrl, message }: { baseUrl: string; message: string }) {
  const script = `(function(){var b=${scriptJson(baseUrl)},p=location.pathname;if(p.indexOf(b)===0)return;var e=document.getElementById('__baseurl-banner');e.textContent=${scriptJson(message)}.replace('{configured}',b).replace('{actual}',p).replace('{suggested}',p.replace(/[^/]*$/,''));e.hidden=false})()`
  return (
    <>
      <div
        id="__baseurl-banner"
        hidden
        className="baseurl-banner"
        style={{ padding: 12, background: '#fdecea', color: '#7a1a12', fontWeight: 600, textAlign: 'center' }}
      />
      <script dangerouslySetInnerHTML={{ __html: script }} />
    </>
  )
}

/** The page frame: skip link, announcement, navbar, sidebar, main, footer. */
export function Layout(props: PageProps) {
  const { strings, page, sidebar, announcementBar } = props
  return (
    <>
      <span id="__route-focus" tabIndex={-1} className="sr-only" />
      <a className="skip-link" href="#__main">
        {strings.skipToContent}
      </a>
      {props.client.isHome && <BaseUrlBanner baseUrl={props.site.baseUrl} message={strings.baseUrlIssue!} />}
      {announcementBar && (
        <Island
          name="AnnouncementBar"
          props={{
            ...announcementBar,
            closeLabel: strings['announcement.close']!,
            label: strings['announcement.label']!,
          }}
        />
      )}
      <Navbar
        navbar={props.navbar}
        strings={strings}
        homeHref={props.site.homeHref}
        menu={props.navbar.items.length > 0 || sidebar !== undefined || isBlogPage(page)}
        search={
          props.search.enabled ? { baseUrl: props.site.baseUrl, version: props.search.version } : undefined
        }
      />
      <MobileDrawer
        navbar={props.navbar}
        sidebar={sidebar ? 'clone' : isBlogPage(page) ? blogSidebarItems(page.sidebar) : undefined}
        strings={strings}
      />
      <div className={`main-wrapper${sidebar ? ' has-sidebar' : ''}`}>
        {sidebar && (
          <Sidebar
            items={sidebar}
            html={props.sidebarHtml}
            itemsSrc={props.sidebarItemsSrc}
            strings={strings}
          />
        )}
        <Main {...props} />
      </div>
      {props.footer && <Footer footer={props.footer} />}
      <BackToTop label={strings.backToTop} />
    </>
  )
}

/** The page itself, by its kind, in the element the search index reads. */
function Main(props: PageProps) {
  const { strings, page } = props
  return (
    <main
      id="__main"
      tabIndex={-1}
      className="main"
      {...(props.search.indexed
        ? {
            'data-pagefind-body': '',
            'data-pagefind-filter': props.search.version
              ? `version:${props.search.version}`
              : page.kind === 'page'
                ? 'type:page'
                : 'type:blog',
          }
        : {})}
    >
      {props.search.indexed && <SearchFacets search={props.search} />}
      {page.kind === 'doc' && (
        <DocPage page={page} strings={strings} locale={props.locale.code} siteTitle={props.site.title} />
      )}
      {page.kind === 'category-index' && <CategoryIndexPage page={page} strings={strings} />}
      {page.kind === 'tags' && <TagsPage page={page} strings={strings} locale={props.locale.code} />}
      {page.kind === 'tag' && <TagPage page={page} strings={strings} />}
      {page.kind === 'not-found' && <NotFoundPage strings={strings} />}
      {page.kind === 'page' && <StandalonePage page={page} strings={strings} />}
      {isBlogPage(page) && <BlogPage page={page} strings={strings} />}
      {page.kind.startsWith('api-') && (
        <>
          {props.untranslatedSpec && (
            <div className="api-not-translated" data-pagefind-ignore="">
              <Notice name="notTranslated" strings={strings} />
            </div>
          )}
          <ApiPage page={page as ApiPageView} strings={strings} locale={props.locale.code} />
        </>
      )}
    </main>
  )
}

/** Shown once the reader has scrolled down a screen (theme/client/motion.ts). */
function BackToTop({ label }: { label: string | undefined }) {
  return (
    <button
      type="button"
      className="back-to-top icon-button"
      data-back-to-top=""
      aria-label={label}
      title={label}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z" />
      </svg>
    </button>
  )
}

/**
 * Pagefind reads one filter or meta value per attribute, so each facet is an empty element of
 * its own (hidden: readers never see it).
 */
function SearchFacets({ search }: { search: PageProps['search'] }) {
  return (
    <>
      {search.section && <span hidden data-pagefind-filter={`section:${search.section}`} />}
      {search.method && <span hidden data-pagefind-filter={`method:${search.method}`} />}
      {search.endpoint && <span hidden data-pagefind-meta={`endpoint:${search.endpoint}`} />}
    </>
  )
}
