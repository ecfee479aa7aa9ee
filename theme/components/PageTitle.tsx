import type { PageProps } from '../../src/types.js'

/**
 * A page's h1 and, when the page has a Markdown twin, the "Copy page as Markdown" button beside
 * it (the client fetches the twin and copies it; the status line announces the result).
 */
export function PageTitle({
  title,
  markdownHref,
  strings,
  className,
}: {
  title: string
  markdownHref: string | undefined
  strings: PageProps['strings']
  className?: string
}) {
  if (!markdownHref) return <h1 className={className}>{title}</h1>
  return (
    <div className="page-title">
      <h1 className={className}>{title}</h1>
      <button
        type="button"
        className="copy-page"
        data-copy-page={markdownHref}
        data-copied={strings.copied}
        data-failed={strings['copyPage.failed']}
      >
        {strings['copyPage.label']}
      </button>
      <span className="sr-only" role="status" aria-live="polite" data-copy-page-status="" />
    </div>
  )
}
