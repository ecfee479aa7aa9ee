#!/usr/bin/env node
// Generates a large, deterministic OpenAPI 3.1 document for benchmarking the API reference.
//
//   node bench/gen-spec.mjs --ops 2500 --out /tmp/big.yaml [--seed 1]
//
// Shape, for N operations:
// - N operations on ~N/5 resources (list, create, get, put-or-patch, delete), spread over ~N/10 tags;
// - ~N/4 component schemas with 10–30 properties each: strings with formats and constraints,
//   integers and numbers with ranges, enums, booleans, nullable type arrays, inline objects nested
//   3 levels deep, arrays of $refs to other components, allOf compositions and oneOf unions;
// - references only go "down" four layers (schema k refers to schemas of a higher layer), so a
//   full expansion stays bounded, except for a few deliberate cycles (A ↔ B pairs and self-trees);
// - parameters in path, query (form, deepObject), header and cookie; shared parameters and
//   responses in components; request bodies on POST/PUT/PATCH; 2–4 responses per operation.
// Output depends only on --ops and --seed. Without --out the YAML goes to stdout.
import fs from 'node:fs'

// ---------------------------------------------------------------- arguments
const args = process.argv.slice(2)
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt
}
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write('usage: node bench/gen-spec.mjs --ops N [--out FILE] [--seed S]\n')
  process.exit(0)
}
const N = Number.parseInt(opt('ops', '500'), 10)
const OUT = opt('out', null)
const SEED = Number.parseInt(opt('seed', '1'), 10)
if (!Number.isFinite(N) || N < 1) {
  process.stderr.write('gen-spec: --ops must be a positive integer\n')
  process.exit(2)
}

// ---------------------------------------------------------------- deterministic PRNG
let state = (SEED * 0x9e3779b9) >>> 0 || 1
const rnd = () => {
  // mulberry32
  state = (state + 0x6d2b79f5) >>> 0
  let t = state
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1))
const pick = (arr) => arr[Math.floor(rnd() * arr.length)]
const chance = (p) => rnd() < p

// ---------------------------------------------------------------- vocabulary
const NOUNS = [
  'account',
  'address',
  'agent',
  'alert',
  'asset',
  'audit',
  'batch',
  'booking',
  'branch',
  'budget',
  'campaign',
  'card',
  'cart',
  'channel',
  'charge',
  'claim',
  'client',
  'contract',
  'coupon',
  'credit',
  'customer',
  'device',
  'discount',
  'dispute',
  'document',
  'driver',
  'event',
  'export',
  'feature',
  'fleet',
  'gateway',
  'grant',
  'invoice',
  'item',
  'journal',
  'ledger',
  'license',
  'listing',
  'loan',
  'location',
  'member',
  'message',
  'meter',
  'mandate',
  'note',
  'offer',
  'order',
  'parcel',
  'partner',
  'payout',
  'plan',
  'policy',
  'price',
  'product',
  'project',
  'quote',
  'rate',
  'receipt',
  'refund',
  'region',
  'report',
  'reservation',
  'route',
  'sensor',
  'session',
  'shipment',
  'sku',
  'slot',
  'statement',
  'store',
  'subscription',
  'supplier',
  'survey',
  'task',
  'tax',
  'team',
  'template',
  'ticket',
  'token',
  'transfer',
  'trip',
  'user',
  'vehicle',
  'vendor',
  'voucher',
  'wallet',
  'warehouse',
  'webhook',
  'workflow',
  'zone',
]
const ADJ = [
  'active',
  'archived',
  'billing',
  'default',
  'external',
  'primary',
  'pending',
  'public',
  'recurring',
  'regional',
  'scheduled',
  'shared',
  'internal',
  'legacy',
  'verified',
  'virtual',
]
const FIELD = [
  'name',
  'label',
  'code',
  'status',
  'kind',
  'reference',
  'note',
  'title',
  'summary',
  'amount',
  'total',
  'count',
  'limit',
  'score',
  'weight',
  'ratio',
  'level',
  'priority',
  'rank',
  'version',
  'locale',
  'currency',
  'country',
  'timezone',
  'email',
  'phone',
  'website',
  'host',
  'ip',
  'checksum',
  'token',
  'secret',
  'createdAt',
  'updatedAt',
  'expiresAt',
  'startsOn',
  'endsOn',
  'enabled',
  'visible',
  'locked',
  'verified',
  'archived',
  'tags',
  'source',
  'channel',
  'origin',
  'owner',
  'parent',
]
const WORDS = [
  'returns',
  'the',
  'current',
  'state',
  'of',
  'a',
  'resource',
  'including',
  'its',
  'settings',
  'and',
  'history',
  'for',
  'use',
  'in',
  'reports',
  'billing',
  'integrations',
  'when',
  'available',
  'otherwise',
  'null',
  'values',
  'are',
  'validated',
  'on',
  'write',
  'and',
  'normalised',
  'before',
  'storage',
]
const ENUMS = [
  ['draft', 'active', 'suspended', 'closed'],
  ['low', 'normal', 'high', 'urgent'],
  ['web', 'mobile', 'api', 'batch'],
  ['daily', 'weekly', 'monthly', 'yearly'],
  ['pending', 'processing', 'succeeded', 'failed', 'cancelled'],
  ['EUR', 'USD', 'GBP', 'JPY', 'CHF'],
]
const FORMATS = [
  ['email', 'ops@example.com'],
  ['uuid', '3fa85f64-5717-4562-b3fc-2c963f66afa6'],
  ['date-time', '2024-05-01T12:00:00Z'],
  ['date', '2024-05-01'],
  ['uri', 'https://example.com/x'],
  ['hostname', 'api.example.com'],
  ['ipv4', '192.0.2.10'],
]
const PATTERNS = [
  ['^[A-Z]{3}-[0-9]{4}$', 'ABC-1234'],
  ['^[a-z0-9_]{3,24}$', 'user_01'],
  ['^tx_[a-z0-9]{8}$', 'tx_a1b2c3d4'],
  ['^\\+[1-9][0-9]{7,14}$', '+4915112345678'],
  ['^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$', 'DE89370400440532013000'],
]

const cap = (s) => s[0].toUpperCase() + s.slice(1)
const plural = (w) =>
  /(s|x|ch|sh)$/.test(w) ? `${w}es` : /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`
const aN = (w) => (/^[aeiou]/.test(w) ? `an ${w}` : `a ${w}`)
const sentence = (min, max) => {
  const n = int(min, max)
  const w = []
  for (let i = 0; i < n; i++) w.push(pick(WORDS))
  return cap(w.join(' ')) + '.'
}

// ---------------------------------------------------------------- sizes
const TAGS = Math.max(1, Math.round(N / 10))
const SCHEMAS = Math.max(8, Math.round(N / 4))
const RESOURCES = Math.ceil(N / 5)
const LAYERS = 4
const CYCLE_STEP = 160
let cycleCount = 0

const schemaNames = []
{
  const used = new Set()
  for (let k = 0; k < SCHEMAS; k++) {
    let base = cap(NOUNS[k % NOUNS.length])
    if (k >= NOUNS.length) base = cap(ADJ[Math.floor(k / NOUNS.length) % ADJ.length]) + base
    let name = base
    for (let j = 2; used.has(name); j++) name = base + j
    used.add(name)
    schemaNames.push(name)
  }
}
const ref = (k) => ({ $ref: `#/components/schemas/${schemaNames[k]}` })
const layer = (k) => k % LAYERS
// A schema in a higher layer than k, close to k (or -1 if there is none).
const lowerRef = (k) => {
  const l = layer(k)
  if (l === LAYERS - 1) return -1
  const t = k + int(1, LAYERS - 1 - l)
  return t < SCHEMAS ? t : -1
}

// ---------------------------------------------------------------- schema properties
function leafProperty() {
  const r = rnd()
  if (r < 0.22) {
    const [format, example] = pick(FORMATS)
    return { type: 'string', format, description: sentence(3, 8), example }
  }
  if (r < 0.36) {
    const [pattern, example] = pick(PATTERNS)
    return { type: 'string', pattern, minLength: 3, maxLength: 34, example }
  }
  if (r < 0.46)
    return { type: 'string', minLength: int(1, 4), maxLength: int(20, 200), description: sentence(3, 10) }
  if (r < 0.58) {
    const lo = int(0, 10)
    return { type: 'integer', format: pick(['int32', 'int64']), minimum: lo, maximum: lo + int(10, 100000) }
  }
  if (r < 0.66)
    return {
      type: 'number',
      format: pick(['float', 'double']),
      minimum: 0,
      exclusiveMaximum: int(1, 1000),
      multipleOf: 0.01,
    }
  if (r < 0.78) return { type: 'string', enum: pick(ENUMS), description: sentence(3, 6) }
  if (r < 0.86) return { type: 'boolean', default: chance(0.5) }
  if (r < 0.93)
    return { type: ['string', 'null'], format: 'date-time', description: 'Null until the event happens.' }
  return {
    type: 'array',
    items: { type: 'string', maxLength: 40 },
    maxItems: int(5, 50),
    uniqueItems: true,
    examples: [['a', 'b']],
  }
}

function inlineObject(depth) {
  const props = {}
  const n = int(2, 5)
  for (let i = 0; i < n; i++) props[`${pick(FIELD)}${i}`] = leafProperty()
  if (depth > 1) props[`${pick(NOUNS)}Details`] = inlineObject(depth - 1)
  return { type: 'object', description: sentence(3, 9), required: [Object.keys(props)[0]], properties: props }
}

function buildSchema(k) {
  const props = {
    id: {
      type: 'string',
      format: 'uuid',
      readOnly: true,
      description: `Identifier of the ${schemaNames[k]}.`,
    },
  }
  const n = int(10, 28) // + up to 2 cycle edges
  let nested = 0
  for (let i = 1; i < n; i++) {
    const key = `${pick(FIELD)}${cap(pick(NOUNS))}`
    const r = rnd()
    let t
    if (r < 0.1 && nested < 2) {
      nested++
      props[key] = inlineObject(3)
    } else if (r < 0.2 && (t = lowerRef(k)) >= 0) {
      props[key + 'List'] = { type: 'array', description: sentence(4, 10), maxItems: 100, items: ref(t) }
    } else if (r < 0.26 && (t = lowerRef(k)) >= 0) {
      props[key] = ref(t)
    } else if (r < 0.3 && (t = lowerRef(k)) >= 0) {
      const u = lowerRef(k)
      props[key] = u >= 0 && u !== t ? { oneOf: [ref(t), ref(u)] } : { oneOf: [ref(t), { type: 'string' }] }
    } else if (r < 0.33) {
      props[key] = {
        oneOf: [
          { type: 'string', maxLength: 64 },
          { type: 'integer', minimum: 0 },
        ],
        description: 'A code or a numeric id.',
      }
    } else {
      props[key] = leafProperty()
    }
  }
  const keys = Object.keys(props)
  const obj = {
    type: 'object',
    description: `${cap(aN(schemaNames[k].replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()))}. ${sentence(6, 18)}`,
    required: keys.slice(0, int(1, Math.min(4, keys.length))),
    properties: props,
  }
  const base = k % 7 === 3 ? lowerRef(k) : -1
  // additionalProperties: false and allOf reject each other's properties, so it only goes on
  // layer-0 schemas that are not allOf themselves (allOf bases are always in a higher layer).
  if (layer(k) === 0 && base < 0 && chance(0.5)) obj.additionalProperties = false
  if (chance(0.05)) obj.deprecated = true
  // A few deliberate cycles: layer-0 schema k <-> layer-3 schema k+3 (k = 0, 160, 320, ...), and
  // the last schema is a self-referencing tree.
  if (k % CYCLE_STEP === 0 && k + 3 < SCHEMAS) {
    props.related = { ...ref(k + 3), description: 'Cycle edge (A → B).' }
    cycleCount++
  }
  if (k >= 3 && (k - 3) % CYCLE_STEP === 0)
    props.backReference = { ...ref(k - 3), description: 'Cycle edge (B → A).' }
  if (k === SCHEMAS - 1) {
    props.children = { type: 'array', items: ref(k), description: 'Self-reference (tree).' }
    cycleCount++
  }
  if (base >= 0) return { allOf: [ref(base), obj], description: obj.description }
  return obj
}

const problemSchema = {
  type: 'object',
  description: 'RFC 9457 problem details.',
  required: ['type', 'title', 'status'],
  properties: {
    type: { type: 'string', format: 'uri-reference', example: '/problems/validation' },
    title: { type: 'string' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { pointer: { type: 'string' }, message: { type: 'string' } } },
    },
  },
}

// ---------------------------------------------------------------- YAML emitter
// Block style; every string is a JSON string (a valid YAML double-quoted scalar), so no value can
// be misread (no "yes", "1e3", ": " or "#" surprises). Plain keys when they are safe identifiers.
const SAFE_KEY = /^[A-Za-z_$][A-Za-z0-9_$.-]*$/
const RESERVED = new Set([
  'null',
  'true',
  'false',
  'y',
  'n',
  'yes',
  'no',
  'on',
  'off',
  'Y',
  'N',
  'Yes',
  'No',
  'True',
  'False',
  'Null',
  'NULL',
  'TRUE',
  'FALSE',
  'YES',
  'NO',
  'On',
  'Off',
  'ON',
  'OFF',
])
const keyCache = new Map()
const key = (k) => {
  let q = keyCache.get(k)
  if (q === undefined) keyCache.set(k, (q = SAFE_KEY.test(k) && !RESERVED.has(k) ? k : JSON.stringify(k)))
  return q
}
const scalar = (v) => (typeof v === 'string' ? JSON.stringify(v) : v === null ? 'null' : String(v))
const isScalar = (v) => v === null || typeof v !== 'object'
let out = ''
// Output goes to the file in ~1 MB writes as it is generated, so the document is never held in
// memory as a tree (this keeps the garbage collector out of the way for large N).
const fd = OUT ? fs.openSync(OUT, 'w') : null
const stdoutChunks = []
let written = 0
const drain = (force) => {
  if (!force && out.length < 1 << 20) return
  written += out.length
  if (fd !== null) fs.writeSync(fd, out)
  else stdoutChunks.push(out)
  out = ''
}
const PADS = []
const padOf = (n) => PADS[n] ?? (PADS[n] = ' '.repeat(n))
const flow = (arr) => {
  let s = '['
  for (let i = 0; i < arr.length; i++) s += (i ? ', ' : '') + scalar(arr[i])
  return s + ']'
}
function emit(v, indent) {
  // v is a non-empty object or array; the caller has written the line that introduces it.
  const pad = padOf(indent)
  if (Array.isArray(v)) {
    for (const x of v) {
      if (isScalar(x)) out += `${pad}- ${scalar(x)}\n`
      else if (Array.isArray(x)) {
        if (x.length === 0) out += `${pad}- []\n`
        else if (x.every(isScalar)) out += `${pad}- ${flow(x)}\n`
        else {
          out += `${pad}-\n`
          emit(x, indent + 2)
        }
      } else {
        // first key on the dash line, the others aligned under it
        let first = true
        for (const k in x) {
          entry(first ? `${pad}- ` : `${pad}  `, k, x[k], indent + 2)
          first = false
        }
        if (first) out += `${pad}- {}\n`
      }
    }
    return
  }
  for (const k in v) entry(pad, k, v[k], indent)
}
function entry(lead, k, val, indent) {
  if (isScalar(val)) out += `${lead}${key(k)}: ${scalar(val)}\n`
  else if (Array.isArray(val)) {
    if (val.length === 0) out += `${lead}${key(k)}: []\n`
    else if (val.every(isScalar)) out += `${lead}${key(k)}: ${flow(val)}\n`
    else {
      out += `${lead}${key(k)}:\n`
      emit(val, indent + 2)
    }
  } else {
    let empty = true
    for (const _ in val) {
      empty = false
      break
    }
    if (empty) out += `${lead}${key(k)}: {}\n`
    else {
      out += `${lead}${key(k)}:\n`
      emit(val, indent + 2)
    }
  }
}
// ---------------------------------------------------------------- tags, parameters, responses
const tagNames = []
const tags = []
for (let t = 0; t < TAGS; t++) {
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

const parameters = {
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
const responses = {
  BadRequest: problem('The request is malformed or failed validation.'),
  NotFound: problem('No such resource.'),
  Conflict: problem('The resource changed concurrently; retry with a fresh ETag.'),
  Unauthorized: problem('Missing or invalid credentials.'),
}
const rref = (name) => ({ $ref: `#/components/responses/${name}` })
const pref = (name) => ({ $ref: `#/components/parameters/${name}` })

// ---------------------------------------------------------------- document
out += `# Generated by bench/gen-spec.mjs --ops ${N} --seed ${SEED}; do not edit.\n`
emit(
  {
    openapi: '3.1.0',
    info: {
      title: `Synthetic Platform API (${N} operations)`,
      version: '1.0.0',
      description: `Generated by bench/gen-spec.mjs --ops ${N} --seed ${SEED}.\n\n${sentence(20, 40)}\n\n## Conventions\n\n${sentence(15, 30)}`,
    },
    servers: [
      { url: 'https://api.example.com/v1', description: 'Production' },
      { url: '/v1', description: 'Same origin' },
    ],
    tags,
    security: [{ bearer: [] }],
  },
  0,
)

// ---------------------------------------------------------------- operations
out += 'paths:\n'
let pathCount = 0
const usedOpIds = new Set()
let ops = 0
for (let r = 0; r < RESOURCES && ops < N; r++) {
  const paths = {}
  const model = r % SCHEMAS
  const noun = NOUNS[r % NOUNS.length] + (r >= NOUNS.length ? Math.floor(r / NOUNS.length) : '')
  const tag = tagNames[Math.floor(r / 2) % TAGS]
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
    for (let j = 2; usedOpIds.has(operationId); j++) operationId = `${base}${j}`
    usedOpIds.add(operationId)
    ops++
    const o = { tags: [tag], operationId, summary, description: sentence(8, 30), ...extra }
    if (chance(0.03)) o.deprecated = true
    return o
  }
  const defs = [
    () => {
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
    () => {
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
    () => {
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
    () => {
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
    () => {
      paths[item] ??= { parameters: [idParam] }
      paths[item].delete = op('delete', `Delete ${aN(noun)}`, {
        responses: { 204: { description: 'Deleted.' }, ...errors(int(1, 3)) },
      })
    },
  ]
  for (const d of defs) if (ops < N) d()
  for (const p in paths) entry('  ', p, paths[p], 2)
  pathCount += Object.keys(paths).length
  drain(false)
}

// ---------------------------------------------------------------- components
out += 'components:\n'
emit(
  {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    parameters,
    responses,
  },
  2,
)
out += '  schemas:\n'
for (let k = 0; k < SCHEMAS; k++) {
  entry('    ', schemaNames[k], buildSchema(k), 4)
  drain(false)
}
entry('    ', 'Problem', problemSchema, 4)
drain(true)

if (fd !== null) {
  fs.closeSync(fd)
  process.stderr.write(
    `gen-spec: ${ops} operations, ${pathCount} paths, ${TAGS} tags, ${SCHEMAS + 1} schemas, ${cycleCount} cycles, ${(written / 1024 / 1024).toFixed(1)} MB -> ${OUT}\n`,
  )
} else {
  process.stdout.write(stdoutChunks.join(''))
}
