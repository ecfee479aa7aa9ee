import { DocsSiteError, formatDiagnostic } from '../../src/errors.js'
import type { ApiOperation, ApiSpec, BuildResult, Diagnostic, UserConfig } from '../../src/types.js'
import { buildFixture, html } from './index.js'

/** The config of the `openapi-site` fixture with one spec of test/fixtures/openapi/ as its API. */
export const specSiteConfig = (spec: string, extra: Partial<UserConfig> = {}): UserConfig => ({
  title: 'Spec test',
  url: 'https://docs.example.org',
  docs: { versions: [{ name: 'v1', openapi: `../openapi/${spec}` }], sidebars: { api: [{ type: 'api' }] } },
  navbar: { items: [] },
  ...extra,
})

/** A spec built as the API of the `openapi-site` fixture, and what to look at in it. */
export interface Built {
  result: BuildResult
  spec: ApiSpec
  op: (id: string) => ApiOperation
  sample: (id: string, lang: string) => string
  page: (slug: string) => string
}

/** Builds one spec of test/fixtures/openapi/ as the API of the `openapi-site` fixture (in memory). */
export async function specSite(spec: string, extra: Partial<UserConfig> = {}): Promise<Built> {
  const result = await buildFixture('openapi-site', specSiteConfig(spec, extra))
  const route = result.site.routes.find((r) => r.data.kind === 'api-info')!
  const model = (route.data as { spec: ApiSpec }).spec
  const op = (id: string): ApiOperation => {
    const found = model.operations.find((o) => o.operationId === id)
    if (!found) throw new Error(`no operation ${id}`)
    return found
  }
  return {
    result,
    spec: model,
    op,
    sample: (id, lang) => {
      const found = op(id).samples.find((s) => s.id === lang)
      if (!found) throw new Error(`no ${lang} sample for ${id}`)
      return found.code
    },
    page: (slug) => html(result, `api/${slug}/index.html`),
  }
}

/** The diagnostics of a spec whose build fails (it throws when the build succeeds). */
export async function specFailure(spec: string): Promise<readonly Diagnostic[]> {
  try {
    await buildFixture('openapi-site', specSiteConfig(spec))
  } catch (err) {
    if (err instanceof DocsSiteError) return err.diagnostics
    throw err
  }
  throw new Error('the build should fail')
}

/** A build's errors, formatted. */
export const errorsOf = (r: BuildResult) =>
  r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)
