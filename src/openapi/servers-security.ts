// Servers and security schemes of a spec, as the model holds them.
import type { ApiSecurityRequirement, ApiSecurityScheme, ApiServer } from '../api-types.js'
import { PLACEHOLDER_ORIGIN } from './routes.js'
import { isObj } from './schema.js'

type Raw = Record<string, unknown>

/**
 * A relative server URL ('/v3', '../legacy') resolves against where the spec is published.
 * Variables stay as written: `{walletBaseUrl}` is a whole origin, `/{basePath}` a relative path.
 */
export function resolveServer(url: string, specUrl: string | undefined, variables: Raw): string {
  const withDefaults = url.replace(/\{([^}]+)\}/g, (_m, n: string) =>
    isObj(variables[n]) ? String((variables[n] as Raw).default ?? '') : n,
  )
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(withDefaults)) return url
  const names: string[] = []
  const marked = url.replace(/\{([^}]+)\}/g, (_m, n: string) => `__docs_site_var_${names.push(n) - 1}__`)
  try {
    const resolved = new URL(marked, specUrl ?? PLACEHOLDER_ORIGIN + '/').href.replace(/\/$/, '')
    return resolved.replace(/__docs_site_var_(\d+)__/g, (_m, i: string) => `{${names[Number(i)]}}`)
  } catch {
    return url
  }
}

export function hmacOf(x: Raw): NonNullable<ApiSecurityScheme['hmac']> {
  const hash = String(x.hash ?? 'SHA-256')
    .toUpperCase()
    .replace(/^SHA(\d)/, 'SHA-$1')
  return {
    hash: hash === 'SHA-1' || hash === 'SHA-512' ? hash : 'SHA-256',
    encoding: x.encoding === 'base64' ? 'base64' : 'hex',
  }
}

export function securityOf(list: unknown): ApiSecurityRequirement[][] {
  return (Array.isArray(list) ? list : []).filter(isObj).map((req) =>
    Object.entries(req).map(([key, scopes]) => ({
      key,
      scopes: Array.isArray(scopes) ? scopes.map(String) : [],
    })),
  )
}

/** The servers of the spec, a path item or an operation: URLs resolved, variables listed. */
export function serversOf(list: unknown, specUrl: string | undefined): ApiServer[] {
  return (Array.isArray(list) ? list : []).filter(isObj).map((s) => ({
    url: resolveServer(String(s.url ?? '/'), specUrl, isObj(s.variables) ? s.variables : {}),
    description: typeof s.description === 'string' ? s.description : undefined,
    variables: [
      ...Object.entries(isObj(s.variables) ? s.variables : {}).map(([name, v]) => ({
        name,
        default: String((v as Raw).default ?? ''),
        description: typeof (v as Raw).description === 'string' ? String((v as Raw).description) : undefined,
        ...(Array.isArray((v as Raw).enum) ? { enum: ((v as Raw).enum as unknown[]).map(String) } : {}),
      })),
      // A variable the URL names but `variables` does not declare (shape-checks.ts warns): its
      // name stands for its value, so the samples still make a URL.
      ...undeclaredVariables(s).map((name) => ({ name, default: name, description: undefined })),
    ],
  }))
}

/** The `{names}` of a server's URL that its `variables` do not declare. */
export function undeclaredVariables(server: Raw): string[] {
  const declared = isObj(server.variables) ? server.variables : {}
  const names = [...String(server.url ?? '').matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
  return [...new Set(names)].filter((n) => !Object.hasOwn(declared, n))
}

/** `components.securitySchemes`, descriptions rendered with `md`. */
export function securitySchemesOf(
  components: Raw,
  md: (v: unknown, at: ReadonlyArray<string | number>) => string,
): ApiSecurityScheme[] {
  return Object.entries(isObj(components.securitySchemes) ? components.securitySchemes : {})
    .filter(([, v]) => isObj(v))
    .map(([key, v]) => {
      const s = v as Raw
      const str = (x: unknown) => (typeof x === 'string' ? x : undefined)
      return {
        key,
        type: String(s.type),
        in: str(s.in),
        name: str(s.name),
        scheme: str(s.scheme),
        bearerFormat: str(s.bearerFormat),
        descriptionHtml: md(s.description, ['components', 'securitySchemes', key, 'description']),
        flows: Object.entries(isObj(s.flows) ? s.flows : {})
          .filter(([, f]) => isObj(f))
          .map(([type, f]) => ({
            type,
            authorizationUrl: str((f as Raw).authorizationUrl),
            tokenUrl: str((f as Raw).tokenUrl),
            refreshUrl: str((f as Raw).refreshUrl),
            scopes: Object.entries(isObj((f as Raw).scopes) ? ((f as Raw).scopes as Raw) : {}).map(
              ([name, d]) => ({ name, description: String(d ?? '') }),
            ),
          })),
        openIdConnectUrl: str(s.openIdConnectUrl),
        ...(isObj(s['x-hmac-signature']) ? { hmac: hmacOf(s['x-hmac-signature']) } : {}),
      }
    })
}

/** Slugs the API reference uses itself (`/api/changes`, `/api/schemas/`). */
export const RESERVED = new Set(['changes', 'schemas'])

export function uniqueInfoSlug(base: string, ...taken: ReadonlyArray<ReadonlySet<string>>): string {
  let slug = base
  for (let n = 2; taken.some((t) => t.has(slug)) || RESERVED.has(slug); n++) slug = `${base}-${n}`
  return slug
}
