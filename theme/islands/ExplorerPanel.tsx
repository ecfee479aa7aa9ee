import { useEffect, useMemo, useRef, useState } from 'react'
import { useIslandId } from './island-id.js'
import type { ExplorerProps } from '../../src/types.js'
import { canSign } from './explorer/crypto.js'
import { Body, Credentials, Parameters, ServerField } from './explorer/Fields.js'
import { label, type ExplorerLabels } from './explorer/labels.js'
import { prepare, pretty, send, type Prepared } from './explorer/prepare.js'
import {
  initialValues,
  pickMock,
  planRequest,
  type ExplorerValues,
  type Problem,
} from './explorer/request.js'

export type { ExplorerLabels } from './explorer/labels.js'

type Props = ExplorerProps & { labels: ExplorerLabels; onClose: () => void }
type Result =
  | {
      kind: 'http'
      status: number
      statusText: string
      headers: Array<[string, string]>
      body: string
      ms: number
    }
  | { kind: 'mock'; status: string; mediaType: string; body: string }
  | { kind: 'error'; error: string; detail?: string }

function problemText(
  p: Problem,
  labels: ExplorerLabels,
  props: ExplorerProps,
  server: string,
): React.ReactNode {
  if (p.kind === 'missing')
    return (
      <>
        <code>{p.name}</code>: {labels.required}
      </>
    )
  if (p.kind === 'invalidJson') return labels.invalidJson.replace('{message}', p.message)
  if (p.kind === 'invalidParam')
    return label(labels, 'invalidParam').replace('{name}', p.name).replace('{message}', p.message)
  return server.trim() === ''
    ? `${props.askServer ? labels.baseUrl : labels.server}: ${labels.required}`
    : label(labels, 'invalidUrl')
}

/**
 * The request explorer: server, credentials, parameters and body, sent with fetch (or answered
 * from the spec's examples in mock mode); the curl command shows exactly what is sent.
 */
export function ExplorerPanel(props: Props) {
  const { labels } = props
  const id = useIslandId()
  const root = useRef<HTMLElement>(null)
  const [values, setValues] = useState<ExplorerValues>(() => initialValues(props))
  const [mock, setMock] = useState(false)
  const [result, setResult] = useState<Result | undefined>()
  const [count, setCount] = useState(0)
  const [busy, setBusy] = useState(false)
  const [prepared, setPrepared] = useState<Prepared | undefined>()
  const abort = useRef<AbortController | undefined>(undefined)
  const update = (change: Partial<ExplorerValues>) => setValues((v) => ({ ...v, ...change }))

  const plan = useMemo(() => planRequest(props, values), [props, values])
  // Mock mode sends nothing: no server or missing value stops it, only what was typed wrong. A
  // signature needs WebCrypto (secure pages only).
  const problems = plan.problems.filter((p) => !(mock && (p.kind === 'server' || p.kind === 'missing')))
  const insecure = plan.signature !== undefined && !canSign()
  const blocked = problems.length > 0 || (insecure && !mock)
  const usesCookies =
    props.auth.some((a) => a.kind === 'apiKey' && a.in === 'cookie') ||
    props.parameters.some((p) => p.in === 'cookie')

  useEffect(() => {
    let live = true
    prepare(insecure ? { ...plan, signature: undefined } : plan).then(
      (p) => live && setPrepared(p),
      () => live && setPrepared(undefined),
    )
    return () => {
      live = false
    }
  }, [plan, insecure])

  useEffect(() => {
    // Opening moves focus into the panel; closing aborts a request still under way.
    root.current?.querySelector<HTMLElement>('input, select, textarea')?.focus()
    return () => abort.current?.abort()
  }, [])

  const close = () => {
    // Back to the button that opened the panel (rendered again by ApiExplorer once this is gone).
    const island = root.current?.parentElement
    props.onClose()
    setTimeout(() => island?.querySelector<HTMLElement>('.explorer-open button')?.focus(), 0)
  }

  const answer = (r: Result) => {
    setResult(r)
    setCount((n) => n + 1)
  }

  const onSend = async () => {
    if (blocked || busy) return
    if (mock) {
      // No network at all: the spec's example, marked as such.
      const m = pickMock(props.mocks)
      answer(
        m
          ? { kind: 'mock', status: m.status, mediaType: m.mediaType, body: pretty(m.body) }
          : { kind: 'mock', status: '', mediaType: '', body: label(labels, 'noMock') },
      )
      return
    }
    setBusy(true)
    abort.current = new AbortController()
    try {
      const p = await prepare(plan)
      setPrepared(p)
      answer({ kind: 'http', ...(await send(p, abort.current.signal)) })
    } catch (err) {
      if (abort.current.signal.aborted) return
      const message = (err as Error).message
      answer({
        kind: 'error',
        error: labels.corsError,
        detail: /failed to fetch/i.test(message) ? undefined : message,
      })
    } finally {
      setBusy(false)
    }
  }

  const section = { props, labels, values, update, id }
  return (
    <section className="explorer" aria-label={labels.send} ref={root}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void onSend()
        }}
      >
        <ServerField {...section} invalid={plan.problems.some((p) => p.kind === 'server')} />
        <Credentials {...section} />
        <Parameters {...section} />
        <Body {...section} />
        {usesCookies && <p className="explorer-note">{label(labels, 'cookieNote')}</p>}
        <p className="explorer-mock">
          <label>
            <input type="checkbox" checked={mock} onChange={(e) => setMock(e.target.checked)} /> {labels.mock}
          </label>
        </p>
        {(problems.length > 0 || (insecure && !mock)) && (
          <ul id={`${id}-problems`} className="explorer-problems">
            {problems.map((p, i) => (
              <li key={i}>{problemText(p, labels, props, values.server)}</li>
            ))}
            {insecure && !mock && <li>{label(labels, 'insecure')}</li>}
          </ul>
        )}
        <p className="explorer-actions">
          <button
            type="submit"
            className="button"
            disabled={busy || blocked}
            aria-describedby={blocked ? `${id}-problems` : undefined}
          >
            {busy ? labels.sending : labels.send}
          </button>{' '}
          <button type="button" className="button button-secondary" onClick={close}>
            {labels.close}
          </button>
        </p>
      </form>
      <p className="explorer-curl-title">{labels.curlFor}</p>
      <pre className="explorer-curl" tabIndex={0}>
        <code>{prepared?.curl ?? ''}</code>
      </pre>
      <div className="explorer-live" role="status" aria-live="polite">
        {result && <ResultSummary key={count} result={result} labels={labels} />}
      </div>
      {result && result.kind !== 'error' && <ResultBody result={result} labels={labels} />}
    </section>
  )
}

/** What the live region announces: the mock note, the status and time, or the error. */
function ResultSummary({ result, labels }: { result: Result; labels: ExplorerLabels }) {
  return (
    <div className={`explorer-result${result.kind === 'mock' ? ' explorer-result-mock' : ''}`}>
      <p className="explorer-result-title">{labels.response}</p>
      {result.kind === 'error' ? (
        <>
          <p className="explorer-error">{result.error}</p>
          {result.detail && <p className="muted">{result.detail}</p>}
        </>
      ) : (
        <>
          {result.kind === 'mock' && (
            <p className="explorer-mock-note">
              <strong>{labels.mockNote}</strong>
            </p>
          )}
          <p>
            {labels.status}
            {': '}
            <b className={`status status-${String(result.status)[0]}`}>
              {result.kind === 'http' ? `${result.status} ${result.statusText}`.trim() : result.status || '—'}
            </b>
            {result.kind === 'http' && (
              <>
                {' '}
                · {labels.time}: {result.ms} ms
              </>
            )}
          </p>
        </>
      )}
    </div>
  )
}

function ResultBody({
  result,
  labels,
}: {
  result: Exclude<Result, { kind: 'error' }>
  labels: ExplorerLabels
}) {
  const headers =
    result.kind === 'http'
      ? result.headers
      : result.mediaType
        ? [['content-type', result.mediaType] as [string, string]]
        : []
  return (
    <>
      {headers.length > 0 && (
        <details className="explorer-headers">
          <summary>{labels.headers}</summary>
          <pre tabIndex={0}>{headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
        </details>
      )}
      <pre
        className={`explorer-response${result.kind === 'mock' ? ' explorer-response-mock' : ''}`}
        tabIndex={0}
      >
        <code>{result.body}</code>
      </pre>
    </>
  )
}
