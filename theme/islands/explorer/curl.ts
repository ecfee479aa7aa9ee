// The curl command of exactly the request the explorer sends.

export type CurlBody =
  | { readonly kind: 'raw'; readonly text: string }
  | { readonly kind: 'urlencoded'; readonly pairs: ReadonlyArray<readonly [string, string]> }
  | {
      readonly kind: 'form'
      readonly parts: ReadonlyArray<
        | { readonly name: string; readonly value: string }
        | { readonly name: string; readonly fileName: string; readonly type: string }
      >
    }
  | { readonly kind: 'file'; readonly fileName: string }

export interface CurlRequest {
  readonly method: string
  readonly url: string
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly cookies: ReadonlyArray<readonly [string, string]>
  readonly body: CurlBody | undefined
}

/** POSIX shell single quotes. */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`

/** A file name in curl's --form syntax: quoted when it holds `;`, `,`, `"` or spaces. */
const formFile = (name: string) =>
  /[;,"\\\s]/.test(name) ? `"${name.replace(/[\\"]/g, (c) => `\\${c}`)}"` : name

/** Form-encoding of a field name (curl's --data-urlencode expects the name already encoded). */
const formName = (name: string) => new URLSearchParams([[name, '']]).toString().slice(0, -1)

export function curlCommand(r: CurlRequest): string {
  const lines = [`curl --request ${r.method}`, `--url ${shellQuote(r.url)}`]
  for (const [k, v] of r.headers) lines.push(`--header ${shellQuote(`${k}: ${v}`)}`)
  if (r.cookies.length)
    lines.push(`--cookie ${shellQuote(r.cookies.map(([k, v]) => `${k}=${v}`).join('; '))}`)
  const b = r.body
  if (b?.kind === 'raw') lines.push(`--data-binary ${shellQuote(b.text)}`)
  else if (b?.kind === 'urlencoded')
    for (const [k, v] of b.pairs) lines.push(`--data-urlencode ${shellQuote(`${formName(k)}=${v}`)}`)
  else if (b?.kind === 'form') {
    for (const p of b.parts) {
      // --form-string: a text value is never read as a file (@) or a type (;type=).
      if ('value' in p) lines.push(`--form-string ${shellQuote(`${p.name}=${p.value}`)}`)
      else
        lines.push(
          `--form ${shellQuote(`${p.name}=@${formFile(p.fileName)}${p.type ? `;type=${p.type}` : ''}`)}`,
        )
    }
  } else if (b?.kind === 'file') lines.push(`--data-binary ${shellQuote(`@${b.fileName}`)}`)
  return lines.join(' \\\n  ')
}
