import { Fragment, type ReactNode } from 'react'
import type { LastUpdateView, PageProps } from '../../src/types.js'

type Strings = PageProps['strings']

/**
 * "Last updated on DATE by AUTHOR", in the words of the page's language: the sentence's parts
 * are the strings Docusaurus's code.json translates (`lastUpdated.atDate` and `.byUser` fill
 * `.lastUpdatedAtBy`), so a site's own translation of them applies. Date and author are bold; the whole is
 * small italics, in the footer's row beside the edit link (no stylesheet rule of its own: a site
 * without the option keeps the same stylesheet).
 */
export function LastUpdated({ update, strings }: { update: LastUpdateView; strings: Strings }) {
  const { date, author } = update
  const parts = {
    atDate: date
      ? fill(strings['lastUpdated.atDate'], 'date', () => (
          <b>
            <time dateTime={date.iso}>{date.text}</time>
          </b>
        ))
      : null,
    byUser: author ? fill(strings['lastUpdated.byUser'], 'user', () => <b>{author}</b>) : null,
  }
  return (
    <small className="last-updated">
      <i>
        {strings['lastUpdated.lastUpdatedAtBy']
          .split(/(\{atDate\}|\{byUser\})/)
          .map((piece, i) =>
            piece === '{atDate}' ? (
              <Fragment key={i}>{parts.atDate}</Fragment>
            ) : piece === '{byUser}' ? (
              <Fragment key={i}>{parts.byUser}</Fragment>
            ) : (
              piece
            ),
          )}
      </i>
    </small>
  )
}

/** A template with one `{name}` placeholder, the element in its place. */
function fill(template: string, name: string, element: () => ReactNode) {
  const [before = '', after = ''] = template.split(`{${name}}`)
  return (
    <>
      {before}
      {element()}
      {after}
    </>
  )
}
