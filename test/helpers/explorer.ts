import type { ExplorerProps } from '../../src/types.js'
import { initialValues, type ExplorerValues } from '../../theme/islands/explorer/request.js'

/**
 * The request explorer's props for one operation: a server with variables, parameters in path,
 * query, header and cookie (some prefilled), a JSON body, mock answers. The tests of request
 * building (api-explorer-plan) and of what is sent (api-explorer-prepare) start from it.
 */
export const base: ExplorerProps = {
  method: 'post',
  path: '/things/{id}',
  servers: [
    {
      url: 'https://{region}.api.example/{v}/',
      description: 'Main',
      variables: [
        { name: 'region', default: 'eu', description: undefined },
        { name: 'v', default: 'v2', description: undefined },
      ],
    },
  ],
  askServer: false,
  parameters: [
    {
      name: 'id',
      in: 'path',
      required: true,
      example: '42',
      prefill: true,
      style: 'simple',
      explode: false,
      shape: 'primitive',
    },
    {
      name: 'ids',
      in: 'query',
      required: false,
      example: '[1,2]',
      prefill: true,
      style: 'form',
      explode: false,
      shape: 'array',
    },
    {
      name: 'q',
      in: 'query',
      required: false,
      example: 'cats',
      prefill: false,
      style: 'form',
      explode: true,
      shape: 'primitive',
    },
    {
      name: 'X-Trace',
      in: 'header',
      required: false,
      example: 'abc',
      prefill: false,
      style: 'simple',
      explode: false,
      shape: 'primitive',
    },
    {
      name: 'theme',
      in: 'cookie',
      required: false,
      example: 'dark',
      prefill: true,
      style: 'form',
      explode: true,
      shape: 'primitive',
    },
  ],
  bodies: [{ mediaType: 'application/json', example: '{"a":1}', fields: [] }],
  auth: [],
  mocks: [
    { status: '404', mediaType: '', body: '' },
    { status: '201', mediaType: 'application/json', body: '{"id":1}' },
    { status: '200', mediaType: 'application/json', body: '{"id":2}' },
  ],
}

type Credential = ExplorerProps['auth'][number]

/**
 * An HMAC credential signed into the X-Sig header: the signing tests differ only in the key the
 * form's secret goes under and in the hash and encoding of the signature.
 */
export const hmacCredential = (key: string, hmac: NonNullable<Credential['hmac']>): Credential => ({
  key,
  kind: 'hmac',
  in: 'header',
  name: 'X-Sig',
  scheme: undefined,
  hmac,
})

/** The form's first values for `p`, with `change` applied. */
export const values = (p: ExplorerProps, change: Partial<ExplorerValues> = {}): ExplorerValues => ({
  ...initialValues(p),
  ...change,
})
