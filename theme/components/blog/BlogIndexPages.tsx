import type { BlogPageView } from '../../../src/types.js'
import { AuthorAvatar, AuthorName } from './BlogPostItem.js'

type Of<K extends BlogPageView['kind']> = Extract<BlogPageView, { kind: K }>

/** /blog/tags: every tag of a listed post, with its post count. */
export function BlogTagsPage({ page }: { page: Of<'blog-tags'> }) {
  return (
    <>
      <h1>{page.title}</h1>
      <ul className="tag-list tag-list-all">
        {page.tags.map((tag) => (
          <li key={tag.href}>
            <a className="tag" href={tag.href} title={tag.countLabel}>
              {tag.label} <span className="tag-count">{tag.count}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  )
}

/** /blog/authors: every author from authors.yml with a listed post. */
export function BlogAuthorsPage({ page }: { page: Of<'blog-authors'> }) {
  return (
    <>
      <h1>{page.title}</h1>
      <ul className="blog-author-cards">
        {page.authors.map((a) => (
          <li key={a.name} className="blog-author-card">
            <AuthorAvatar author={a} size={56} />
            <div>
              <AuthorName author={a} />
              {a.title && <p className="blog-author-title">{a.title}</p>}
              <p className="blog-author-count">{a.count}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}

/** /blog/archive: every listed post, grouped by year. */
export function BlogArchive({ page }: { page: Of<'blog-archive'> }) {
  return (
    <>
      <h1>{page.title}</h1>
      <p className="lead">{page.description}</p>
      {page.years.map((y) => (
        <section key={y.year} className="blog-archive-year">
          <h2>{y.year}</h2>
          <ul>
            {y.posts.map((p) => (
              <li key={p.href}>
                <time dateTime={p.date}>{p.dateLabel}</time>
                {' – '}
                <a href={p.href}>{p.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  )
}
