import type { PagerLink, PageProps } from '../../src/types.js'

/** 'Tags:' and a pill per tag, under a doc or a blog post. */
export function TagsRow({ tags, strings }: { tags: readonly PagerLink[]; strings: PageProps['strings'] }) {
  if (tags.length === 0) return null
  return (
    <div className="tags-row">
      <b>{strings['tags.label']}</b>
      <ul className="tag-list">
        {tags.map((tag) => (
          <li key={tag.href}>
            <a className="tag" href={tag.href}>
              {tag.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
