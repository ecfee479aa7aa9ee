import type { PageProps, PageView } from '../../src/types.js'
import { Notice } from './DocPage.js'

type Page = Extract<PageView, { kind: 'page' }>

/** A standalone page (content/pages/): its title and body, no sidebar, no table of contents. */
export function StandalonePage({ page, strings }: { page: Page; strings: PageProps['strings'] }) {
  return (
    <article className={page.component ? 'doc standalone-page component-page' : 'doc standalone-page'}>
      {page.notTranslated && <Notice name="notTranslated" strings={strings} />}
      {page.showTitle && (
        <header>
          <h1>{page.heading ?? page.title}</h1>
        </header>
      )}
      <div className="markdown" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  )
}
