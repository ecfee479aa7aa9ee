// Where a key of a spec sits decides how the bundler treats it: an extension to drop, a member
// of a map of names, or a schema to hoist under a name of its own.

type Segments = ReadonlyArray<string | number>

/**
 * Extensions docs-site reads. Any other `x-` value is not OpenAPI: it is left out of the bundle
 * unless it is a plain scalar, so a `$ref` inside it (to markdown for another tool, say) is
 * never followed, validated or refused.
 */
export const KNOWN_EXTENSIONS = new Set([
  'x-codeSamples',
  'x-code-samples',
  'x-tagGroups',
  'x-internal',
  'x-displayName',
  'x-hmac-signature',
])

/**
 * JSON Schema's keywords whose value maps names to subschemas: each is both a map of names
 * (NAME_MAPS) and a map of schemas (SCHEMA_MAPS), so both sets start from this one list.
 */
const NAMED_SUBSCHEMAS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']

/**
 * Maps whose keys are names the spec chose (a header `x-rate-limit`, a property `x-request-id`, a
 * component `x-common-version`), not fields: an `x-` key there is a member, never an extension.
 */
const NAME_MAPS = new Set([
  ...NAMED_SUBSCHEMAS,
  'headers',
  'content',
  'encoding',
  'examples',
  'links',
  'callbacks',
  'variables',
  'webhooks',
  'schemas',
  'requestBodies',
  'securitySchemes',
  'pathItems',
])
/** Whether the object at `at` of the bundle is such a map (not a member of one, named like it). */
export function isNameMap(at: Segments): boolean {
  const key = at[at.length - 1]
  const parent = at[at.length - 2]
  if (typeof key !== 'string') return false
  if (parent === 'components') return true
  if (typeof parent === 'string' && (NAME_MAPS.has(parent) || (parent === 'responses' && at.length === 3)))
    return false
  return NAME_MAPS.has(key)
}

/** Keys whose value is a schema, and keys whose members are schemas (JSON Schema and OpenAPI). */
const SCHEMA_KEYS = new Set([
  'schema',
  'items',
  'additionalProperties',
  'not',
  'additionalItems',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
])
const SCHEMA_MAPS = new Set([...NAMED_SUBSCHEMAS, 'allOf', 'oneOf', 'anyOf', 'prefixItems'])

/** Is the value at this path (of the bundled document) a schema? */
export function isSchemaPosition(at: Segments): boolean {
  const last = at[at.length - 1]
  const parent = at[at.length - 2]
  if (typeof parent === 'string' && SCHEMA_MAPS.has(parent)) return true
  if (typeof last === 'string' && SCHEMA_KEYS.has(last)) return true
  return (
    (at.length === 3 && at[0] === 'components' && at[1] === 'schemas') ||
    (at.length === 2 && at[0] === 'definitions')
  )
}
