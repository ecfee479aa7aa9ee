import type { ClientRedirectsConfig, RedirectConfig } from '../types.js'
import type { Notes } from './notes.js'

// `@docusaurus/plugin-client-redirects` in a Docusaurus config's `plugins` → docs-site's
// `clientRedirects`, which takes the plugin's options as they are (see src/redirects.ts).

type Obj = Record<string, unknown>

/** The plugin's names: its package, its short form, or a path into the package (require.resolve). */
const isRedirectsPlugin = (name: string) =>
  name === 'client-redirects' || /(^|[/\\])(@docusaurus[/\\])?plugin-client-redirects([/\\]|$)/.test(name)

export interface MappedRedirects {
  readonly clientRedirects: ClientRedirectsConfig | undefined
  /** The plugin entries mapped, so the summary does not list them as plugins not run. */
  readonly taken: ReadonlySet<unknown>
}

export function mapClientRedirects(d: Obj, notes: Notes): MappedRedirects {
  const taken = new Set<unknown>()
  let clientRedirects: ClientRedirectsConfig | undefined
  for (const p of Array.isArray(d.plugins) ? d.plugins : []) {
    const [name, opts] = Array.isArray(p) ? p : [p, {}]
    if (typeof name !== 'string' || !isRedirectsPlugin(name)) continue
    if (clientRedirects) {
      notes.add(
        'a second @docusaurus/plugin-client-redirects',
        'docs-site writes the first one’s redirects: move the others’ into it',
      )
      continue
    }
    taken.add(p)
    clientRedirects = redirectOptions(opts && typeof opts === 'object' ? (opts as Obj) : {})
  }
  return { clientRedirects, taken }
}

/** The options docs-site reads, as given (docs-site's config validation reports wrong types). */
function redirectOptions(o: Obj): ClientRedirectsConfig {
  const out: ClientRedirectsConfig = {}
  if (Array.isArray(o.redirects))
    out.redirects = o.redirects.map((r) => {
      const { from, to } = (r ?? {}) as Partial<RedirectConfig>
      return { from, to } as RedirectConfig
    })
  if (o.createRedirects !== undefined)
    out.createRedirects = o.createRedirects as ClientRedirectsConfig['createRedirects']
  for (const key of ['fromExtensions', 'toExtensions'] as const)
    if (o[key] !== undefined) out[key] = o[key] as string[]
  return out
}
