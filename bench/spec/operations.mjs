// The paths: N operations on ~N/5 resources (list, create, get, put-or-patch, delete on a
// collection path and an item path each), with parameters in path, query (form, deepObject),
// header and cookie, request bodies on POST, PUT and PATCH, and 2–4 responses per operation.

import { pref, rref } from './components.mjs'
import { aN, cap, ENUMS, NOUNS, plural } from './vocabulary.mjs'

/**
 * Writes `paths:` with `n` operations, drawing from `random` as it goes; their models are
 * `schemas`, their tags `tagNames`. Returns how many operations and paths it wrote.
 */
export function writePaths(yaml, { random, schemas, tagNames, n }) {
  yaml.write('paths:\n')
  let pathCount = 0
  const state = { ops: 0, usedOpIds: new Set() }
  const resources = Math.ceil(n / 5)
  for (let r = 0; r < resources && state.ops < n; r++) {
    const res = resource({ random, schemas, tagNames }, state, r)
    for (const d of DEFS) if (state.ops < n) d(res)
    for (const p in res.paths) yaml.entry('  ', p, res.paths[p], 2)
    pathCount += Object.keys(res.paths).length
    yaml.drain(false)
  }
  return { ops: state.ops, pathCount }
}

/** Resource r: its paths (filled by DEFS), names, model, and how its operations are made. */
function resource({ random, schemas, tagNames }, state, r) {
  const { int, pick, chance, sentence } = random
  const ref = (k) => schemas.ref(k)
  const paths = {}
  const model = r % schemas.count
  const noun = NOUNS[r % NOUNS.length] + (r >= NOUNS.length ? Math.floor(r / NOUNS.length) : '')
  const tag = tagNames[Math.floor(r / 2) % tagNames.length]
  const coll = `/${plural(NOUNS[Math.floor(r / 2) % NOUNS.length])}/${plural(noun)}`
  const idName = `${noun}Id`
  const item = `${coll}/{${idName}}`
  const idParam = {
    name: idName,
    in: 'path',
    required: true,
    description: `Identifier of the ${noun}.`,
    schema: { type: 'string', pattern: '^[a-z0-9_-]{6,40}$' },
    example: `${noun.slice(0, 3)}_01hv6zq4`,
  }
  const body = (partial) => ({
    required: !partial,
    description: partial ? `Fields of the ${noun} to change.` : `The ${noun} to store.`,
    content: {
      'application/json': {
        schema: partial ? { allOf: [ref(model)], description: 'Any subset of the fields.' } : ref(model),
      },
    },
  })
  const ok = (status, description, schema) => ({
    [status]: { description, content: { 'application/json': { schema } } },
  })
  const errors = (count) => {
    const all = [
      ['400', rref('BadRequest')],
      ['401', rref('Unauthorized')],
      ['404', rref('NotFound')],
      ['409', rref('Conflict')],
    ]
    const out = {}
    const start = int(0, 2)
    for (let i = 0; i < count; i++) out[all[(start + i) % all.length][0]] = all[(start + i) % all.length][1]
    return out
  }
  const op = (verb, summary, extra) => {
    const base = verb + cap(verb === 'list' ? plural(noun) : noun)
    let operationId = base
    for (let j = 2; state.usedOpIds.has(operationId); j++) operationId = `${base}${j}`
    state.usedOpIds.add(operationId)
    state.ops++
    const o = { tags: [tag], operationId, summary, description: sentence(8, 30), ...extra }
    if (chance(0.03)) o.deprecated = true
    return o
  }
  return { r, paths, model, noun, coll, item, idParam, body, ok, errors, op, ref, pick, int }
}

/** The operations of a resource, in order: list, create, get, put or patch, delete. */
const DEFS = [
  ({ paths, coll, noun, model, op, ok, errors, ref, pick, int }) => {
    paths[coll] ??= {}
    paths[coll].get = op('list', `List ${plural(noun)}`, {
      parameters: [
        pref('Limit'),
        pref('Cursor'),
        pref('RequestId'),
        {
          name: 'status',
          in: 'query',
          style: 'form',
          explode: false,
          schema: { type: 'array', items: { type: 'string', enum: pick(ENUMS) } },
        },
        {
          name: 'filter',
          in: 'query',
          style: 'deepObject',
          explode: true,
          schema: {
            type: 'object',
            properties: {
              createdAfter: { type: 'string', format: 'date-time' },
              ownerId: { type: 'string' },
            },
          },
        },
      ],
      responses: {
        ...ok('200', `A page of ${plural(noun)}.`, {
          type: 'object',
          properties: {
            data: { type: 'array', items: ref(model) },
            nextCursor: { type: ['string', 'null'] },
          },
        }),
        ...errors(int(1, 3)),
      },
    })
  },
  ({ paths, coll, noun, model, op, ok, errors, ref, body, int }) => {
    paths[coll] ??= {}
    paths[coll].post = op('create', `Create ${aN(noun)}`, {
      parameters: [
        pref('RequestId'),
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          schema: { type: 'string', maxLength: 64 },
        },
      ],
      requestBody: body(false),
      responses: { ...ok('201', `The created ${noun}.`, ref(model)), ...errors(int(1, 3)) },
    })
  },
  ({ paths, item, idParam, noun, model, op, ok, errors, ref, int }) => {
    paths[item] ??= { parameters: [idParam] }
    paths[item].get = op('get', `Get ${aN(noun)}`, {
      parameters: [
        pref('Session'),
        {
          name: 'expand',
          in: 'query',
          schema: { type: 'array', items: { type: 'string' } },
          example: ['owner'],
        },
      ],
      responses: { ...ok('200', `The ${noun}.`, ref(model)), ...errors(int(1, 3)) },
    })
  },
  ({ r, paths, item, idParam, noun, model, op, ok, errors, ref, body, int }) => {
    paths[item] ??= { parameters: [idParam] }
    const verb = r % 2 ? 'patch' : 'put'
    paths[item][verb] = op(
      verb === 'put' ? 'replace' : 'update',
      `${verb === 'put' ? 'Replace' : 'Update'} ${aN(noun)}`,
      {
        parameters: [
          { name: 'If-Match', in: 'header', required: verb === 'put', schema: { type: 'string' } },
        ],
        requestBody: body(verb === 'patch'),
        responses: { ...ok('200', `The ${noun} after the change.`, ref(model)), ...errors(int(1, 3)) },
      },
    )
  },
  ({ paths, item, idParam, noun, op, errors, int }) => {
    paths[item] ??= { parameters: [idParam] }
    paths[item].delete = op('delete', `Delete ${aN(noun)}`, {
      responses: { 204: { description: 'Deleted.' }, ...errors(int(1, 3)) },
    })
  },
]
