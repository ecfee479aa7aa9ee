// Prints a config value as readable TypeScript: unquoted keys, single-quoted strings, short
// arrays and objects on one line, and code (functions) as written.

/** Code to print as is. */
export interface Code {
  readonly code: string
}

const WIDTH = 100

export function tsLiteral(value: unknown, indent = ''): string {
  if (isCode(value)) return value.code.split('\n').join(`\n${indent}`)
  if (typeof value === 'string') return quote(value)
  if (value === null || typeof value !== 'object') return String(value)
  const inner = indent + '  '
  const entries = Array.isArray(value)
    ? value.map((v) => tsLiteral(v, inner))
    : Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${key(k)}: ${tsLiteral(v, inner)}`)
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{ ', ' }']
  if (!entries.length) return Array.isArray(value) ? '[]' : '{}'
  const flat = `${open}${entries.join(', ')}${close}`.replace(/^\[ | \]$/g, '')
  if (!flat.includes('\n') && flat.length + indent.length <= WIDTH) return flat
  return `${open.trim()}\n${entries.map((e) => `${inner}${e},`).join('\n')}\n${indent}${close.trim()}`
}

const isCode = (v: unknown): v is Code =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).length === 1 &&
  'code' in v &&
  typeof (v as Code).code === 'string'

const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k))

export function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`
}
