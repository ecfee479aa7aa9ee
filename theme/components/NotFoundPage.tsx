import type { PageProps } from '../../src/types.js'

/** The spec's 'Page Not Found' screen, also served for any unknown path (404.html). */
export function NotFoundPage({ strings }: { strings: PageProps['strings'] }) {
  return (
    <article className="doc not-found">
      <h1>{strings['notFound.title']}</h1>
      <p>{strings['notFound.p1']}</p>
      <p>{strings['notFound.p2']}</p>
    </article>
  )
}
