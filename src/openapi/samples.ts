import { HTTPSnippet, type HarRequest } from 'httpsnippet'
import type { ApiOperation, ApiSecurityScheme, CodeSample } from '../api-types.js'

/** The spec's seven languages, as httpsnippet targets (a maintained generator, not seven hand-written ones). */
export const SAMPLE_LANGUAGES = [
  { id: 'curl', label: 'curl', target: 'shell', client: 'curl', highlight: 'bash' },
  { id: 'go', label: 'Go', target: 'go', client: 'native', highlight: 'go' },
  { id: 'nodejs', label: 'Node.js', target: 'node', client: 'fetch', highlight: 'javascript' },
  { id: 'java', label: 'Java', target: 'java', client: 'unirest', highlight: 'java' },
  { id: 'python', label: 'Python', target: 'python', client: 'requests', highlight: 'python' },
  { id: 'csharp', label: 'C#', target: 'csharp', client: 'httpclient', highlight: 'csharp' },
  { id: 'php', label: 'PHP', target: 'php', client: 'guzzle', highlight: 'php' },
] as const

export interface SampleRequest {
  readonly method: string
  /** Absolute URL with path parameters filled in. */
  readonly url: string
  readonly query: ReadonlyArray<{ name: string; value: string }>
  readonly headers: ReadonlyArray<{ name: string; value: string }>
  readonly body: string | undefined
  readonly mediaType: string | undefined
}

/** Placeholder credentials for each scheme the operation needs (the first alternative). */
export function authHeaders(op: Pick<ApiOperation, 'security'>, schemes: readonly ApiSecurityScheme[]): Array<{ name: string; value: string }> {
  const out: Array<{ name: string; value: string }> = []
  for (const key of op.security[0] ?? []) {
    const s = schemes.find((x) => x.key === key)
    if (!s) continue
    if (s.type === 'http' && s.scheme?.toLowerCase() === 'bearer') out.push({ name: 'Authorization', value: 'Bearer <TENANT_TOKEN>' })
    else if (s.type === 'http' && s.scheme?.toLowerCase() === 'basic') out.push({ name: 'Authorization', value: 'Basic <BASE64_CREDENTIALS>' })
    else if (s.type === 'apiKey' && s.in === 'header' && s.name) out.push({ name: s.name, value: `<${s.name.replace(/^X-/i, '').replace(/-/g, '_').toUpperCase()}>` })
  }
  return out
}

/** Code samples of one request in the seven languages. */
export function generateSamples(req: SampleRequest, highlight: (code: string, lang: string) => string): CodeSample[] {
  const har: HarRequest = {
    method: req.method.toUpperCase(),
    url: req.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: [...req.headers, ...(req.body !== undefined ? [{ name: 'Content-Type', value: req.mediaType ?? 'application/json' }] : [])],
    queryString: [...req.query],
    headersSize: -1,
    bodySize: -1,
    postData: req.body !== undefined ? { mimeType: req.mediaType ?? 'application/json', text: req.body } : undefined,
  }
  const snippet = new HTTPSnippet(har)
  return SAMPLE_LANGUAGES.map((lang) => {
    let code = String(snippet.convert(lang.target, lang.client) || '')
    // Node 18+ ships fetch; the generator still requires node-fetch.
    if (lang.id === 'nodejs') code = code.replace(/^const fetch = require\('node-fetch'\);\n\n/, '')
    return { id: lang.id, label: lang.label, code, html: highlight(code, lang.highlight) }
  })
}
