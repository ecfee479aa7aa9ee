/**
 * A JSON request body in each sample language's literal, over lines as a reader expects it:
 * httpsnippet writes it on one line, with every quote escaped in Go, Java and C#, and in Node.js a
 * single-quoted string in which `\"` loses its backslash (a body whose values hold a quote was no
 * longer JSON). The samples are generated with BODY_PLACEHOLDER as the body and its literal is
 * replaced here: a raw string in Go and C#, a text block in Java, the JSON itself as an object
 * literal in Node.js, a single-quoted string in PHP and the shell. Continuation lines take the
 * indentation of the line the literal is on, which JSON ignores.
 */

const WORD = 'DOCSSITEJSONBODY'
/**
 * What httpsnippet is given as the body: JSON (a string of letters), so that every target keeps
 * the JSON media type, and writes it in one of the forms PLACED matches.
 */
export const BODY_PLACEHOLDER = `"${WORD}"`
const PLACED = new RegExp(`'"${WORD}"'|"\\\\"${WORD}\\\\""|"${WORD}"`)

type Language = 'curl' | 'go' | 'nodejs' | 'java' | 'csharp' | 'php' | 'python'

/** Each line after the first indented by `indent`. */
const continued = (text: string, indent: string) => text.split('\n').join(`\n${indent}`)

/** Each line indented by `indent` (a block whose delimiters sit on lines of their own). */
const block = (text: string, indent: string) =>
  text
    .split('\n')
    .map((l) => indent + l)
    .join('\n')

/**
 * A JSON value as a Python literal, laid out as httpsnippet's Python target lays out its dicts:
 * a JSON string is a valid Python string literal; true, false and null are True, False and None.
 */
function python(value: unknown, indent = ''): string {
  if (value === null) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value !== 'object') return JSON.stringify(value)
  const inner = `${indent}    `
  if (Array.isArray(value))
    return value.length ? `[\n${value.map((v) => inner + python(v, inner)).join(',\n')}\n${indent}]` : '[]'
  const entries = Object.entries(value as Record<string, unknown>)
  return entries.length
    ? `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${python(v, inner)}`).join(',\n')}\n${indent}}`
    : '{}'
}

const longestQuoteRun = (text: string) => Math.max(0, ...(text.match(/"+/g) ?? []).map((q) => q.length))

/** The literal of `json` in `lang`, for a placeholder on a line indented by `indent`. */
function literal(lang: Language, json: string, indent: string): string {
  // `json` is the sample's body as samples.ts wrote it with JSON.stringify.
  const value: unknown = JSON.parse(json)
  const text = JSON.stringify(value, null, 2)
  switch (lang) {
    case 'python':
      return continued(python(value), indent)
    case 'curl':
      return `'${continued(text.replace(/'/g, `'\\''`), indent)}'`
    case 'php':
      return `'${continued(text.replace(/\\/g, '\\\\').replace(/'/g, "\\'"), indent)}'`
    case 'go':
      // A raw string holds anything but a backtick.
      return text.includes('`') ? JSON.stringify(json) : `\`${continued(text, indent)}\``
    case 'nodejs':
      // JSON is a JavaScript expression, but for a "__proto__" key, which would set the prototype.
      return /"__proto__"\s*:/.test(text)
        ? JSON.stringify(json)
        : `JSON.stringify(${continued(text, indent)})`
    case 'java': {
      // A text block (Java 15): escapes still apply in it, and three quotes would end it.
      const escaped = text.replace(/\\/g, '\\\\').replace(/"""/g, '""\\"')
      return `"""\n${block(escaped, `${indent}    `)}\n${indent}    """`
    }
    case 'csharp': {
      // A raw string literal (C# 11): no escapes; its delimiter has more quotes than any run in it.
      const quotes = '"'.repeat(Math.max(3, longestQuoteRun(text) + 1))
      return `${quotes}\n${block(text, `${indent}    `)}\n${indent}    ${quotes}`
    }
  }
}

/** `code`, generated with BODY_PLACEHOLDER as its body, with the literal of `json` in its place. */
export function withJsonBody(code: string, lang: string, json: string): string {
  const m = PLACED.exec(code)
  if (!m) return code
  const lineStart = code.lastIndexOf('\n', m.index) + 1
  const indent = /^[ \t]*/.exec(code.slice(lineStart, m.index))![0]
  return code.slice(0, m.index) + literal(lang as Language, json, indent) + code.slice(m.index + m[0].length)
}
