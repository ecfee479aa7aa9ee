import type { ApiChange, ApiOperationLink, ApiTagView, PageProps, PageView } from '../../../src/types.js'
import { plural, translate } from '../../../shared/strings.js'
import type { StringKey, Strings } from '../../i18n/format.js'
import { Pager } from '../Pager.js'
import { Toc } from '../Toc.js'
import { MethodBadge } from './MethodBadge.js'
import { CaptionedTable } from './OperationParts.js'

type View<K extends string> = Extract<PageView, { kind: K }>
type Props<K extends string> = { page: View<K>; strings: PageProps['strings']; locale: string }

function OperationList({ operations }: { operations: readonly ApiOperationLink[] }) {
  return (
    <ul className="op-list">
      {operations.map((op) => (
        <li key={op.operationId}>
          <a href={op.href} className={op.deprecated ? 'is-deprecated' : undefined}>
            <MethodBadge method={op.method} small />
            <span className="op-summary">{op.summary}</span>
            <code className="op-path">{op.path}</code>
          </a>
        </li>
      ))}
    </ul>
  )
}

function TagCards({
  tags,
  strings,
  locale,
}: {
  tags: readonly ApiTagView[]
  strings: Strings
  locale: string
}) {
  return (
    <ul className="cards api-cards">
      {tags.map((tag) => (
        <li key={tag.name}>
          <div className="card">
            <h2 className="card-title">
              <a href={tag.href}>{tag.name}</a>{' '}
              <span className="muted">
                {plural(strings, 'api.operations', tag.operations.length, locale)}
              </span>
            </h2>
            <OperationList operations={tag.operations} />
          </div>
        </li>
      ))}
    </ul>
  )
}

export function ApiIndexPage({ page, strings, locale }: Props<'api-index'>) {
  return (
    <article className="doc api-page">
      <h1>{page.title}</h1>
      <p className="lead">
        <a href={page.infoHref}>{page.spec.title}</a> · {translate(strings, 'api.version')}{' '}
        {page.spec.version}
      </p>
      {page.spec.summary && <p>{page.spec.summary}</p>}
      {page.changesLink && (
        <p>
          <a href={page.changesLink.href}>{page.changesLink.label}</a>
        </p>
      )}
      <TagCards tags={page.tags} strings={strings} locale={locale} />
    </article>
  )
}

type Tr = (k: StringKey, v?: Record<string, string | number>) => string
type InfoSpec = Props<'api-info'>['page']['spec']

/** Every security scheme in a table, then OAuth2 flows (URLs, scopes) and OpenID Connect URLs. */
function SecuritySchemes({ spec, t }: { spec: InfoSpec; t: Tr }) {
  return (
    <>
      <h2 id="security-schemes">{t('api.authentication')}</h2>
      <div className="table-wrap">
        <table className="param-table">
          <thead>
            <tr>
              <th>{t('api.scheme.name')}</th>
              <th>{t('api.scheme.type')}</th>
              <th>{t('api.scheme.in')}</th>
              <th>{t('api.scheme.scheme')}</th>
            </tr>
          </thead>
          <tbody>
            {spec.securitySchemes.map((s) => (
              <tr key={s.key} id={`scheme-${s.key}`}>
                <td>
                  <code>{s.key}</code>
                  <div className="schema-desc" dangerouslySetInnerHTML={{ __html: s.descriptionHtml }} />
                </td>
                <td>{s.type}</td>
                <td>{s.in ? `${s.in}: ${s.name}` : '—'}</td>
                <td>{s.scheme ? `${s.scheme}${s.bearerFormat ? ` (${s.bearerFormat})` : ''}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {spec.securitySchemes
        .filter((s) => s.flows.length > 0 || s.openIdConnectUrl)
        .map((s) => (
          <section key={s.key} className="auth-flows">
            <h3 id={`scheme-${s.key}-flows`}>
              <code>{s.key}</code>
            </h3>
            {s.openIdConnectUrl && (
              <p>
                {t('api.openIdConnectUrl')}: <a href={s.openIdConnectUrl}>{s.openIdConnectUrl}</a>
              </p>
            )}
            {s.flows.map((f) => (
              <OAuthFlow key={f.type} flow={f} t={t} />
            ))}
          </section>
        ))}
    </>
  )
}

/** One OAuth2 flow: its URLs and its scopes. */
function OAuthFlow({ flow: f, t }: { flow: InfoSpec['securitySchemes'][number]['flows'][number]; t: Tr }) {
  return (
    <div>
      <h4>{`${t('api.flow')}: ${t(`api.flows.${f.type}` as StringKey)}`}</h4>
      <ul>
        {f.authorizationUrl && (
          <li>
            {t('api.authorizationUrl')}: <code>{f.authorizationUrl}</code>
          </li>
        )}
        {f.tokenUrl && (
          <li>
            {t('api.tokenUrl')}: <code>{f.tokenUrl}</code>
          </li>
        )}
        {f.refreshUrl && (
          <li>
            {t('api.refreshUrl')}: <code>{f.refreshUrl}</code>
          </li>
        )}
      </ul>
      {f.scopes.length > 0 && (
        <CaptionedTable caption={t('api.scopes')}>
          {f.scopes.map((sc) => (
            <tr key={sc.name}>
              <td>
                <code>{sc.name}</code>
              </td>
              <td>{sc.description}</td>
            </tr>
          ))}
        </CaptionedTable>
      )}
    </div>
  )
}

function ContactLicense({ spec, t }: { spec: InfoSpec; t: Tr }) {
  return (
    <>
      {(spec.contact || spec.license) && (
        <dl className="api-meta">
          {spec.contact && (
            <>
              <dt>{t('api.contact')}</dt>
              <dd>
                {spec.contact.name}{' '}
                {spec.contact.email && <a href={`mailto:${spec.contact.email}`}>{spec.contact.email}</a>}{' '}
                {spec.contact.url && <a href={spec.contact.url}>{spec.contact.url}</a>}
              </dd>
            </>
          )}
          {spec.license && (
            <>
              <dt>{t('api.license')}</dt>
              <dd>
                {spec.license.url ? <a href={spec.license.url}>{spec.license.name}</a> : spec.license.name}
              </dd>
            </>
          )}
        </dl>
      )}
    </>
  )
}

export function ApiInfoPage({ page, strings, locale }: Props<'api-info'>) {
  const t = (k: StringKey, v?: Record<string, string | number>) => translate(strings, k, v)
  const { spec } = page
  return (
    <div className="doc-layout">
      <article className="doc api-page">
        <h1>{spec.title}</h1>
        <p className="lead">
          {t('api.version')} {spec.version} ·{' '}
          {spec.openapi === '2.0' ? 'Swagger 2.0' : `OpenAPI ${spec.openapi}`}
          {' · '}
          <a href={page.downloadHref} download>
            {t('api.download', { file: page.downloadHref.split('/').pop()! })}
          </a>
        </p>
        <div className="markdown" dangerouslySetInnerHTML={{ __html: spec.descriptionHtml }} />
        <h2 id="servers">{t('api.servers')}</h2>
        <ul>
          {spec.servers.map((s) => (
            <li key={s.url}>
              <code>{s.url}</code> {s.description && `· ${s.description}`}
            </li>
          ))}
        </ul>
        {/* A spec without security schemes has no authentication to tell of. */}
        {spec.securitySchemes.length > 0 && <SecuritySchemes spec={spec} t={t} />}
        <ContactLicense spec={spec} t={t} />
        <TagCards tags={page.tags} strings={strings} locale={locale} />
      </article>
      {page.toc.length > 0 && <Toc items={page.toc} title={strings.onThisPage!} />}
    </div>
  )
}

export function ApiTagPage({ page, strings }: Props<'api-tag'>) {
  return (
    <article className="doc api-page">
      <h1>{page.title}</h1>
      <div className="markdown" dangerouslySetInnerHTML={{ __html: page.view.descriptionHtml }} />
      <ul className="cards">
        {page.view.operations.map((op) => (
          <li key={op.operationId}>
            <a className={`card${op.deprecated ? ' is-deprecated' : ''}`} href={op.href}>
              <h2 className="card-title">
                <MethodBadge method={op.method} small /> {op.summary}
              </h2>
              <p className="card-description">
                <code>{op.path}</code>
              </p>
            </a>
          </li>
        ))}
      </ul>
      <Pager prev={page.prev} next={page.next} strings={strings} />
    </article>
  )
}

export function ApiChangesPage({ page, strings }: Props<'api-changes'>) {
  const t = (k: StringKey, v?: Record<string, string | number>) => translate(strings, k, v)
  return (
    <article className="doc api-page">
      <h1>{page.title}</h1>
      <p className="lead">{t('api.changesIntro')}</p>
      <h2 id="added">{t('api.added', { to: page.to })}</h2>
      {page.added.length ? <OperationList operations={page.added} /> : <p>{t('api.noChanges')}</p>}
      <h2 id="removed">{t('api.removed', { to: page.to })}</h2>
      {page.removed.length ? (
        <ul className="op-list">
          {page.removed.map((op) => (
            <li key={op.operationId}>
              {op.href ? (
                <a className="is-removed" href={op.href}>
                  <RemovedOp op={op} />
                </a>
              ) : (
                <span className="is-removed">
                  <RemovedOp op={op} />
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('api.noChanges')}</p>
      )}
      <h2 id="changed">{t('api.changed')}</h2>
      {page.changed.map((op) => (
        <section key={op.operationId} className="change">
          <h3 id={`changed-${op.operationId}`}>
            <a href={op.href}>
              <MethodBadge method={op.method} small /> {op.summary}
            </a>
          </h3>
          <ul>
            {op.changes.map((c) => (
              <li key={c.text}>
                <ChangeText change={c} before={op.before} after={op.href} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  )
}

function RemovedOp({ op }: { op: ApiOperationLink }) {
  return (
    <>
      <MethodBadge method={op.method} small /> <span className="op-summary">{op.summary}</span>{' '}
      <code className="op-path">{op.path}</code>
    </>
  )
}

/**
 * One change, `code` in backticks; 'endpoint moved: GET /v1/x → GET /v2/x' links each endpoint to
 * its operation's page in its version, and the field a change names links to that field on the
 * page that has it (the new version's, or the old one's for a removed field).
 */
function ChangeText({ change, before, after }: { change: ApiChange; before?: string; after: string }) {
  const { text, field } = change
  const moved = /^(endpoint moved: )(.+) → (.+)$/.exec(text)
  if (moved && before)
    return (
      <>
        {moved[1]}
        <a href={before}>{moved[2]}</a> → <a href={after}>{moved[3]}</a>
      </>
    )
  const page = field?.on === 'before' ? before : after
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 === 0 ? (
          part
        ) : field && page && i === 1 ? (
          <a key={i} href={`${page}#${field.anchor}`}>
            <code>{part}</code>
          </a>
        ) : (
          <code key={i}>{part}</code>
        ),
      )}
    </>
  )
}
