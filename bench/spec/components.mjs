// The tags, and the parameters and responses that operations share (components).

import { cap, NOUNS } from './vocabulary.mjs'

/** `count` tags, one per noun (numbered once the nouns run out), with a description each. */
export function tagList({ sentence }, count) {
  const tagNames = []
  const tags = []
  for (let t = 0; t < count; t++) {
    const name =
      cap(NOUNS[t % NOUNS.length]) +
      (t >= NOUNS.length ? ` ${Math.floor(t / NOUNS.length) + 1}` : '') +
      ' management'
    tagNames.push(name)
    tags.push({
      name,
      description: `${sentence(8, 20)}\n\nSee the [guide](/docs/guides/${NOUNS[t % NOUNS.length]}) for details.`,
    })
  }
  return { tagNames, tags }
}

export const parameters = {
  RequestId: {
    name: 'X-Request-Id',
    in: 'header',
    description: 'Correlation id echoed in the response.',
    schema: { type: 'string', format: 'uuid' },
  },
  Limit: {
    name: 'limit',
    in: 'query',
    description: 'Page size.',
    schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
  Cursor: {
    name: 'cursor',
    in: 'query',
    description: 'Opaque cursor from the previous page.',
    schema: { type: 'string' },
  },
  Session: {
    name: 'session_id',
    in: 'cookie',
    description: 'Browser session, for dashboard calls.',
    schema: { type: 'string' },
  },
}
const problem = (description) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
})
export const responses = {
  BadRequest: problem('The request is malformed or failed validation.'),
  NotFound: problem('No such resource.'),
  Conflict: problem('The resource changed concurrently; retry with a fresh ETag.'),
  Unauthorized: problem('Missing or invalid credentials.'),
}
export const rref = (name) => ({ $ref: `#/components/responses/${name}` })
export const pref = (name) => ({ $ref: `#/components/parameters/${name}` })
