import { useMemo, useState } from 'react'
import type { ExplorerProps } from '../../src/types.js'

export type ExplorerLabels = Record<'send' | 'sending' | 'close' | 'server' | 'credentials' | 'parameters' | 'body' | 'response' | 'status' | 'time' | 'headers' | 'corsError' | 'invalidJson' | 'curlFor', string>
type Props = ExplorerProps & { labels: ExplorerLabels; onClose: () => void }
type Result = { status: number; statusText: string; headers: Array<[string, string]>; body: string; ms: number } | { error: string }

const serverUrl = (s: ExplorerProps['servers'][number] | undefined) => (s ? s.variables.reduce((u, v) => u.replace(`{${v.name}}`, v.default), s.url).replace(/\/$/, '') : '')
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/** Builds the request from the form: URL with path and query values, headers, body. */
export function buildRequest(p: ExplorerProps, values: { server: string; params: Record<string, string>; auth: Record<string, string>; body: string }) {
  let path = p.path
  const query = new URLSearchParams()
  const headers: Record<string, string> = {}
  for (const param of p.parameters) {
    const v = values.params[`${param.in}:${param.name}`] ?? ''
    if (v === '') continue
    if (param.in === 'path') path = path.replace(`{${param.name}}`, encodeURIComponent(v))
    else if (param.in === 'query') query.set(param.name, v)
    else if (param.in === 'header') headers[param.name] = v
  }
  for (const a of p.auth) {
    const v = values.auth[a.key] ?? ''
    if (!v) continue
    if (a.type === 'http' && a.scheme?.toLowerCase() === 'bearer') headers.Authorization = `Bearer ${v}`
    else if (a.type === 'http' && a.scheme?.toLowerCase() === 'basic') headers.Authorization = `Basic ${v}`
    else if (a.type === 'apiKey' && a.in === 'header' && a.name) headers[a.name] = v
    else if (a.type === 'apiKey' && a.in === 'query' && a.name) query.set(a.name, v)
  }
  const hasBody = p.body !== undefined && !['get', 'head'].includes(p.method)
  if (hasBody) headers['Content-Type'] = p.mediaType ?? 'application/json'
  const qs = query.toString()
  const url = values.server + path + (qs ? `?${qs}` : '')
  const curl = [`curl --request ${p.method.toUpperCase()}`, `  --url ${quote(url)}`, ...Object.entries(headers).map(([k, v]) => `  --header ${quote(`${k}: ${v}`)}`), ...(hasBody ? [`  --data ${quote(values.body)}`] : [])].join(' \\\n')
  return { url, method: p.method.toUpperCase(), headers, body: hasBody ? values.body : undefined, curl }
}

/** The request explorer: server, credentials, parameters, JSON body; sends with fetch. */
export function ExplorerPanel(props: Props) {
  const { labels } = props
  const [server, setServer] = useState(serverUrl(props.servers[0]))
  const [params, setParams] = useState<Record<string, string>>(() => Object.fromEntries(props.parameters.map((p) => [`${p.in}:${p.name}`, p.example])))
  const [auth, setAuth] = useState<Record<string, string>>({})
  const [body, setBody] = useState(props.body ?? '')
  const [result, setResult] = useState<Result | undefined>()
  const [busy, setBusy] = useState(false)
  const request = useMemo(() => buildRequest(props, { server, params, auth, body }), [props, server, params, auth, body])

  const send = async () => {
    if (request.body !== undefined && /json/.test(props.mediaType ?? 'json')) {
      try {
        JSON.parse(request.body)
      } catch (err) {
        setResult({ error: labels.invalidJson.replace('{message}', (err as Error).message) })
        return
      }
    }
    setBusy(true)
    const t0 = performance.now()
    try {
      const res = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body })
      const text = await res.text()
      let pretty = text
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2)
      } catch {}
      setResult({ status: res.status, statusText: res.statusText, headers: [...res.headers.entries()], body: pretty, ms: Math.round(performance.now() - t0) })
    } catch {
      setResult({ error: labels.corsError })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="explorer" aria-label={labels.send}>
      <div className="explorer-row">
        {/* Editable: a callback's server is the reader's own wallet URL. */}
        <label>
          {labels.server}
          <input list={`${props.method}-${props.path}-servers`} value={server} onChange={(e) => setServer(e.target.value.replace(/\/$/, ''))} spellCheck={false} />
          <datalist id={`${props.method}-${props.path}-servers`}>
            {props.servers.map((s) => (
              <option key={s.url} value={serverUrl(s)}>
                {s.description}
              </option>
            ))}
          </datalist>
        </label>
      </div>
      {props.auth.length > 0 && (
        <fieldset>
          <legend>{labels.credentials}</legend>
          {props.auth.map((a) => (
            <label key={a.key}>
              {a.name ?? a.key}
              <input type="password" autoComplete="off" value={auth[a.key] ?? ''} onChange={(e) => setAuth({ ...auth, [a.key]: e.target.value })} />
            </label>
          ))}
        </fieldset>
      )}
      {props.parameters.length > 0 && (
        <fieldset>
          <legend>{labels.parameters}</legend>
          {props.parameters.map((p) => {
            const k = `${p.in}:${p.name}`
            return (
              <label key={k}>
                {p.name} <span className="muted">({p.in}{p.required ? ', required' : ''})</span>
                <input value={params[k] ?? ''} onChange={(e) => setParams({ ...params, [k]: e.target.value })} />
              </label>
            )
          })}
        </fieldset>
      )}
      {props.body !== undefined && (
        <label className="explorer-body">
          {labels.body}
          <textarea rows={Math.min(16, body.split('\n').length + 1)} value={body} onChange={(e) => setBody(e.target.value)} spellCheck={false} />
        </label>
      )}
      <p className="explorer-actions">
        <button type="button" className="button" onClick={send} disabled={busy}>
          {busy ? labels.sending : labels.send}
        </button>{' '}
        <button type="button" className="button button-secondary" onClick={props.onClose}>
          {labels.close}
        </button>
      </p>
      <p className="explorer-curl-title">{labels.curlFor}</p>
      <pre className="explorer-curl" tabIndex={0}>
        <code>{request.curl}</code>
      </pre>
      {result && (
        <div className="explorer-result" role="status" aria-live="polite">
          <p className="explorer-result-title">{labels.response}</p>
          {'error' in result ? (
            <p className="explorer-error">{result.error}</p>
          ) : (
            <>
              <p>
                {labels.status}: <b className={`status status-${String(result.status)[0]}`}>{result.status} {result.statusText}</b> · {labels.time}: {result.ms} ms
              </p>
              <details>
                <summary>{labels.headers}</summary>
                <pre tabIndex={0}>{result.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
              </details>
              <pre className="explorer-response" tabIndex={0}>
                <code>{result.body}</code>
              </pre>
            </>
          )}
        </div>
      )}
    </section>
  )
}
