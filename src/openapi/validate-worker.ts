// The OpenAPI validation worker thread (src/openapi/validate.ts): validates one document and
// sends back what the validator found, as plain messages.
import { parentPort, workerData } from 'node:worker_threads'
import { validate, type ParserOptions } from '@readme/openapi-parser'
import type { Findings } from './validate.js'

const { doc, options } = workerData as { doc: never; options: ParserOptions }
validate(doc, options).then(
  (result) => {
    const findings: Findings = {
      valid: result.valid,
      errors: result.valid ? [] : result.errors.map((e) => ({ message: e.message })),
      warnings: result.warnings.map((w) => ({ message: w.message })),
    }
    parentPort!.postMessage({ findings })
  },
  (err: unknown) => parentPort!.postMessage({ thrown: (err as Error)?.message ?? String(err) }),
)
