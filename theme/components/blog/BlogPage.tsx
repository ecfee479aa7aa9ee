import type { BlogPageView, PageProps, PageView } from '../../../src/types.js'
import { Notice } from '../DocPage.js'
import { Toc } from '../Toc.js'
import { BlogSidebar } from './BlogSidebar.js'
import { AuthorAvatar, BlogPostItem } from './BlogPostItem.js'
import { BlogArchive, BlogAuthorsPage, BlogTagsPage } from './BlogIndexPages.js'

type Strings = PageProps['strings']
type Of<K extends BlogPageView['kind']> = Extract<BlogPageView, { kind: K }>

export const isBlogPage = (page: PageView): page is BlogPageView => page.kind.startsWith('blog-')

/** Every blog page: the year-grouped sidebar, then the list, post, tags, authors or archive. */
export function BlogPage({ page, strings }: { page: BlogPageView; strings: Strings }) {
  const toc = page.kind === 'blog-post' && page.toc.length > 0 ? page.toc : undefined
  return (
    <div className="blog-layout">
      <BlogSidebar sidebar={page.sidebar} strings={strings} />
      <div className="blog-main">
        {page.kind === 'blog-list' && <BlogList page={page} strings={strings} />}
        {page.kind === 'blog-post' && <BlogPost page={page} strings={strings} />}
        {page.kind === 'blog-tags' && <BlogTagsPage page={page} />}
        {page.kind === 'blog-authors' && <BlogAuthorsPage page={page} />}
        {page.kind === 'blog-archive' && <BlogArchive page={page} />}
      </div>
      {toc && <Toc items={toc} title={strings.onThisPage!} />}
    </div>
  )
}

function BlogList({ page, strings }: { page: Of<'blog-list'>; strings: Strings }) {
  return (
    <>
      <header className="blog-list-header">
        {page.author ? (
          <div className="blog-author-card">
            <AuthorAvatar author={page.author} size={64} />
            <div>
              <h1>{page.title}</h1>
              {page.author.title && <p className="blog-author-title">{page.author.title}</p>}
              <p className="blog-author-count">
                {page.author.count}
                {page.author.href && (
                  <>
                    {' · '}
                    <a href={page.author.href} target="_blank" rel="noopener noreferrer">
                      {page.author.href.replace(/^https?:\/\//, '')}
                    </a>
                  </>
                )}
              </p>
            </div>
          </div>
        ) : (
          <>
            <h1>{page.title}</h1>
            {page.description && <p className="lead">{page.description}</p>}
          </>
        )}
        {page.allHref && <a href={page.allHref.href}>{page.allHref.label}</a>}
      </header>
      {page.emptyText && <p className="blog-empty">{page.emptyText}</p>}
      {page.posts.map((post) => (
        <BlogPostItem key={post.href} post={post} strings={strings} isList />
      ))}
      {page.paginator && (
        <>
          <p className="blog-paginator-label">{page.paginator.label}</p>
          <nav className="pager blog-paginator" aria-label={strings['paginator.navLabel']}>
            {page.paginator.newer ? (
              <a className="pager-link pager-prev" href={page.paginator.newer} rel="prev">
                <span className="pager-label">{`« ${strings['paginator.newer']}`}</span>
              </a>
            ) : (
              <span />
            )}
            {page.paginator.older && (
              <a className="pager-link pager-next" href={page.paginator.older} rel="next">
                <span className="pager-label">{`${strings['paginator.older']} »`}</span>
              </a>
            )}
          </nav>
        </>
      )}
    </>
  )
}

function BlogPost({ page, strings }: { page: Of<'blog-post'>; strings: Strings }) {
  return (
    <>
      {page.unlisted && <Notice name="unlisted" strings={strings} />}
      {page.notTranslated && <Notice name="notTranslated" strings={strings} />}
      <BlogPostItem
        post={page.post}
        strings={strings}
        isList={false}
        editUrl={page.editUrl}
        markdownHref={page.markdownHref}
      />
      {(page.newer || page.older) && (
        <nav className="pager" aria-label={strings['post.navLabel']}>
          {page.newer ? (
            <a className="pager-link pager-prev" href={page.newer.href} rel="prev">
              <span className="pager-sub">{strings['post.newer']}</span>
              <span className="pager-label">{`« ${page.newer.label}`}</span>
            </a>
          ) : (
            <span />
          )}
          {page.older && (
            <a className="pager-link pager-next" href={page.older.href} rel="next">
              <span className="pager-sub">{strings['post.older']}</span>
              <span className="pager-label">{`${page.older.label} »`}</span>
            </a>
          )}
        </nav>
      )}
    </>
  )
}
