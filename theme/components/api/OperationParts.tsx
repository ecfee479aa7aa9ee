// The parts of an operation page: parameter tables, media types with their schema and examples,
// responses.
import type { ReactNode } from 'react'
import type { ApiLink, ApiMedia, ApiParameter, ApiResponse } from '../../../src/types.js'
import { translate } from '../../../shared/strings.js'
import type { StringKey, Strings } from '../../i18n/format.js'
import { SchemaBadges, SchemaDetails, SchemaTree, show } from './SchemaTree.js'
import { Tabs } from './Tabs.js'
import { CodeBlock } from './CodeBlock.js'

export const mediaAnchor = (base: string, mediaType: string, index: number) =>
  index === 0
    ? base
    : `${base}-${mediaType
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}`

export function Responses({
  responses,
  idBase,
  anchorBase,
  strings,
  schemaBase,
  linkTargets = {},
}: {
  responses: readonly ApiResponse[]
  idBase: string
  anchorBase: string
  strings: Strings
  schemaBase: string
  linkTargets?: Readonly<Record<string, { href: string; title: string }>>
}) {
  const t = (k: StringKey) => translate(strings, k)
  return (
    <Tabs
      group={idBase}
      label={t('api.responses')}
      items={responses.map((r) => ({
        id: `${idBase}-${r.status}`,
        label: <span className={`status status-${r.status[0]}`}>{r.status}</span>,
        content: (
          <div id={`${anchorBase}-${r.status}`}>
            <div className="markdown" dangerouslySetInnerHTML={{ __html: r.descriptionHtml }} />
            {r.headers.length > 0 && (
              <CaptionedTable caption={t('api.headers')}>
                {r.headers.map((h) => (
                  <tr key={h.name}>
                    <td>
                      <code>{h.name}</code> <SchemaBadges node={h.schema} strings={strings} />
                    </td>
                    <td dangerouslySetInnerHTML={{ __html: h.descriptionHtml }} />
                  </tr>
                ))}
              </CaptionedTable>
            )}
            {r.links.length > 0 && (
              <CaptionedTable caption={t('api.links')}>
                {r.links.map((l) => (
                  <LinkRow
                    key={l.name}
                    link={l}
                    target={linkTargets[l.operationId ?? l.operationRef ?? '']}
                  />
                ))}
              </CaptionedTable>
            )}
            {r.content.length === 0 && <p className="muted">{t('api.noBody')}</p>}
            <MediaList
              content={r.content}
              anchorBase={`${anchorBase}-${r.status}`}
              strings={strings}
              schemaBase={schemaBase}
            />
          </div>
        ),
      }))}
    />
  )
}

/** A response link: its name → the operation it leads to, and where that one's parameters come from. */
function LinkRow({ link, target }: { link: ApiLink; target: { href: string; title: string } | undefined }) {
  const to = link.operationId ?? link.operationRef
  return (
    <tr>
      <td className="param-name">
        <code>{link.name}</code>
        {to && (
          <>
            {' → '}
            {target ? <a href={target.href}>{target.title}</a> : <code>{to}</code>}
          </>
        )}
      </td>
      <td>
        <div dangerouslySetInnerHTML={{ __html: link.descriptionHtml }} />
        {(link.parameters.length > 0 || link.requestBody !== undefined) && (
          <ul className="link-values">
            {link.parameters.map((p) => (
              <li key={p.name}>
                <code>{p.name}</code> = <code>{p.value}</code>
              </li>
            ))}
            {link.requestBody !== undefined && (
              <li>
                <code>requestBody</code> = <code>{link.requestBody}</code>
              </li>
            )}
          </ul>
        )}
      </td>
    </tr>
  )
}

/**
 * The API pages' tables of named things (parameters, response headers, OAuth2 scopes): a row each,
 * named by the caption, scrolling sideways in its wrapper on a narrow screen.
 */
export function CaptionedTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="param-table">
        <caption>{caption}</caption>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

export function ParamTable({
  title,
  params,
  strings,
  schemaBase,
}: {
  title: string
  params: readonly ApiParameter[]
  strings: Strings
  schemaBase: string
}) {
  return (
    <CaptionedTable caption={title}>
      {params.map((p) => {
        const id = `parameter-${p.in}-${p.name}`
        return (
          <tr key={p.name} id={id} className={p.deprecated ? 'is-deprecated' : undefined}>
            <td className="param-name">
              <code>{p.name}</code>
              <a
                className="hash-link"
                data-pagefind-ignore=""
                href={`#${id}`}
                aria-label={translate(strings, 'directLink', { heading: p.name })}
                title={translate(strings, 'directLink', { heading: p.name })}
              >
                #
              </a>
              <div>
                <SchemaBadges
                  node={{ ...p.schema, deprecated: p.deprecated || p.schema.deprecated }}
                  required={p.required}
                  strings={strings}
                />
              </div>
            </td>
            <td>
              {p.descriptionHtml && (
                <div className="schema-desc" dangerouslySetInnerHTML={{ __html: p.descriptionHtml }} />
              )}
              <SchemaDetails
                node={{ ...p.schema, descriptionHtml: undefined }}
                example={p.examples ? undefined : p.example}
                strings={strings}
              />
              {p.examples && (
                <ul className="schema-meta">
                  <li>
                    {translate(strings, 'api.examples')}:
                    <ul>
                      {p.examples.map((e) => (
                        <li key={e.name}>
                          <code>{show(e.value)}</code>
                          {e.summary ? ` ${e.summary}` : ''}
                        </li>
                      ))}
                    </ul>
                  </li>
                </ul>
              )}
              {(p.schema.properties ||
                p.schema.oneOf ||
                p.schema.anyOf ||
                p.schema.ref ||
                p.schema.items?.properties) && (
                <SchemaTree node={p.schema} anchor={id} strings={strings} schemaBase={schemaBase} />
              )}
            </td>
          </tr>
        )
      })}
    </CaptionedTable>
  )
}

/**
 * Each media type of a body with its schema tree. A media type whose schema is the one an earlier
 * media type showed (JSON, YAML and protobuf of one resource) says so instead of repeating the
 * tree: a page stays bounded however many media types an API offers.
 */
export function MediaList({
  content,
  anchorBase,
  strings,
  schemaBase,
}: {
  content: readonly ApiMedia[]
  anchorBase: string
  strings: Strings
  schemaBase: string
}) {
  return (
    <>
      {content.map((m, i) => {
        const first = content.findIndex((x) => x.schema === m.schema)
        return (
          <Media
            key={m.mediaType}
            media={m}
            anchor={mediaAnchor(anchorBase, m.mediaType, i)}
            strings={strings}
            schemaBase={schemaBase}
            sameAs={
              first < i
                ? { mediaType: content[first]!.mediaType, href: first === 0 ? `#${anchorBase}` : undefined }
                : undefined
            }
          />
        )
      })}
    </>
  )
}

export function Media({
  media,
  anchor,
  strings,
  schemaBase,
  sameAs,
}: {
  media: ApiMedia
  anchor: string
  strings: Strings
  schemaBase: string
  sameAs?: { mediaType: string; href: string | undefined }
}) {
  if (sameAs) {
    const [before, after] = translate(strings, 'api.sameSchema').split('{mediaType}')
    const name = <code>{sameAs.mediaType}</code>
    return (
      <div className="media">
        <p className="media-type">
          <code>{media.mediaType}</code>
          {' · '}
          {before}
          {sameAs.href ? <a href={sameAs.href}>{name}</a> : name}
          {after}
        </p>
      </div>
    )
  }
  return (
    <div className="media">
      <p className="media-type">
        <code>{media.mediaType}</code>
        {' · '}
        <SchemaBadges node={media.schema} strings={strings} schemaBase={schemaBase} />
      </p>
      {media.schema.descriptionHtml && (
        <div className="schema-desc" dangerouslySetInnerHTML={{ __html: media.schema.descriptionHtml }} />
      )}
      <SchemaTree node={media.schema} anchor={anchor} strings={strings} schemaBase={schemaBase} />
    </div>
  )
}

/** The examples of one media type: the spec's own, or one generated from the schema (said so). */
export function Examples({
  media,
  strings,
  withType,
}: {
  media: ApiMedia
  strings: Strings
  withType?: boolean
}) {
  const t = (k: StringKey, v?: Record<string, string>) => translate(strings, k, v)
  if (!media.examples.length) return null
  const lang = /json/i.test(media.mediaType) ? 'json' : /xml/i.test(media.mediaType) ? 'xml' : 'text'
  return (
    <div className="examples">
      <p className="examples-title">
        {media.examples[0]!.generated ? t('api.generatedExample') : t('api.examples')}
        {withType && (
          <>
            {' · '}
            <code>{media.mediaType}</code>
          </>
        )}
      </p>
      {media.examples.map((ex) => (
        <div key={ex.name}>
          {media.examples.length > 1 && <p className="example-name">{ex.summary ?? ex.name}</p>}
          {ex.descriptionHtml && (
            <div
              className="markdown example-description"
              dangerouslySetInnerHTML={{ __html: ex.descriptionHtml }}
            />
          )}
          {ex.externalValue ? (
            <p className="muted">{t('api.externalExample', { url: ex.externalValue })}</p>
          ) : (
            <CodeBlock
              html={ex.html}
              lang={lang}
              copyLabel={strings.copy!}
              title={media.examples.length === 1 ? ex.summary : undefined}
            />
          )}
        </div>
      ))}
    </div>
  )
}
