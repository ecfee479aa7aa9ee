import type { ApiMedia, ApiParameter, PageProps, PageView } from '../../../src/types.js'
import { translate, type Strings } from '../../i18n/format.js'
import { Island } from '../../Island.js'
import { Pager } from '../Pager.js'
import { Toc } from '../Toc.js'
import { MethodBadge } from './MethodBadge.js'
import { SchemaBadges, SchemaDetails, SchemaTree } from './SchemaTree.js'
import { Tabs } from './Tabs.js'
import { CodeBlock } from './CodeBlock.js'

type Page = Extract<PageView, { kind: 'api-operation' }>
const IN_ORDER: ApiParameter['in'][] = ['path', 'query', 'header', 'cookie']

/** One operation: endpoint, description, auth, parameters, body, responses, samples, explorer. */
export function OperationPage({ page, strings }: { page: Page; strings: PageProps['strings'] }) {
  const op = page.operation
  const t = (k: string, v?: Record<string, string | number>) => translate(strings, k, v)
  return (
    <div className="doc-layout">
      <article className={`doc api-operation${op.deprecated ? ' is-deprecated' : ''}`}>
        <header>
          <h1>{page.title}</h1>
          <div className="endpoint">
            <MethodBadge method={op.method} />
            <code className="endpoint-path">{op.path}</code>
            {op.deprecated && <span className="badge badge-deprecated">{t('api.deprecated')}</span>}
          </div>
          <ul className="endpoint-servers" aria-label={t('api.servers')}>
            {op.servers.map((s) => (
              <li key={s.url}>
                <code>{s.url + op.path}</code>
                {s.description && <span> · {s.description}</span>}
              </li>
            ))}
          </ul>
        </header>
        <div className="markdown" dangerouslySetInnerHTML={{ __html: op.descriptionHtml }} />
        <Island name="ApiExplorer" props={{ ...page.explorer, labels: explorerLabels(strings) }} />
        {op.security.length > 0 && (
          <section>
            <h2 id="authorization">{t('api.authorization')}</h2>
            <p>{t('api.authorizationIntro')}</p>
            <ul>
              {op.security.map((alt) => (
                <li key={alt.join('+')}>
                  {alt.map((key, i) => {
                    const s = page.schemes.find((x) => x.key === key)
                    return (
                      <span key={key}>
                        {i > 0 && ' + '}
                        <a href={`${page.authHref}#scheme-${key}`}>
                          <code>{key}</code>
                        </a>
                        {s && ` (${s.type}${s.in ? `, ${s.in}` : ''}${s.name ? ` ${s.name}` : ''}${s.scheme ? ` ${s.scheme}` : ''})`}
                      </span>
                    )
                  })}
                </li>
              ))}
            </ul>
          </section>
        )}
        {op.parameters.length > 0 && (
          <section>
            <h2 id="parameters">{t('api.parameters')}</h2>
            {IN_ORDER.filter((where) => op.parameters.some((p) => p.in === where)).map((where) => (
              <ParamTable key={where} title={t(`api.in.${where}`)} params={op.parameters.filter((p) => p.in === where)} strings={strings} />
            ))}
          </section>
        )}
        {op.requestBody && (
          <section>
            <h2 id="request-body">
              {t('api.requestBody')} {op.requestBody.required && <span className="badge badge-required">{t('api.required')}</span>}
            </h2>
            {op.requestBody.descriptionHtml && <div className="markdown" dangerouslySetInnerHTML={{ __html: op.requestBody.descriptionHtml }} />}
            {op.requestBody.content.map((m) => (
              <Media key={m.mediaType} media={m} anchor="request-body" strings={strings} />
            ))}
          </section>
        )}
        <section>
          <h2 id="responses">{t('api.responses')}</h2>
          <Tabs
            group={`${op.slug}-responses`}
            label={t('api.responses')}
            items={op.responses.map((r) => ({
              id: `${op.slug}-response-${r.status}`,
              label: <span className={`status status-${r.status[0]}`}>{r.status}</span>,
              content: (
                <div id={`response-${r.status}`}>
                  <div className="markdown" dangerouslySetInnerHTML={{ __html: r.descriptionHtml }} />
                  {r.headers.length > 0 && (
                    <table className="param-table">
                      <caption>{t('api.headers')}</caption>
                      <tbody>
                        {r.headers.map((h) => (
                          <tr key={h.name}>
                            <td>
                              <code>{h.name}</code> <SchemaBadges node={h.schema} strings={strings} />
                            </td>
                            <td dangerouslySetInnerHTML={{ __html: h.descriptionHtml }} />
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                  {r.content.length === 0 && <p className="muted">{t('api.noBody')}</p>}
                  {r.content.map((m) => (
                    <Media key={m.mediaType} media={m} anchor={`response-${r.status}`} strings={strings} />
                  ))}
                </div>
              ),
            }))}
          />
        </section>
        <section>
          <h2 id="code-samples">{t('api.codeSamples')}</h2>
          <Tabs group="code-lang" persist label={t('api.codeSamples')} items={op.samples.map((s) => ({ id: `${op.slug}-sample-${s.id}`, key: s.id, label: s.label, content: <CodeBlock html={s.html} lang={s.id} copyLabel={strings.copy!} /> }))} />
        </section>
        <Pager prev={page.prev} next={page.next} strings={strings} />
      </article>
      <Toc items={page.toc} title={strings.onThisPage!} />
    </div>
  )
}

function ParamTable({ title, params, strings }: { title: string; params: readonly ApiParameter[]; strings: Strings }) {
  return (
    <div className="table-wrap">
      <table className="param-table">
        <caption>{title}</caption>
        <tbody>
          {params.map((p) => {
            const id = `parameter-${p.in}-${p.name}`
            return (
              <tr key={p.name} id={id} className={p.deprecated ? 'is-deprecated' : undefined}>
                <td className="param-name">
                  <code>{p.name}</code>
                  <a className="hash-link" href={`#${id}`} aria-label={translate(strings, 'directLink', { heading: p.name })} title={translate(strings, 'directLink', { heading: p.name })}>
                    #
                  </a>
                  <div>
                    <SchemaBadges node={{ ...p.schema, deprecated: p.deprecated || p.schema.deprecated }} required={p.required} strings={strings} />
                  </div>
                </td>
                <td>
                  {p.descriptionHtml && <div className="schema-desc" dangerouslySetInnerHTML={{ __html: p.descriptionHtml }} />}
                  <SchemaDetails node={{ ...p.schema, descriptionHtml: undefined }} example={p.example} strings={strings} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

function Media({ media, anchor, strings }: { media: ApiMedia; anchor: string; strings: Strings }) {
  const t = (k: string) => translate(strings, k)
  return (
    <div className="media">
      <p className="media-type">
        <code>{media.mediaType}</code> · <SchemaBadges node={media.schema} strings={strings} />
      </p>
      {media.schema.descriptionHtml && <div className="schema-desc" dangerouslySetInnerHTML={{ __html: media.schema.descriptionHtml }} />}
      <SchemaTree node={media.schema} anchor={anchor} strings={strings} />
      {media.examples.length > 0 && (
        <div className="examples">
          <p className="examples-title">{media.examples[0]!.generated ? t('api.generatedExample') : t('api.examples')}</p>
          {media.examples.map((ex) => (
            <div key={ex.name}>
              {media.examples.length > 1 && <p className="example-name">{ex.summary ?? ex.name}</p>}
              <CodeBlock html={ex.html} lang="json" copyLabel={strings.copy!} title={media.examples.length === 1 ? ex.summary : undefined} />
            </div>
          ))}
        </div>
      )}
    </div>
  )
}

function explorerLabels(strings: Strings) {
  const keys = ['send', 'sending', 'close', 'server', 'credentials', 'parameters', 'body', 'response', 'status', 'time', 'headers', 'corsError', 'invalidJson', 'curlFor'] as const
  return Object.fromEntries(keys.map((k) => [k, translate(strings, `api.${k}`)])) as Record<(typeof keys)[number], string>
}
