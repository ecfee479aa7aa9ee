import type { PageProps, PageView } from '../../src/types.js'
import { plural } from '../../shared/strings.js'

type Strings = PageProps['strings']

export function TagsPage({
  page,
  strings,
  locale,
}: {
  page: Extract<PageView, { kind: 'tags' }>
  strings: Strings
  locale: string
}) {
  return (
    <article className="doc">
      <h1>{page.title}</h1>
      <ul className="tag-list tag-list-all">
        {page.tags.map((tag) => (
          <li key={tag.href}>
            <a className="tag" href={tag.href} title={plural(strings, 'docs', tag.count, locale)}>
              {tag.label} <span className="tag-count">{tag.count}</span>
            </a>
          </li>
        ))}
      </ul>
    </article>
  )
}

export function TagPage({ page, strings }: { page: Extract<PageView, { kind: 'tag' }>; strings: Strings }) {
  return (
    <article className="doc">
      <header>
        <h1>{page.title}</h1>
        {page.description && <p className="tag-description">{page.description}</p>}
        <a href={page.allTagsHref}>{strings['tags.viewAll']}</a>
      </header>
      <ul className="tag-docs">
        {page.docs.map((d) => (
          <li key={d.href}>
            <a href={d.href}>
              <h2>{d.title}</h2>
            </a>
            {d.description && <p>{d.description}</p>}
          </li>
        ))}
      </ul>
    </article>
  )
}
