import type { ReactNode } from 'react'
import type { ApiParameter, PageProps, PageView } from '../../../src/types.js'
import { translate } from '../../../shared/strings.js'
import type { StringKey, Strings } from '../../i18n/format.js'
import { Island } from '../../Island.js'
import { Pager } from '../Pager.js'
import { Toc } from '../Toc.js'
import { MethodBadge } from './MethodBadge.js'
import { Tabs } from './Tabs.js'
import { CodeBlock } from './CodeBlock.js'
import { PageTitle } from '../PageTitle.js'
import { Examples, Media, MediaList, ParamTable, Responses, mediaAnchor } from './OperationParts.js'

type Page = Extract<PageView, { kind: 'api-operation' }>
const IN_ORDER: ApiParameter['in'][] = ['path', 'query', 'header', 'cookie']

/**
 * One operation: endpoint, description, auth, parameters, body, responses and callbacks on the
 * left; code samples and examples on the right (two columns on wide screens, sticky aside).
 */
export function OperationPage({ page, strings }: { page: Page; strings: PageProps['strings'] }) {
  const op = page.operation
  const t = (k: StringKey, v?: Record<string, string | number>) => translate(strings, k, v)
  const webhook = op.kind === 'webhook'
  return (
    <div className="doc-layout api-op-layout">
      <article className={`doc api-operation${op.deprecated ? ' is-deprecated' : ''}`}>
        <EndpointHeader page={page} strings={strings} t={t} />
        <div className="api-columns">
          <div className="api-main">
            <div className="markdown" dangerouslySetInnerHTML={{ __html: op.descriptionHtml }} />
            {!webhook && (
              <Island name="ApiExplorer" props={{ ...page.explorer, labels: explorerLabels(strings) }} />
            )}
            <Authorization page={page} t={t} />
            {op.parameters.length > 0 && (
              <section>
                <h2 id="parameters">{t('api.parameters')}</h2>
                {IN_ORDER.filter((where) => op.parameters.some((p) => p.in === where)).map((where) => (
                  <ParamTable
                    key={where}
                    title={t(`api.in.${where}`)}
                    params={op.parameters.filter((p) => p.in === where)}
                    strings={strings}
                    schemaBase={page.schemaBase}
                  />
                ))}
              </section>
            )}
            <RequestBody page={page} strings={strings} t={t} />
            <section>
              <h2 id="responses">{t('api.responses')}</h2>
              <Responses
                responses={op.responses}
                idBase={`${op.slug}-response`}
                anchorBase="response"
                strings={strings}
                schemaBase={page.schemaBase}
                linkTargets={page.linkTargets}
              />
            </section>
            <Callbacks page={page} strings={strings} t={t} />
          </div>
          <Aside page={page} strings={strings} t={t} />
        </div>
        <Pager prev={page.prev} next={page.next} strings={strings} />
      </article>
      <Toc items={page.toc} title={strings.onThisPage!} />
    </div>
  )
}

type Section = {
  page: Page
  strings: PageProps['strings']
  t: (k: StringKey, v?: Record<string, string | number>) => string
}

/** The title, method and path, and the servers it is sent to (a webhook has none). */
function EndpointHeader({ page, strings, t }: Section) {
  const op = page.operation
  const webhook = op.kind === 'webhook'
  return (
    <header>
      <PageTitle title={page.title} markdownHref={page.markdownHref} strings={strings} />
      <div className="endpoint">
        <MethodBadge method={op.method} />
        {webhook && <span className="badge badge-webhook">{t('api.webhook')}</span>}
        <code className="endpoint-path">{op.path}</code>
        {op.deprecated && <span className="badge badge-deprecated">{t('api.deprecated')}</span>}
      </div>
      {webhook ? (
        <p className="muted">{t('api.webhookIntro')}</p>
      ) : (
        <ul className="endpoint-servers" aria-label={t('api.servers')}>
          {op.servers.map((s) => (
            <li key={s.url}>
              <code>{s.url.replace(/\/+$/, '') + op.path}</code>
              {s.description && <span> · {s.description}</span>}
              {s.variables.length > 0 && (
                <span>
                  {' · '}
                  {s.variables
                    .map((v) => `{${v.name}} = ${v.default}${v.enum ? ` (${v.enum.join(', ')})` : ''}`)
                    .join('; ')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {page.placeholderServer && !webhook && (
        <p className="muted">{t('api.noServer', { origin: op.servers[0]?.url ?? '' })}</p>
      )}
    </header>
  )
}

/** The security requirements: alternatives, each an AND of schemes with their scopes. */
function Authorization({ page, t }: Pick<Section, 'page' | 't'>) {
  const op = page.operation
  return (
    <>
      {op.security.length > 0 && (
        <section>
          <h2 id="authorization">{t('api.authorization')}</h2>
          <p>{t('api.authorizationIntro')}</p>
          <ul>
            {op.security.map((alt, n) => (
              <li key={n}>
                {alt.length === 0
                  ? t('api.noAuth')
                  : alt.map((req, i) => {
                      const s = page.schemes.find((x) => x.key === req.key)
                      return (
                        <span key={req.key}>
                          {i > 0 && ' + '}
                          {s ? (
                            <a href={`${page.authHref}#scheme-${req.key}`}>
                              <code>{req.key}</code>
                            </a>
                          ) : (
                            // Not declared (warned at build): no details to link to.
                            <code>{req.key}</code>
                          )}
                          {s &&
                            ` (${s.type}${s.in ? `, ${s.in}` : ''}${s.name ? ` ${s.name}` : ''}${s.scheme ? ` ${s.scheme}` : ''})`}
                          {req.scopes.length > 0 && (
                            <>
                              {` ${t('api.scopes')}: `}
                              {req.scopes
                                .map((sc) => <code key={sc}>{sc}</code>)
                                .reduce<ReactNode[]>(
                                  (acc, el) => (acc.length ? [...acc, ', ', el] : [el]),
                                  [],
                                )}
                            </>
                          )}
                        </span>
                      )
                    })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

/** The request body: its description and each media type with its schema. */
function RequestBody({ page, strings, t }: Section) {
  const op = page.operation
  return (
    <>
      {op.requestBody && (
        <section>
          <h2 id="request-body">
            {t('api.requestBody')}{' '}
            {op.requestBody.required && <span className="badge badge-required">{t('api.required')}</span>}
          </h2>
          {op.requestBody.descriptionHtml && (
            <div className="markdown" dangerouslySetInnerHTML={{ __html: op.requestBody.descriptionHtml }} />
          )}
          <MediaList
            content={op.requestBody.content}
            anchorBase="request-body"
            strings={strings}
            schemaBase={page.schemaBase}
          />
        </section>
      )}
    </>
  )
}

/** Requests the API sends back: expression, request body and responses of each. */
function Callbacks({ page, strings, t }: Section) {
  const op = page.operation
  return (
    <>
      {op.callbacks.length > 0 && (
        <section>
          <h2 id="callbacks">{t('api.callbacks')}</h2>
          <p>{t('api.callbacksIntro')}</p>
          {op.callbacks.map((cb, i) => {
            const anchor = `callback-${i}`
            return (
              <div key={anchor} className="callback" id={anchor}>
                <h3>
                  {cb.name}: <MethodBadge method={cb.method} small />{' '}
                  <code className="endpoint-path">{cb.expression}</code>
                </h3>
                {cb.summary && <p>{cb.summary}</p>}
                <div className="markdown" dangerouslySetInnerHTML={{ __html: cb.descriptionHtml }} />
                {cb.requestBody?.content.map((m, j) => (
                  <div key={m.mediaType}>
                    <Media
                      media={m}
                      anchor={mediaAnchor(`${anchor}-request-body`, m.mediaType, j)}
                      strings={strings}
                      schemaBase={page.schemaBase}
                    />
                    <Examples media={m} strings={strings} />
                  </div>
                ))}
                {cb.responses.length > 0 && (
                  <Responses
                    responses={cb.responses}
                    idBase={`${op.slug}-${anchor}-response`}
                    anchorBase={`${anchor}-response`}
                    strings={strings}
                    schemaBase={page.schemaBase}
                  />
                )}
              </div>
            )
          })}
        </section>
      )}
    </>
  )
}

/** The right column: code samples, then request and response examples. */
function Aside({ page, strings, t }: Section) {
  const op = page.operation
  const responseExamples = op.responses.flatMap((r) =>
    r.content
      .filter((m) => m.examples.length)
      .map((m, i) => ({ r, m, id: `${op.slug}-example-${r.status}${i ? `-${i}` : ''}` })),
  )
  return (
    <aside className="api-aside" aria-label={t('api.codeSamples')}>
      {op.samples.length > 0 && (
        <section>
          <h2 id="code-samples">{t('api.codeSamples')}</h2>
          <Tabs
            group="code-lang"
            persist
            label={t('api.codeSamples')}
            items={op.samples.map((s) => ({
              id: `${op.slug}-sample-${s.id}`,
              key: s.id,
              label: s.label,
              content: <CodeBlock html={s.html} lang={s.id} copyLabel={strings.copy!} />,
            }))}
          />
        </section>
      )}
      {op.requestBody?.content.some((m) => m.examples.length) && (
        <section>
          <h2 id="request-example" className="aside-title">
            {t('api.requestBody')}
          </h2>
          {op.requestBody.content.map((m) => (
            <Examples
              key={m.mediaType}
              media={m}
              strings={strings}
              withType={op.requestBody!.content.length > 1}
            />
          ))}
        </section>
      )}
      {responseExamples.length > 0 && (
        <section>
          <h2 id="response-examples" className="aside-title">
            {t('api.responses')}
          </h2>
          <Tabs
            group={`${op.slug}-response-examples`}
            label={t('api.responses')}
            items={responseExamples.map(({ r, m, id }) => ({
              id,
              label: <span className={`status status-${r.status[0]}`}>{r.status}</span>,
              content: <Examples media={m} strings={strings} withType />,
            }))}
          />
        </section>
      )}
    </aside>
  )
}

/** `request-body`, then `request-body-application-xml` for a second media type: ids stay unique. */
function explorerLabels(strings: Strings) {
  const keys = [
    'send',
    'sending',
    'close',
    'server',
    'credentials',
    'parameters',
    'body',
    'response',
    'status',
    'time',
    'headers',
    'corsError',
    'invalidJson',
    'curlFor',
    'baseUrl',
    'baseUrlHint',
    'mock',
    'mockNote',
    'secret',
    'username',
    'password',
    'token',
    'file',
    'mediaType',
    'required',
    'cookieNote',
    'invalidUrl',
    'invalidParam',
    'insecure',
    'noMock',
  ] as const
  return Object.fromEntries(keys.map((k) => [k, translate(strings, `api.${k}`)])) as Record<
    (typeof keys)[number],
    string
  >
}
