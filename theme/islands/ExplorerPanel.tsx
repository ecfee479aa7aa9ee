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
  const update = (change: Partial<ExplorerValues>) => setValues((v) => ({ ...v, ...change }))

  const plan = useMemo(() => planRequest(props, values), [props, values])
  // Mock mode sends nothing: no server or missing value stops it, only what was typed wrong. A
  // signature needs WebCrypto (secure pages only).
  const problems = plan.problems.filter((p) => !(mock && (p.kind === 'server' || p.kind === 'missing')))
  const insecure = plan.signature !== undefined && !canSign()
  const [prepared, setPrepared] = usePrepared(plan, insecure)
  const blocked = problems.length > 0 || (insecure && !mock)
  const usesCookies =
    props.auth.some((a) => a.kind === 'apiKey' && a.in === 'cookie') ||
    props.parameters.some((p) => p.in === 'cookie')

  useEffect(() => {
    // Opening moves focus into the panel.
    root.current?.querySelector<HTMLElement>('input, select, textarea')?.focus()
  }, [])

  const close = () => {
    // Back to the button that opened the panel (rendered again by ApiExplorer once this is gone).
    const island = root.current?.parentElement
    props.onClose()
    setTimeout(() => island?.querySelector<HTMLElement>('.explorer-open button')?.focus(), 0)
  }

  const {
    result,
    count,
    busy,
    send: onSend,
  } = useSender(async () => {
    const p = await prepare(plan)
    setPrepared(p)
    return p
  }, labels)

  const section = { props, labels, values, update, id }
  return (
    <section className="explorer" aria-label={labels.send} ref={root}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (!blocked && !busy) void onSend(mock ? mockResult(props, labels) : undefined)
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
        <ProblemList
          id={`${id}-problems`}
          items={[
            ...problems.map((p) => problemText(p, labels, props, values.server)),
            ...(insecure && !mock ? [label(labels, 'insecure')] : []),
          ]}
        />
        <Actions
          labels={labels}
          busy={busy}
          blocked={blocked}
          describedBy={`${id}-problems`}
          onClose={close}
        />
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

/** The prepared request (and its curl) for what the form holds now, kept in step with it. */
function usePrepared(plan: ReturnType<typeof planRequest>, insecure: boolean) {
  const [prepared, setPrepared] = useState<Prepared | undefined>()
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
  return [prepared, setPrepared] as const
}

/**
 * Sending and its answer: the request prepared now, sent with an abort signal (closing the panel
 * aborts a request still under way), or a given answer (mock mode) shown at once.
 */
function useSender(prepareNow: () => Promise<Prepared>, labels: ExplorerLabels) {
  const [result, setResult] = useState<Result | undefined>()
  const [count, setCount] = useState(0)
  const [busy, setBusy] = useState(false)
  const abort = useRef<AbortController | undefined>(undefined)
  useEffect(() => () => abort.current?.abort(), [])
  const answer = (r: Result) => {
    setResult(r)
    setCount((n) => n + 1)
  }
  const sendNow = async (given?: Result) => {
    if (given) return answer(given)
    setBusy(true)
    abort.current = new AbortController()
    try {
      const p = await prepareNow()
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
  return { result, count, busy, send: sendNow }
}

/** Mock mode's answer: no network at all, the spec's example, marked as such. */
function mockResult(props: Props, labels: ExplorerLabels): Result {
  const m = pickMock(props.mocks)
  return m
    ? { kind: 'mock', status: m.status, mediaType: m.mediaType, body: pretty(m.body) }
    : { kind: 'mock', status: '', mediaType: '', body: label(labels, 'noMock') }
}

/** Why the request cannot be sent yet, one item each. */
function ProblemList({ id, items }: { id: string; items: React.ReactNode[] }) {
  if (!items.length) return null
  return (
    <ul id={id} className="explorer-problems">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  )
}

function Actions(props: {
  labels: ExplorerLabels
  busy: boolean
  blocked: boolean
  describedBy: string
  onClose: () => void
}) {
  const { labels, busy, blocked } = props
  return (
    <p className="explorer-actions">
      <button
        type="submit"
        className="button"
        disabled={busy || blocked}
        aria-describedby={blocked ? props.describedBy : undefined}
      >
        {busy ? labels.sending : labels.send}
      </button>{' '}
      <button type="button" className="button button-secondary" onClick={props.onClose}>
        {labels.close}
      </button>
    </p>
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
