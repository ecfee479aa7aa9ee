import type { PageProps, PageView } from '../../src/types.js'
import { Breadcrumbs, Pager } from './Pager.js'

type Page = Extract<PageView, { kind: 'category-index' }>

/** A generated category index: title, description and a card per item. */
export function CategoryIndexPage({ page, strings }: { page: Page; strings: PageProps['strings'] }) {
  return (
    <article className="doc category-index">
      <Breadcrumbs items={page.breadcrumbs} strings={strings} />
      <header>
        <h1>{page.title}</h1>
        {page.description && <p className="lead">{page.description}</p>}
      </header>
      <ul className="cards">
        {page.cards.map((card) => (
          <li key={card.href}>
            <a className="card" href={card.href}>
              <h2 className="card-title">
                {card.count !== undefined ? '🗃️ ' : '📄️ '}
                {card.label}
              </h2>
              {card.description && <p className="card-description">{card.description}</p>}
            </a>
          </li>
        ))}
      </ul>
      <Pager prev={page.prev} next={page.next} strings={strings} />
    </article>
  )
}
