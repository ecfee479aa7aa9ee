import { HTTPSnippet, type HarRequest } from 'httpsnippet'
import type { ApiExample, CodeSample, SchemaNode } from '../api-types.js'
import { scalar } from '../../shared/serialise.js'
import { BODY_PLACEHOLDER, withJsonBody } from './json-literals.js'

/** The spec's seven languages, as httpsnippet targets (a maintained generator, not seven hand-written ones). */
export const SAMPLE_LANGUAGES = [
  { id: 'curl', label: 'curl', target: 'shell', client: 'curl', highlight: 'bash' },
  { id: 'go', label: 'Go', target: 'go', client: 'native', highlight: 'go' },
  { id: 'nodejs', label: 'Node.js', target: 'node', client: 'fetch', highlight: 'javascript' },
  { id: 'java', label: 'Java', target: 'java', client: 'unirest', highlight: 'java' },
  { id: 'python', label: 'Python', target: 'python', client: 'requests', highlight: 'python' },
  { id: 'csharp', label: 'C#', target: 'csharp', client: 'httpclient', highlight: 'csharp' },
  { id: 'php', label: 'PHP', target: 'php', client: 'guzzle', highlight: 'php' },
] as const

export type Pair = { name: string; value: string }

export interface SampleRequest {
  readonly method: string
  /** Absolute URL with path parameters filled in. */
  readonly url: string
  readonly query: readonly Pair[]
  readonly headers: readonly Pair[]
  readonly cookies: readonly Pair[]
  readonly body:
    | { readonly mediaType: string; readonly example: ApiExample | undefined; readonly schema: SchemaNode }
    | undefined
}

const isFile = (n: SchemaNode | undefined) =>
  !!n && (n.type === 'file' || n.format === 'binary' || n.format === 'base64' || n.items?.type === 'file')

/** The request body as httpsnippet's HAR: JSON and text as text, forms as fields, multipart with file parts. */
function postData(body: NonNullable<SampleRequest['body']>): HarRequest['postData'] {
  const mimeType = body.mediaType
  const value = body.example
    ? /json|x-www-form-urlencoded|multipart\//i.test(mimeType)
      ? parseOr(body.example.text)
      : body.example.text
    : undefined
  if (/x-www-form-urlencoded|multipart\//i.test(mimeType)) {
    const data = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
    const names = new Set([
      ...Object.keys(data),
      ...(body.schema.properties ?? [])
        .filter((p) => isFile(p.node) && body.schema.required?.includes(p.name))
        .map((p) => p.name),
    ])
    const params = [...names].flatMap(
      (name): Array<{ name: string; value?: string; fileName?: string; contentType?: string }> => {
        const node = body.schema.properties?.find((p) => p.name === name)?.node
        if (/multipart/i.test(mimeType) && isFile(node))
          return [{ name, fileName: `${name}.bin`, contentType: 'application/octet-stream' }]
        const v = data[name]
        return Array.isArray(v) ? v.map((x) => ({ name, value: scalar(x) })) : [{ name, value: scalar(v) }]
      },
    )
    return {
      mimeType: /multipart/i.test(mimeType) ? 'multipart/form-data' : 'application/x-www-form-urlencoded',
      params: params as NonNullable<HarRequest['postData']>['params'],
    }
  }
  if (/json/i.test(mimeType)) return { mimeType, text: value === undefined ? '{}' : JSON.stringify(value) }
  if (/octet-stream|^image\/|^audio\/|^video\/|application\/pdf|zip/i.test(mimeType) || isFile(body.schema))
    return { mimeType, text: '<binary file contents>' }
  return { mimeType, text: typeof value === 'string' ? value : scalar(value) }
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Code samples of one request in the seven languages. */
export function generateSamples(
  req: SampleRequest,
  highlight: (code: string, lang: string) => string,
): CodeSample[] {
  const data = req.body ? postData(req.body) : undefined
  const har: HarRequest = {
    method: req.method.toUpperCase(),
    url: req.url,
    httpVersion: 'HTTP/1.1',
    cookies: [...req.cookies],
    // multipart's Content-Type carries a boundary: each client sets it itself.
    headers: [
      ...req.headers,
      ...(data && !/multipart/.test(data.mimeType) ? [{ name: 'Content-Type', value: data.mimeType }] : []),
    ],
    queryString: [...req.query],
    headersSize: -1,
    bodySize: -1,
    postData: data,
  }
  const binary = data?.text === '<binary file contents>'
  // httpsnippet's multipart output does not run (empty file parts, a fixed boundary, a string
  // where a file object belongs): multipart samples are written here.
  if (data && /multipart/.test(data.mimeType)) {
    const code = multipartSamples(req, (data.params ?? []) as FormPart[])
    return SAMPLE_LANGUAGES.map((lang) => ({
      id: lang.id,
      label: lang.label,
      code: code[lang.id],
      html: highlight(code[lang.id], lang.highlight),
    }))
  }
  // A JSON body is written over lines, in each language's own literal: httpsnippet puts it on one
  // line with every quote escaped. It is given a placeholder instead, whose literal is replaced
  // (json-literals.ts).
  const json = data && /json/i.test(data.mimeType) && data.text !== undefined ? data.text : undefined
  const snippet = new HTTPSnippet(
    json === undefined ? har : { ...har, postData: { ...data!, text: BODY_PLACEHOLDER } },
  )
  return SAMPLE_LANGUAGES.map((lang) => {
    let code = String(snippet.convert(lang.target, lang.client) || '')
    if (json !== undefined) code = withJsonBody(code, lang.id, json)
    // Node 18+ ships fetch; the generator still requires node-fetch.
    if (lang.id === 'nodejs') code = code.replace(/^const fetch = require\('node-fetch'\);\n\n/, '')
    // curl sends a file's bytes from disk; the other languages show where they go.
    if (lang.id === 'curl' && binary)
      code = code.replace(/--data '<binary file contents>'/, '--data-binary @file.bin')
    return { id: lang.id, label: lang.label, code, html: highlight(code, lang.highlight) }
  })
}

type FormPart = { name: string; value?: string; fileName?: string; contentType?: string }

type Multipart = {
  method: string
  url: string
  headers: ReadonlyArray<{ name: string; value: string }>
  fields: readonly FormPart[]
  files: readonly FormPart[]
}
const sh = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`
const js = (v: string) => JSON.stringify(v)
const php = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/** A multipart/form-data request in the seven languages, each with its idiomatic form API. */
function multipartSamples(
  req: SampleRequest,
  parts: readonly FormPart[],
): Record<(typeof SAMPLE_LANGUAGES)[number]['id'], string> {
  const qs = req.query.map((q) => `${encodeURIComponent(q.name)}=${encodeURIComponent(q.value)}`).join('&')
  const m: Multipart = {
    method: req.method.toUpperCase(),
    url: req.url + (qs ? `?${qs}` : ''),
    headers: [
      ...req.headers,
      ...(req.cookies.length
        ? [{ name: 'Cookie', value: req.cookies.map((c) => `${c.name}=${c.value}`).join('; ') }]
        : []),
    ],
    fields: parts.filter((p) => !p.fileName),
    files: parts.filter((p) => p.fileName),
  }
  return {
    curl: curlMultipart(m),
    go: goMultipart(m),
    nodejs: nodejsMultipart(m),
    java: javaMultipart(m),
    python: pythonMultipart(m),
    csharp: csharpMultipart(m),
    php: phpMultipart(m),
  }
}

const curlMultipart = ({ method, url, headers, fields, files }: Multipart): string =>
  [
    `curl --request ${method}`,
    `  --url ${sh(url)}`,
    ...headers.map((h) => `  --header ${sh(`${h.name}: ${h.value}`)}`),
    ...fields.map((f) => `  --form ${sh(`${f.name}=${f.value ?? ''}`)}`),
    ...files.map((f) => `  --form ${sh(`${f.name}=@${f.fileName}`)}`),
  ].join(' \\\n')

const goMultipart = ({ method, url, headers, fields, files }: Multipart): string =>
  [
    'package main',
    '',
    'import (',
    '\t"bytes"',
    '\t"fmt"',
    '\t"io"',
    '\t"mime/multipart"',
    '\t"net/http"',
    '\t"os"',
    ')',
    '',
    'func main() {',
    '\tbody := &bytes.Buffer{}',
    '\tform := multipart.NewWriter(body)',
    ...fields.map((f) => `\tform.WriteField(${js(f.name)}, ${js(f.value ?? '')})`),
    ...files.flatMap((f, i) => [
      `\tfile${i}, _ := os.Open(${js(f.fileName!)})`,
      `\tdefer file${i}.Close()`,
      `\tpart${i}, _ := form.CreateFormFile(${js(f.name)}, ${js(f.fileName!)})`,
      `\tio.Copy(part${i}, file${i})`,
    ]),
    '\tform.Close()',
    '',
    `\treq, _ := http.NewRequest(${js(method)}, ${js(url)}, body)`,
    '\treq.Header.Set("Content-Type", form.FormDataContentType())',
    ...headers.map((h) => `\treq.Header.Set(${js(h.name)}, ${js(h.value)})`),
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '\tanswer, _ := io.ReadAll(res.Body)',
    '\tfmt.Println(res.Status, string(answer))',
    '}',
  ].join('\n')

const nodejsMultipart = ({ method, url, headers, fields, files }: Multipart): string =>
  [
    "import { openAsBlob } from 'node:fs'",
    '',
    'const form = new FormData()',
    ...fields.map((f) => `form.append(${js(f.name)}, ${js(f.value ?? '')})`),
    ...files.map(
      (f) => `form.append(${js(f.name)}, await openAsBlob(${js(f.fileName!)}), ${js(f.fileName!)})`,
    ),
    '',
    `const response = await fetch(${js(url)}, {`,
    `  method: ${js(method)},`,
    ...(headers.length
      ? [`  headers: { ${headers.map((h) => `${js(h.name)}: ${js(h.value)}`).join(', ')} },`]
      : []),
    '  body: form, // fetch sets the multipart Content-Type with its boundary',
    '})',
    'console.log(response.status, await response.text())',
  ].join('\n')

const javaMultipart = ({ method, url, headers, fields, files }: Multipart): string =>
  [
    `HttpResponse<String> response = Unirest.${method.toLowerCase()}(${js(url)})`,
    ...headers.map((h) => `  .header(${js(h.name)}, ${js(h.value)})`),
    ...fields.map((f) => `  .field(${js(f.name)}, ${js(f.value ?? '')})`),
    ...files.map((f) => `  .field(${js(f.name)}, new File(${js(f.fileName!)}))`),
    '  .asString();',
  ].join('\n')

const pythonMultipart = ({ method, url, headers, fields, files }: Multipart): string =>
  [
    'import requests',
    '',
    `url = ${js(url)}`,
    ...(headers.length
      ? [`headers = {${headers.map((h) => `${js(h.name)}: ${js(h.value)}`).join(', ')}}`]
      : []),
    `data = {${fields.map((f) => `${js(f.name)}: ${js(f.value ?? '')}`).join(', ')}}`,
    '',
    ...(files.length
      ? [
          `with ${files.map((f, i) => `open(${js(f.fileName!)}, "rb") as file${i}`).join(', ')}:`,
          `    files = {${files.map((f, i) => `${js(f.name)}: (${js(f.fileName!)}, file${i}, ${js(f.contentType ?? 'application/octet-stream')})`).join(', ')}}`,
          `    response = requests.${method.toLowerCase()}(url, data=data, files=files${headers.length ? ', headers=headers' : ''})`,
        ]
      : [
          `response = requests.${method.toLowerCase()}(url, data=data${headers.length ? ', headers=headers' : ''})`,
        ]),
    '',
    'print(response.status_code, response.text)',
  ].join('\n')

const csharpMultipart = ({ method, url, headers, fields, files }: Multipart): string =>
  [
    'using System.Net.Http.Headers;',
    'var client = new HttpClient();',
    'using var form = new MultipartFormDataContent();',
    ...fields.map((f) => `form.Add(new StringContent(${js(f.value ?? '')}), ${js(f.name)});`),
    ...files.flatMap((f, i) => [
      `var file${i} = new StreamContent(File.OpenRead(${js(f.fileName!)}));`,
      `file${i}.Headers.ContentType = new MediaTypeHeaderValue(${js(f.contentType ?? 'application/octet-stream')});`,
      `form.Add(file${i}, ${js(f.name)}, ${js(f.fileName!)});`,
    ]),
    `var request = new HttpRequestMessage(new HttpMethod(${js(method)}), ${js(url)}) { Content = form };`,
    ...headers.map((h) => `request.Headers.TryAddWithoutValidation(${js(h.name)}, ${js(h.value)});`),
    'using var response = await client.SendAsync(request);',
    'Console.WriteLine(await response.Content.ReadAsStringAsync());',
  ].join('\n')

const phpMultipart = ({ method, url, headers, fields, files }: Multipart): string =>
  [
    '<?php',
    '',
    '$client = new \\GuzzleHttp\\Client();',
    '',
    `$response = $client->request(${php(method)}, ${php(url)}, [`,
    ...(headers.length
      ? [`  'headers' => [${headers.map((h) => `${php(h.name)} => ${php(h.value)}`).join(', ')}],`]
      : []),
    "  'multipart' => [",
    ...fields.map((f) => `    ['name' => ${php(f.name)}, 'contents' => ${php(f.value ?? '')}],`),
    ...files.map(
      (f) =>
        `    ['name' => ${php(f.name)}, 'contents' => fopen(${php(f.fileName!)}, 'r'), 'filename' => ${php(f.fileName!)}],`,
    ),
    '  ],',
    ']);',
    '',
    'echo $response->getBody();',
  ].join('\n')

/** `x-codeSamples` language names → the ids of the generated tabs, so one choice sticks across both. */
const LANG_IDS: Record<string, { id: string; highlight: string; label: string }> = {
  shell: { id: 'curl', highlight: 'bash', label: 'curl' },
  bash: { id: 'curl', highlight: 'bash', label: 'curl' },
  curl: { id: 'curl', highlight: 'bash', label: 'curl' },
  sh: { id: 'curl', highlight: 'bash', label: 'curl' },
  go: { id: 'go', highlight: 'go', label: 'Go' },
  javascript: { id: 'nodejs', highlight: 'javascript', label: 'Node.js' },
  js: { id: 'nodejs', highlight: 'javascript', label: 'Node.js' },
  node: { id: 'nodejs', highlight: 'javascript', label: 'Node.js' },
  'node.js': { id: 'nodejs', highlight: 'javascript', label: 'Node.js' },
  nodejs: { id: 'nodejs', highlight: 'javascript', label: 'Node.js' },
  java: { id: 'java', highlight: 'java', label: 'Java' },
  python: { id: 'python', highlight: 'python', label: 'Python' },
  py: { id: 'python', highlight: 'python', label: 'Python' },
  'c#': { id: 'csharp', highlight: 'csharp', label: 'C#' },
  csharp: { id: 'csharp', highlight: 'csharp', label: 'C#' },
  php: { id: 'php', highlight: 'php', label: 'PHP' },
}

/**
 * The spec's own samples (`x-codeSamples`, or the older `x-code-samples`): `{ lang, label, source }`.
 * They replace the generated sample of the same language and come first.
 */
export function customSamples(
  list: unknown,
  highlight: (code: string, lang: string) => string,
): CodeSample[] {
  if (!Array.isArray(list)) return []
  const seen = new Set<string>()
  const out: CodeSample[] = []
  for (const item of list) {
    if (!item || typeof item !== 'object') continue
    const { lang, label, source } = item as Record<string, unknown>
    if (typeof source !== 'string') continue
    const key = String(lang ?? label ?? 'text').toLowerCase()
    const known = LANG_IDS[key]
    let id = known?.id ?? key.replace(/[^a-z0-9]+/g, '-')
    for (let n = 2; seen.has(id); n++) id = `${known?.id ?? key}-${n}`
    seen.add(id)
    out.push({
      id,
      label: typeof label === 'string' ? label : (known?.label ?? String(lang ?? 'Sample')),
      code: source.replace(/\n$/, ''),
      html: highlight(source.replace(/\n$/, ''), known?.highlight ?? key),
      custom: true,
    })
  }
  return out
}
