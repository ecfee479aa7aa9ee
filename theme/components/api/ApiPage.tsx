import type { ApiPageView, PageProps } from '../../../src/types.js'
import { ApiChangesPage, ApiIndexPage, ApiInfoPage, ApiTagPage } from './ApiPages.js'
import { OperationPage } from './OperationPage.js'
import { SchemaPage } from './SchemaPage.js'

/** Dispatches the API reference's page kinds. */
export function ApiPage({
  page,
  strings,
  locale,
}: {
  page: ApiPageView
  strings: PageProps['strings']
  locale: string
}) {
  switch (page.kind) {
    case 'api-index':
      return <ApiIndexPage page={page} strings={strings} locale={locale} />
    case 'api-info':
      return <ApiInfoPage page={page} strings={strings} locale={locale} />
    case 'api-tag':
      return <ApiTagPage page={page} strings={strings} locale={locale} />
    case 'api-operation':
      return <OperationPage page={page} strings={strings} />
    case 'api-changes':
      return <ApiChangesPage page={page} strings={strings} locale={locale} />
    case 'api-schema':
      return <SchemaPage page={page} strings={strings} />
  }
}
