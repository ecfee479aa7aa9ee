import type { SchemaNode } from '../../../src/types.js'
import type { Strings } from '../../i18n/format.js'
import { translate } from '../../i18n/format.js'
import { Tabs } from './Tabs.js'

type Props = { node: SchemaNode; anchor: string; strings: Strings; depth?: number }

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))

/** Type, format and flags of a schema, as badges. */
export function SchemaBadges({ node, required, strings }: { node: SchemaNode; required?: boolean; strings: Strings }) {
  const t = (k: string) => translate(strings, k)
  return (
    <>
      <span className="schema-type">
        {node.title && node.properties ? node.title : node.type}
        {node.format ? ` (${node.format})` : ''}
      </span>
      {required && <span className="badge badge-required">{t('api.required')}</span>}
      {node.nullable && <span className="badge">{t('api.nullable')}</span>}
      {node.readOnly && <span className="badge">{t('api.readOnly')}</span>}
      {node.writeOnly && <span className="badge">{t('api.writeOnly')}</span>}
      {node.deprecated && <span className="badge badge-deprecated">{t('api.deprecated')}</span>}
    </>
  )
}

/** Description, enum, default, example and constraints of a schema. */
export function SchemaDetails({ node, strings, example }: { node: SchemaNode; strings: Strings; example?: unknown }) {
  const t = (k: string) => translate(strings, k)
  const ex = example ?? node.example
  return (
    <>
      {node.descriptionHtml && <div className="schema-desc" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} />}
      {(node.enum?.length || node.default !== undefined || ex !== undefined || node.constraints?.length) && (
        <ul className="schema-meta">
          {node.enum?.length ? (
            <li>
              {t('api.enum')} {node.enum.map((e, i) => <code key={i}>{show(e)}</code>)}
            </li>
          ) : null}
          {node.default !== undefined && (
            <li>
              {t('api.default')} <code>{show(node.default)}</code>
            </li>
          )}
          {ex !== undefined && typeof ex !== 'object' && (
            <li>
              {t('api.example')}: <code>{show(ex)}</code>
            </li>
          )}
          {node.constraints?.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/**
 * A schema as a tree: every property has its own anchor (`#request-body-amount`), nested objects
 * and arrays fold into <details>, oneOf/anyOf become tabs, cycles are cut and marked.
 */
export function SchemaTree({ node, anchor, strings, depth = 0 }: Props) {
  const target = node.items && !node.properties ? node.items : node
  const variants = target.oneOf ?? target.anyOf
  return (
    <div className="schema">
      {target.circular && <p className="schema-circular">{translate(strings, 'api.circular', { name: target.circular })}</p>}
      {target.properties && (
        <ul className="schema-props">
          {target.properties.map((p) => {
            const id = `${anchor}-${p.name}`
            const child = p.node.items && !p.node.properties ? p.node.items : p.node
            const nested = !!(child.properties?.length || child.oneOf || child.anyOf) && !child.circular
            return (
              <li key={p.name} className="schema-prop" id={id}>
                <div className="schema-head">
                  <code className="schema-name">{p.name}</code>
                  <SchemaBadges node={p.node} required={target.required?.includes(p.name)} strings={strings} />
                  <a className="hash-link" href={`#${id}`} aria-label={translate(strings, 'directLink', { heading: p.name })} title={translate(strings, 'directLink', { heading: p.name })}>
                    #
                  </a>
                </div>
                <SchemaDetails node={p.node} strings={strings} />
                {child.circular && <p className="schema-circular">{translate(strings, 'api.circular', { name: child.circular })}</p>}
                {nested && (
                  <details className="schema-nested" open={depth < 1}>
                    <summary>{child.title ?? p.name}</summary>
                    <SchemaTree node={child} anchor={id} strings={strings} depth={depth + 1} />
                  </details>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {variants && (
        <div className="schema-variants">
          <p className="schema-variants-title">
            {translate(strings, target.oneOf ? 'api.oneOf' : 'api.anyOf')}
            {target.discriminator && <> · {translate(strings, 'api.discriminator', { property: target.discriminator })}</>}
          </p>
          <Tabs
            group={`${anchor}-variant`}
            label={translate(strings, target.oneOf ? 'api.oneOf' : 'api.anyOf')}
            items={variants.map((v, i) => ({ id: `${anchor}-${i}`, label: v.label, content: <SchemaTree node={v.node} anchor={`${anchor}-${i}`} strings={strings} depth={depth + 1} /> }))}
          />
        </div>
      )}
    </div>
  )
}
