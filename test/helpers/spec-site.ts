import type { UserConfig } from '../../src/types.js'

/** The config of the `openapi-site` fixture with one spec of test/fixtures/openapi/ as its API. */
export const specSiteConfig = (spec: string, extra: Partial<UserConfig> = {}): UserConfig => ({
  title: 'Spec test',
  url: 'https://docs.example.org',
  docs: { versions: [{ name: 'v1', openapi: `../openapi/${spec}` }], sidebars: { api: [{ type: 'api' }] } },
  navbar: { items: [] },
  ...extra,
})
