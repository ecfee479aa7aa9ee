import type { PageProps, PageView } from '../../../src/types.js'
import { Pager } from '../Pager.js'
import { SchemaBadges, SchemaDetails, SchemaTree } from './SchemaTree.js'

type Page = Extract<PageView, { kind: 'api-schema' }>

/**
 * A shared schema: where recursive trees and trees past a page's size budget link to. Its fields
 * have anchors of their own (`#schema-<field>`).
 */
export function SchemaPage({ page, strings }: { page: Page; strings: PageProps['strings'] }) {
  const node = page.schema.node
  return (
    <div className="doc-layout">
      <article className="doc api-page api-schema">
        <h1>{page.title}</h1>
        <p className="media-type">
          <SchemaBadges node={{ ...node, title: undefined }} strings={strings} schemaBase={page.schemaBase} />
        </p>
        <SchemaDetails node={node} strings={strings} />
        <SchemaTree node={node} anchor="schema" strings={strings} schemaBase={page.schemaBase} />
        <Pager prev={page.prev} next={page.next} strings={strings} />
      </article>
    </div>
  )
}
