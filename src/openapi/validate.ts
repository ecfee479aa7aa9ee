import { validate, type ParserOptions } from '@readme/openapi-parser'
import { startEntryWorker } from '../worker-entry.js'

// Validating a large spec (@readme/openapi-parser: its JSON schema, then its rules) takes a
// quarter of its OpenAPI stage, all of it on one core while the others wait: 2.8 s of 11.7 s at
// 2,500 operations. On a worker thread it runs beside the dereference and the model, which are
// then made before the document is known to be valid, and dropped when it is not.

/** What the validator found: its messages, as plain data a worker can send. */
export interface Findings {
  readonly valid: boolean
  readonly errors: ReadonlyArray<{ readonly message: string }>
  readonly warnings: ReadonlyArray<{ readonly message: string }>
}

/** The validator threw (a bug of its own, or a document it cannot read): its message. */
export class ValidatorThrew extends Error {}

/** Bytes of spec files from which validation runs on a worker thread (below, its start costs more). */
export const WORKER_VALIDATION_BYTES = 512 * 1024

/** Validates a copy of `doc`, on a worker thread when `worker`. */
export async function findings(doc: object, options: ParserOptions, worker: boolean): Promise<Findings> {
  if (worker) {
    const found = await inWorker(doc, options).catch((err: unknown) => {
      if (err instanceof ValidatorThrew) throw err
      // A worker that could not start or died (out of memory): validated here instead.
      return undefined
    })
    if (found) return found
  }
  try {
    const result = await validate(structuredClone(doc) as never, options)
    return { valid: result.valid, errors: result.valid ? [] : result.errors, warnings: result.warnings }
  } catch (err) {
    throw new ValidatorThrew((err as Error)?.message ?? String(err))
  }
}

/** Resolves with the findings, rejects with ValidatorThrew, or with the worker's own failure. */
export function inWorker(doc: object, options: ParserOptions): Promise<Findings> {
  return new Promise((resolve, reject) => {
    // The document is copied into the worker as it starts, as `validate` would have copied it here.
    const worker = startEntryWorker(new URL('./validate-worker.ts', import.meta.url), {
      workerData: { doc, options },
    })
    worker.once('message', (m: { findings?: Findings; thrown?: string }) => {
      void worker.terminate()
      if (m.findings) resolve(m.findings)
      else reject(new ValidatorThrew(m.thrown))
    })
    worker.once('error', reject)
  })
}
