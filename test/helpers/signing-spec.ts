import fs from 'node:fs'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { ROOT } from './index.js'

// The operations of the N11S specs (swagger/) signed with X-N11S-Signature, and their hand-written
// x-codeSamples (test/signing-samples.test.ts).

/** The seven languages, in this order, with these labels. */
export const LANGUAGES = [
  { lang: 'shell', label: 'curl' },
  { lang: 'go', label: 'Go' },
  { lang: 'javascript', label: 'Node.js' },
  { lang: 'java', label: 'Java' },
  { lang: 'python', label: 'Python' },
  { lang: 'csharp', label: 'C#' },
  { lang: 'php', label: 'PHP' },
]

export type Raw = Record<string, unknown>
export const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v)

export interface CodeSample {
  lang: string
  label?: string
  source: string
}
export interface SignedOperation {
  version: string
  operationId: string
  method: string
  path: string
  /** createTenantToken (you → N11S, API secret) or a wallet callback (N11S → you, wallet secret). */
  kind: 'token' | 'callback'
  samples: CodeSample[]
  /** First example of the JSON request body. */
  example: unknown
  spec: Raw
}

export function loadSpec(version: string): Raw {
  return parseYaml(fs.readFileSync(path.join(ROOT, `swagger/${version}.yaml`), 'utf8')) as Raw
}

/** Every operation whose security needs X-N11S-Signature, with its x-codeSamples (possibly none). */
export function signedOperations(version: string): SignedOperation[] {
  const spec = loadSpec(version)
  const schemes = ((spec.components as Raw).securitySchemes ?? {}) as Record<string, Raw>
  const out: SignedOperation[] = []
  for (const [p, item] of Object.entries(spec.paths as Record<string, Raw>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!isObj(op) || typeof op.operationId !== 'string') continue
      const requirements = ((op.security ?? spec.security ?? []) as Raw[]).flatMap((r) => Object.keys(r))
      const signing = requirements.filter(
        (k) => schemes[k]?.in === 'header' && schemes[k]?.name === 'X-N11S-Signature',
      )
      if (!signing.length) continue
      const json = (((op.requestBody as Raw | undefined)?.content as Raw | undefined)?.['application/json'] ??
        {}) as Raw
      const examples = Object.values((json.examples ?? {}) as Record<string, Raw>)
      out.push({
        version,
        operationId: op.operationId,
        method,
        path: p,
        kind: requirements.includes('apiKey') ? 'token' : 'callback',
        samples: (op['x-codeSamples'] ?? []) as CodeSample[],
        example: examples[0]?.value ?? json.example,
        spec,
      })
    }
  }
  return out
}
