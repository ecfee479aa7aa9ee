// The external half of check-links: links to other sites, checked with a bound on what the run
// may cost them and us. linkinator (which crawls the site itself) cannot promise these: it may
// fetch a URL twice (HEAD then GET), has no per-host limit, no overall deadline and retries on
// any error. Here:
// - one GET per distinct URL (the #fragment dropped), its body not read;
// - at most `perHost` requests at a time to one host, `concurrency` in all;
// - a total time limit: what has not been answered by then is skipped, not broken;
// - retries only on 429 and 5xx, after the Retry-After the server asked for (or a short
//   backoff), and only when that wait fits in the time left;
// - every URL ends up ok, broken (with the status or the error) or skipped (with why).

export interface ExternalCheckOptions {
  /** Requests at a time to one host. @default 2 */
  readonly perHost?: number
  /** Requests at a time in all. @default 16 */
  readonly concurrency?: number
  /** Time limit of the whole external pass, in ms. @default 60_000 */
  readonly totalMs?: number
  /** Time limit of one request, in ms. @default 10_000 */
  readonly requestMs?: number
  /** Retries of a 429 or 5xx answer. @default 2 */
  readonly retries?: number
  /** Wait before a retry when the answer has no Retry-After, in ms (doubled each time). @default 1000 */
  readonly backoffMs?: number
}

export type ExternalResult =
  | { readonly state: 'ok'; readonly status: number }
  | { readonly state: 'broken'; readonly status: number | undefined; readonly reason: string }
  | { readonly state: 'skipped'; readonly reason: string }

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true })
  })

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** The URL that is fetched for a link: without its fragment. */
export const requestUrl = (url: string): string => url.replace(/#.*$/, '')

/** Checks each distinct URL once; results are keyed by `requestUrl`. */
export async function checkExternal(
  urls: Iterable<string>,
  options: ExternalCheckOptions = {},
): Promise<Map<string, ExternalResult>> {
  const perHost = options.perHost ?? 2
  const concurrency = options.concurrency ?? 16
  const requestMs = options.requestMs ?? 10_000
  const retries = options.retries ?? 2
  const backoffMs = options.backoffMs ?? 1000
  const deadline = Date.now() + (options.totalMs ?? 60_000)
  const stop = new AbortController()
  const timer = setTimeout(() => stop.abort(), Math.max(0, deadline - Date.now()))
  const results = new Map<string, ExternalResult>()
  const queue = [...new Set([...urls].map(requestUrl))]
  const busy = new Map<string, number>()
  let running = 0
  const host = (u: string) => {
    try {
      return new URL(u).host
    } catch {
      return ''
    }
  }

  const limits = { signal: stop.signal, requestMs, retries, backoffMs, deadline }
  const checkOne = (url: string) => checkUrl(url, limits)

  await new Promise<void>((done) => {
    const pump = () => {
      if (running === 0 && queue.length === 0) return done()
      for (let i = 0; i < queue.length && running < concurrency;) {
        const url = queue[i]!
        const h = host(url)
        if ((busy.get(h) ?? 0) >= perHost) {
          i++
          continue
        }
        queue.splice(i, 1)
        running++
        busy.set(h, (busy.get(h) ?? 0) + 1)
        void checkOne(url).then((r) => {
          results.set(url, r)
          running--
          busy.set(h, busy.get(h)! - 1)
          pump()
        })
      }
    }
    pump()
  })
  clearTimeout(timer)
  return results
}

/** One URL: GET (its body not read), retried on 429 and 5xx while the time limit allows. */
async function checkUrl(
  url: string,
  limits: {
    readonly signal: AbortSignal
    readonly requestMs: number
    readonly retries: number
    readonly backoffMs: number
    readonly deadline: number
  },
): Promise<ExternalResult> {
  for (let attempt = 0; ; attempt++) {
    if (limits.signal.aborted) return { state: 'skipped', reason: 'time limit reached' }
    let res: Response
    try {
      res = await fetch(url, {
        redirect: 'follow',
        signal: AbortSignal.any([limits.signal, AbortSignal.timeout(limits.requestMs)]),
        headers: { 'user-agent': 'docs-site check-links' },
      })
    } catch (err) {
      if (limits.signal.aborted) return { state: 'skipped', reason: 'time limit reached' }
      const e = err as Error & { cause?: { code?: string } }
      const why =
        e.name === 'TimeoutError' ? `no answer in ${limits.requestMs / 1000} s` : (e.cause?.code ?? e.message)
      return { state: 'broken', status: undefined, reason: why }
    }
    // Only the status matters: the body is not read.
    await res.body?.cancel().catch(() => undefined)
    if (res.ok) return { state: 'ok', status: res.status }
    const retryable = res.status === 429 || res.status >= 500
    if (!retryable || attempt >= limits.retries)
      return {
        state: 'broken',
        status: res.status,
        reason: `${res.status}${res.statusText ? ` ${res.statusText}` : ''}`,
      }
    const wait = retryAfterMs(res.headers.get('retry-after')) ?? limits.backoffMs * 2 ** attempt
    if (Date.now() + wait > limits.deadline)
      return {
        state: 'skipped',
        reason: `${res.status}, asked to retry after ${Math.ceil(wait / 1000)} s, past the time limit`,
      }
    await sleep(wait, limits.signal)
  }
}
