import type { BlogAuthorView, BlogPostView, PageProps } from '../../../src/types.js'
import { interpolate } from '../../../shared/strings.js'
import { TagsRow } from '../TagsRow.js'
import { PageTitle } from '../PageTitle.js'

type Strings = PageProps['strings']

/**
 * One post: title, date, reading time, authors, body, tags. On lists the title is an h2 linking
 * to the post and a "Read more" link follows a truncated excerpt; on the post's page it is the h1.
 */
export function BlogPostItem({
  post,
  strings,
  isList,
  editUrl,
  markdownHref,
}: {
  post: BlogPostView
  strings: Strings
  isList: boolean
  editUrl?: string | undefined
  /** The post's Markdown twin, on the post's own page. */
  markdownHref?: string | undefined
}) {
  const readMore = isList && post.truncated
  return (
    <article className="blog-post">
      <header className="blog-post-header">
        {isList ? (
          <h2 className="blog-post-title">
            <a href={post.href}>{post.title}</a>
          </h2>
        ) : (
          <PageTitle
            title={post.title}
            markdownHref={markdownHref}
            strings={strings}
            className="blog-post-title"
          />
        )}
        <div className="blog-post-meta" data-pagefind-ignore="">
          <time dateTime={post.date}>{post.dateLabel}</time>
          {post.readingTime && (
            <>
              {' · '}
              <span className="blog-reading-time">{post.readingTime}</span>
            </>
          )}
        </div>
        {post.authors.length > 0 && <BlogAuthors authors={post.authors} />}
      </header>
      <div className="markdown" dangerouslySetInnerHTML={{ __html: post.html }} />
      {(post.tags.length > 0 || readMore || editUrl) && (
        <footer className="blog-post-footer">
          <TagsRow tags={post.tags} strings={strings} />
          {readMore && (
            <a
              className="read-more"
              href={post.href}
              aria-label={interpolate(strings.readMoreAbout ?? '{title}', { title: post.title })}
            >
              <b>{strings.readMore}</b>
            </a>
          )}
          {editUrl && (
            <a className="edit-link" href={editUrl} target="_blank" rel="noopener noreferrer">
              {strings.editThisPage}
            </a>
          )}
        </footer>
      )}
    </article>
  )
}

export function BlogAuthors({ authors }: { authors: readonly BlogAuthorView[] }) {
  return (
    <ul className="blog-authors" data-pagefind-ignore="">
      {authors.map((a, i) => (
        <li key={i} className="blog-author">
          <AuthorAvatar author={a} />
          <div className="blog-author-text">
            <AuthorName author={a} />
            {a.title && <small className="blog-author-title">{a.title}</small>}
          </div>
        </li>
      ))}
    </ul>
  )
}

export function AuthorAvatar({ author, size = 40 }: { author: BlogAuthorView; size?: number }) {
  if (!author.imageUrl) return null
  // Decorative: the name follows.
  return (
    <img
      className="blog-author-avatar"
      src={author.imageUrl}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  )
}

export function AuthorName({ author }: { author: BlogAuthorView }) {
  if (!author.href) return <span className="blog-author-name">{author.name}</span>
  return (
    <a
      className="blog-author-name"
      href={author.href}
      {...(author.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {author.name}
    </a>
  )
}
