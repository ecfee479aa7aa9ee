// The component schemas: 10–30 properties each (strings with formats and constraints, numbers with
// ranges, enums, nullable types, inline objects three levels deep, $refs, allOf and oneOf), in
// four layers: schema k refers only to schemas of a higher layer, so a full expansion stays
// bounded, except for a few deliberate cycles.

import { ADJ, aN, cap, ENUMS, FIELD, FORMATS, NOUNS, PATTERNS } from './vocabulary.mjs'

const LAYERS = 4
const CYCLE_STEP = 160

const layer = (k) => k % LAYERS

/** `count` distinct schema names: the nouns, then the nouns behind an adjective, then numbered. */
function schemaNames(count) {
  const names = []
  const used = new Set()
  for (let k = 0; k < count; k++) {
    let base = cap(NOUNS[k % NOUNS.length])
    if (k >= NOUNS.length) base = cap(ADJ[Math.floor(k / NOUNS.length) % ADJ.length]) + base
    let name = base
    for (let j = 2; used.has(name); j++) name = base + j
    used.add(name)
    names.push(name)
  }
  return names
}

/** The `count` schemas of a spec, built one at a time (`build(k)`, in order) as they are written. */
export class Schemas {
  constructor(random, count) {
    this.random = random
    this.count = count
    this.names = schemaNames(count)
    /** The cycles built so far. */
    this.cycles = 0
  }

  ref(k) {
    return { $ref: `#/components/schemas/${this.names[k]}` }
  }

  /** A schema in a higher layer than k, close to k (or -1 if there is none). */
  lowerRef(k) {
    const l = layer(k)
    if (l === LAYERS - 1) return -1
    const t = k + this.random.int(1, LAYERS - 1 - l)
    return t < this.count ? t : -1
  }

  build(k) {
    const { rnd, int, pick, chance, sentence } = this.random
    const ref = (t) => this.ref(t)
    const lowerRef = (t) => this.lowerRef(t)
    const props = {
      id: {
        type: 'string',
        format: 'uuid',
        readOnly: true,
        description: `Identifier of the ${this.names[k]}.`,
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
        props[key] = inlineObject(this.random, 3)
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
        props[key] = leafProperty(this.random)
      }
    }
    const keys = Object.keys(props)
    const obj = {
      type: 'object',
      description: `${cap(aN(this.names[k].replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()))}. ${sentence(6, 18)}`,
      required: keys.slice(0, int(1, Math.min(4, keys.length))),
      properties: props,
    }
    const base = k % 7 === 3 ? lowerRef(k) : -1
    // additionalProperties: false and allOf reject each other's properties, so it only goes on
    // layer-0 schemas that are not allOf themselves (allOf bases are always in a higher layer).
    if (layer(k) === 0 && base < 0 && chance(0.5)) obj.additionalProperties = false
    if (chance(0.05)) obj.deprecated = true
    this.addCycles(k, props)
    if (base >= 0) return { allOf: [ref(base), obj], description: obj.description }
    return obj
  }

  /**
   * A few deliberate cycles: layer-0 schema k <-> layer-3 schema k+3 (k = 0, 160, 320, ...), and
   * the last schema is a self-referencing tree.
   */
  addCycles(k, props) {
    if (k % CYCLE_STEP === 0 && k + 3 < this.count) {
      props.related = { ...this.ref(k + 3), description: 'Cycle edge (A → B).' }
      this.cycles++
    }
    if (k >= 3 && (k - 3) % CYCLE_STEP === 0)
      props.backReference = { ...this.ref(k - 3), description: 'Cycle edge (B → A).' }
    if (k === this.count - 1) {
      props.children = { type: 'array', items: this.ref(k), description: 'Self-reference (tree).' }
      this.cycles++
    }
  }
}

function leafProperty(random) {
  const { rnd, int, pick, chance, sentence } = random
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

function inlineObject(random, depth) {
  const { int, pick, sentence } = random
  const props = {}
  const n = int(2, 5)
  for (let i = 0; i < n; i++) props[`${pick(FIELD)}${i}`] = leafProperty(random)
  if (depth > 1) props[`${pick(NOUNS)}Details`] = inlineObject(random, depth - 1)
  return { type: 'object', description: sentence(3, 9), required: [Object.keys(props)[0]], properties: props }
}

/** The error responses' body. */
export const problemSchema = {
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
