// The explorer's texts: the keys `explorerLabels()` (theme/components/api/OperationPage.tsx) passes,
// translated as `api.<key>`.

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
  | 'cookieNote'
  | 'invalidUrl'
  | 'invalidParam'
  | 'insecure'
  | 'noMock'

export type ExplorerLabels = Record<LabelKey, string>

export const label = (labels: ExplorerLabels, key: LabelKey): string => labels[key]
