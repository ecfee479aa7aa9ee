import type { SchemaNode } from '../../../src/types.js'
import type { StringKey, Strings } from '../../i18n/format.js'
import { translate } from '../../../shared/strings.js'
import { Tabs } from './Tabs.js'

type Props = { node: SchemaNode; anchor: string; strings: Strings; schemaBase: string; depth?: number }

/** A value as the page shows it: a string as it is, anything else as its JSON. */
export const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))
/** The page of a shared schema: `schemaBase` holds `__slug__` where the slug goes. */
const schemaHref = (schemaBase: string, node: SchemaNode) =>
  schemaBase.replace('__slug__', node.refSlug ?? '')

/**
 * What an array holds, through arrays of arrays: the schema whose fields the tree shows. A tuple
 * (`prefixItems`) and an array with properties of its own are shown as they are.
 */
const elementOf = (node: SchemaNode): SchemaNode => {
  let n = node
  while (n.items && !n.properties && !n.prefixItems) n = n.items
  return n
}

/** Whether a schema has anything for SchemaDetails to say (its items' details included). */
const hasDetails = (n: SchemaNode): boolean =>
  !!(
    n.descriptionHtml ||
    n.enum?.length ||
    n.default !== undefined ||
    (n.example !== undefined && typeof n.example !== 'object') ||
    n.constraints?.length ||
    n.closed ||
    (n.items && !n.items.ref && !n.properties && hasDetails(n.items))
  )

/** Type, format and flags of a schema, as badges. A shared schema's name links to its page. */
export function SchemaBadges({
  node,
  required,
  strings,
  schemaBase,
}: {
  node: SchemaNode
  required?: boolean
  strings: Strings
  schemaBase?: string
}) {
  const t = (k: StringKey) => translate(strings, k)
  const target = elementOf(node)
  return (
    <>
      <span className="schema-type">
        {target.ref && schemaBase ? (
          <>
            <a href={schemaHref(schemaBase, target)}>{target.ref}</a>
            {'[]'.repeat(depthOf(node, target))}
          </>
        ) : node.title && node.properties ? (
          node.title
        ) : (
          node.type
        )}
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
export function SchemaDetails({
  node,
  strings,
  example,
}: {
  node: SchemaNode
  strings: Strings
  example?: unknown
}) {
  const t = (k: StringKey) => translate(strings, k)
  const ex = example ?? node.example
  return (
    <>
      {node.descriptionHtml && (
        <div className="schema-desc" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} />
      )}
      {(node.enum?.length ||
        node.default !== undefined ||
        ex !== undefined ||
        node.constraints?.length ||
        node.closed) && (
        <ul className="schema-meta">
          {node.enum?.length ? (
            <li>
              {t(node.isConst ? 'api.constValue' : 'api.enum')}{' '}
              {node.enum.map((e, i) => (
                <code key={i}>{show(e)}</code>
              ))}
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
          {node.closed && <li>{t('api.noAdditional')}</li>}
        </ul>
      )}
      {/* An array's items: their description, values and limits (a list of enum strings). */}
      {node.items && !node.items.ref && !node.properties && hasDetails(node.items) && (
        <div className="schema-items">
          <span className="schema-items-label">{t('api.eachItem')}</span>
          <SchemaDetails node={node.items} strings={strings} />
        </div>
      )}
    </>
  )
}

/** How many arrays deep `element` is in `node`. */
const depthOf = (node: SchemaNode, element: SchemaNode) => {
  let d = 0
  for (let n = node; n !== element && n.items; n = n.items) d++
  return d
}

const hasChildren = (n: SchemaNode) =>
  !!(
    n.properties?.length ||
    n.oneOf ||
    n.anyOf ||
    n.patternProperties?.length ||
    n.additionalProperties ||
    n.prefixItems?.length
  )

function Prop({
  name,
  node,
  required,
  anchor,
  strings,
  schemaBase,
  depth,
}: {
  name: string
  node: SchemaNode
  required: boolean
  anchor: string
  strings: Strings
  schemaBase: string
  depth: number
}) {
  const child = elementOf(node)
  const nested = hasChildren(child) && !child.ref
  return (
    <li className="schema-prop" id={anchor}>
      <div className="schema-head">
        <code className="schema-name">{name}</code>
        <SchemaBadges node={node} required={required} strings={strings} schemaBase={schemaBase} />
        <a
          className="hash-link"
          data-pagefind-ignore=""
          href={`#${anchor}`}
          aria-label={translate(strings, 'directLink', { heading: name })}
          title={translate(strings, 'directLink', { heading: name })}
        >
          #
        </a>
      </div>
      <SchemaDetails node={node} strings={strings} />
      {child.ref && <RefNote node={child} strings={strings} schemaBase={schemaBase} />}
      {child.truncated && <p className="schema-circular">{translate(strings, 'api.truncated')}</p>}
      {nested && (
        <details className="schema-nested" open={depth < 1}>
          <summary>{child.title ?? name}</summary>
          <SchemaTree
            node={child}
            anchor={anchor}
            strings={strings}
            schemaBase={schemaBase}
            depth={depth + 1}
          />
        </details>
      )}
    </li>
  )
}

function RefNote({ node, strings, schemaBase }: { node: SchemaNode; strings: Strings; schemaBase: string }) {
  return (
    <p className="schema-circular">
      <a href={schemaHref(schemaBase, node)}>
        {translate(strings, node.circular ? 'api.circular' : 'api.schemaRef', { name: node.ref! })}
      </a>
    </p>
  )
}

type Part = Pick<Props, 'anchor' | 'strings' | 'schemaBase'> & { depth: number }

/** `prefixItems`: the items of a tuple, by position. */
function Tuple({ items, anchor, strings, schemaBase, depth }: Part & { items: readonly SchemaNode[] }) {
  return (
    <>
      <p className="schema-variants-title">{translate(strings, 'api.tuple')}</p>
      <ul className="schema-props">
        {items.map((item, i) => (
          <Prop
            key={i}
            name={`[${i}]`}
            node={item}
            required={false}
            anchor={`${anchor}-${i}`}
            strings={strings}
            schemaBase={schemaBase}
            depth={depth}
          />
        ))}
      </ul>
    </>
  )
}

/** oneOf/anyOf as tabs, one per variant: its tree, or its badges for a leaf. */
function Variants({
  target,
  variants,
  anchor,
  strings,
  schemaBase,
  depth,
}: Part & { target: SchemaNode; variants: NonNullable<SchemaNode['oneOf']> }) {
  const t = (k: StringKey, v?: Record<string, string>) => translate(strings, k, v)
  return (
    <div className="schema-variants">
      <p className="schema-variants-title">
        {t(target.oneOf ? 'api.oneOf' : 'api.anyOf')}
        {target.discriminator && <> · {t('api.discriminator', { property: target.discriminator })}</>}
      </p>
      <Tabs
        group={`${anchor}-variant`}
        label={t(target.oneOf ? 'api.oneOf' : 'api.anyOf')}
        items={variants.map((v, i) => ({
          id: `${anchor}-${i}`,
          label: v.label,
          content:
            hasChildren(elementOf(v.node)) || v.node.ref ? (
              <SchemaTree
                node={v.node}
                anchor={`${anchor}-${i}`}
                strings={strings}
                schemaBase={schemaBase}
                depth={depth + 1}
              />
            ) : (
              <div className="schema-variant-leaf">
                <SchemaBadges node={v.node} strings={strings} schemaBase={schemaBase} />
                <SchemaDetails node={v.node} strings={strings} />
              </div>
            ),
        }))}
      />
    </div>
  )
}

/**
 * A schema as a tree: every property has its own anchor (`#request-body-amount`), nested objects
 * and arrays fold into <details>, oneOf/anyOf become tabs. A shared schema (a cycle, or past the
 * page's size budget) is a link to its own page, where its fields have their anchors.
 */
export function SchemaTree({ node, anchor, strings, schemaBase, depth = 0 }: Props) {
  const target = elementOf(node)
  const variants = target.oneOf ?? target.anyOf
  const t = (k: StringKey, v?: Record<string, string>) => translate(strings, k, v)
  return (
    <div className="schema">
      {target.ref && depth === 0 && <RefNote node={target} strings={strings} schemaBase={schemaBase} />}
      {target.circular && !target.ref && (
        <p className="schema-circular">{t('api.circular', { name: target.circular })}</p>
      )}
      {target.truncated && depth === 0 && <p className="schema-circular">{t('api.truncated')}</p>}
      {target.properties && (
        <ul className="schema-props">
          {target.properties.map((p) => (
            <Prop
              key={p.name}
              name={p.name}
              node={p.node}
              required={target.required?.includes(p.name) ?? false}
              anchor={`${anchor}-${p.name}`}
              strings={strings}
              schemaBase={schemaBase}
              depth={depth}
            />
          ))}
        </ul>
      )}
      {target.patternProperties?.map((p, i) => (
        <ul key={p.name} className="schema-props">
          <Prop
            name={t('api.patternProperties', { pattern: p.name })}
            node={p.node}
            required={false}
            anchor={`${anchor}-pattern-${i}`}
            strings={strings}
            schemaBase={schemaBase}
            depth={depth}
          />
        </ul>
      ))}
      {target.additionalProperties && (
        <ul className="schema-props">
          <Prop
            name={t('api.additionalProperties')}
            node={target.additionalProperties}
            required={false}
            anchor={`${anchor}-additional`}
            strings={strings}
            schemaBase={schemaBase}
            depth={depth}
          />
        </ul>
      )}
      {target.prefixItems && (
        <Tuple
          items={target.prefixItems}
          anchor={anchor}
          strings={strings}
          schemaBase={schemaBase}
          depth={depth}
        />
      )}
      {variants && (
        <Variants
          target={target}
          variants={variants}
          anchor={anchor}
          strings={strings}
          schemaBase={schemaBase}
          depth={depth}
        />
      )}
    </div>
  )
}
