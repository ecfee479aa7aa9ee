/** A highlighted block with a copy button: the same markup as markdown fences, so one handler serves both. */
export function CodeBlock({
  html,
  lang,
  copyLabel,
  title,
}: {
  html: string
  lang: string
  copyLabel: string
  title?: string
}) {
  return (
    <div className="code-block" data-lang={lang}>
      {title && <div className="code-title">{title}</div>}
      <div className="code-wrap">
        <div dangerouslySetInnerHTML={{ __html: html }} style={{ display: 'contents' }} />
        <button type="button" className="copy-button" aria-label={copyLabel} title={copyLabel} />
      </div>
    </div>
  )
}
