// The explorer's texts: the keys `explorerLabels()` (theme/components/api/OperationPage.tsx) passes,
// translated as `api.<key>`, plus a few optional ones with English defaults until they are translated.

type LabelKey =
  | 'send'
  | 'sending'
  | 'close'
  | 'server'
  | 'credentials'
  | 'parameters'
  | 'body'
  | 'response'
  | 'status'
  | 'time'
  | 'headers'
  | 'corsError'
  | 'invalidJson'
  | 'curlFor'
  | 'baseUrl'
  | 'baseUrlHint'
  | 'mock'
  | 'mockNote'
  | 'secret'
  | 'username'
  | 'password'
  | 'token'
  | 'file'
  | 'mediaType'
  | 'required'

/** Not in `explorerLabels()` yet: English until `api.<key>` exists and is passed. */
export const OPTIONAL_LABELS = {
  cookieNote: 'Browsers send cookies only for their own sites: this page cannot set the cookie. It sends the request with the cookies your browser already holds for that server; the curl command sends the one shown.',
  invalidUrl: 'The server must be an http:// or https:// URL.',
  invalidParam: '{name} is not valid JSON: {message}',
  insecure: 'The signature is computed with WebCrypto, which browsers offer only on https:// pages (or localhost).',
  noMock: 'The spec gives no example answer for this operation.',
}

export type ExplorerLabels = Record<LabelKey, string> & Partial<Record<keyof typeof OPTIONAL_LABELS, string>>

export const label = (labels: ExplorerLabels, key: keyof typeof OPTIONAL_LABELS): string => labels[key] ?? OPTIONAL_LABELS[key]
