import type { PageProps, PageView } from '../../src/types.js'
import { interpolate } from '../../shared/strings.js'
import { Breadcrumbs, Pager } from './Pager.js'
import { Toc } from './Toc.js'
import { TagsRow } from './TagsRow.js'
import { PageTitle } from './PageTitle.js'
import { LastUpdated } from './LastUpdated.js'

type Doc = Extract<PageView, { kind: 'doc' }>
type Props = { page: Doc; strings: PageProps['strings']; locale: string; siteTitle: string }

/** A docs page: banners, breadcrumbs, title, body, tags, edit link, prev/next, TOC. */
export function DocPage({ page, strings, siteTitle }: Props) {
  return (
    <div className="doc-layout">
      <article className="doc">
        {page.versionBanner && (
          <div className="admonition admonition-warning version-banner" role="note">
            <div className="admonition-content">
              <p>
                {interpolate(strings[`versionBanner.${page.versionBanner.kind}`]!, {
                  siteTitle,
                  versionLabel: page.versionBanner.versionLabel,
                })}
              </p>
              <p>
                {splitAround(
                  strings['versionBanner.latestLink']!,
                  '{latestVersionLink}',
                  page.versionBanner.latestLabel,
                ).map((part, i) =>
                  part === null ? (
                    <a key={i} href={page.versionBanner!.latestHref}>
                      <b>{strings['versionBanner.latestLinkLabel']}</b>
                    </a>
                  ) : (
                    <span key={i}>{part}</span>
                  ),
                )}
              </p>
            </div>
          </div>
        )}
        {page.unlisted && <Notice name="unlisted" strings={strings} />}
        {page.staleTranslation && <Notice name="staleTranslation" strings={strings} />}
        {page.notTranslated && <Notice name="notTranslated" strings={strings} />}
        <Breadcrumbs items={page.breadcrumbs} strings={strings} />
        {page.versionBadge && (
          <span className="version-badge" data-pagefind-ignore="">
            {page.versionBadge}
          </span>
        )}
        <header>
          <PageTitle
            title={page.heading ?? page.title}
            markdownHref={page.markdownHref}
            strings={strings}
            className={page.hideTitle ? 'sr-only' : undefined}
          />
        </header>
        <div className="markdown" dangerouslySetInnerHTML={{ __html: page.html }} />
        {(page.tags.length > 0 || page.editUrl || page.lastUpdate) && (
          <footer className="doc-footer">
            <TagsRow tags={page.tags} strings={strings} />
            {page.editUrl && (
              <a className="edit-link" href={page.editUrl} target="_blank" rel="noopener noreferrer">
                {strings.editThisPage}
              </a>
            )}
            {page.lastUpdate && <LastUpdated update={page.lastUpdate} strings={strings} />}
          </footer>
        )}
        <Pager prev={page.prev} next={page.next} strings={strings} />
      </article>
      {page.toc.length > 0 && <Toc items={page.toc} title={strings.onThisPage!} />}
    </div>
  )
}

/**
 * The notices a page can carry, each with its admonition kind. A notice's title and text are the
 * UI strings `<name>.title` and `<name>.message`, so docs, blog, standalone and API pages that
 * carry the same notice say the same thing.
 */
const NOTICES = { unlisted: 'caution', staleTranslation: 'caution', notTranslated: 'info' } as const

export function Notice({ name, strings }: { name: keyof typeof NOTICES; strings: PageProps['strings'] }) {
  return (
    <div className={`admonition admonition-${NOTICES[name]}`} role="note">
      <div className="admonition-heading">{strings[`${name}.title`]}</div>
      <div className="admonition-content">
        <p>{strings[`${name}.message`]}</p>
      </div>
    </div>
  )
}

/** Splits a template around a placeholder; null marks where the element goes. */
function splitAround(template: string, placeholder: string, latestLabel: string): Array<string | null> {
  const [a = '', b = ''] = template.replace('{latestVersionLabel}', latestLabel).split(placeholder)
  return [a, null, b]
}
