import type { PagerLink, PageProps } from '../../src/types.js'

type Strings = PageProps['strings']

export function Pager({
  prev,
  next,
  strings,
}: {
  prev: PagerLink | undefined
  next: PagerLink | undefined
  strings: Strings
}) {
  if (!prev && !next) return null
  return (
    <nav className="pager" data-pagefind-ignore="" aria-label={strings['paginator.docsNavLabel']}>
      {prev ? (
        <a className="pager-link pager-prev" href={prev.href} rel="prev">
          <span className="pager-sub">{strings.previous}</span>
          <span className="pager-label">{`« ${prev.label}`}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="pager-link pager-next" href={next.href} rel="next">
          <span className="pager-sub">{strings.next}</span>
          <span className="pager-label">{`${next.label} »`}</span>
        </a>
      )}
    </nav>
  )
}

export function Breadcrumbs({ items, strings }: { items: readonly PagerLink[]; strings: Strings }) {
  if (items.length < 2) return null
  return (
    <nav className="breadcrumbs" data-pagefind-ignore="" aria-label={strings.breadcrumbs}>
      <ol>
        {items.map((item, i) => (
          <li key={i}>
            {item.href && i < items.length - 1 ? (
              <a href={item.href}>{item.label}</a>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
