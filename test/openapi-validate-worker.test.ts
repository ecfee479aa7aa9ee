// A large spec is validated on a worker thread while its model is made (src/openapi/validate.ts):
// what the validator finds is the same there as on the main thread, a valid spec builds as
// before, and an invalid one fails with its error at its line, its speculative model dropped.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { loadConfig } from '../src/config.js'
import { build } from '../src/build.js'
import { formatDiagnostic } from '../src/errors.js'
import { findings, inWorker, WORKER_VALIDATION_BYTES } from '../src/openapi/validate.js'
import { parseYaml } from '../src/parse/yaml.js'
import type { Diagnostic } from '../src/types.js'
import { cache, ROOT, tempDir } from './helpers/index.js'

/** A project whose API is a generated spec of `ops` operations, changed by `edit`. */
function project(ops: number, edit: (yaml: string) => string = (y) => y): { dir: string; spec: string } {
  const dir = tempDir('docs-site-validate-')
  fs.mkdirSync(path.join(dir, 'swagger'))
  fs.mkdirSync(path.join(dir, 'content/docs/v1'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'content/docs/v1/index.md'), '# API\n\nThe reference.\n')
  fs.writeFileSync(
    path.join(dir, 'docs-site.config.mjs'),
    "export default { title: 'Validate', docs: { versions: [{ name: 'v1' }], sidebars: { docs: ['index'], api: [{ type: 'api' }] } } }\n",
  )
  const spec = path.join(dir, 'swagger/v1.yaml')
  const gen = spawnSync(process.execPath, [
    path.join(ROOT, 'bench/gen-spec.mjs'),
    '--ops',
    String(ops),
    '--out',
    spec,
  ])
  assert.is(gen.status, 0, String(gen.stderr))
  fs.writeFileSync(spec, edit(fs.readFileSync(spec, 'utf8')))
  return { dir, spec }
}

const OPTIONS = { resolve: { external: false, file: false } } as const

test('the validator finds the same on a worker thread as here, valid or not', async () => {
  const { spec } = project(40, (y) => y.replace('in: "query"', 'in: "qu"'))
  const doc = parseYaml(fs.readFileSync(spec, 'utf8')).data as object
  const here = await findings(doc, OPTIONS, false)
  // The worker itself (`findings` would validate here if it failed).
  const there = await inWorker(doc, OPTIONS)
  assert.is(here.valid, false)
  assert.ok(here.errors.length > 0)
  assert.equal(there, {
    valid: here.valid,
    errors: [...here.errors].map((e) => ({ message: e.message })),
    warnings: [...here.warnings].map((w) => ({ message: w.message })),
  })
})

test('a large spec, validated on a worker meanwhile, builds its pages', async () => {
  const { dir, spec } = project(200)
  assert.ok(fs.statSync(spec).size >= WORKER_VALIDATION_BYTES, 'the spec is large enough for the worker')
  const result = await build(await loadConfig(dir), { write: false, cache })
  assert.ok([...result.output.keys()].filter((f) => f.startsWith('api/')).length > 200)
  assert.equal(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  )
})

test('an invalid large spec fails at its line, its model (made meanwhile) dropped', async () => {
  const { dir, spec } = project(200, (y) => y.replace('in: "query"', 'in: "qu"'))
  assert.ok(fs.statSync(spec).size >= WORKER_VALIDATION_BYTES)
  const failed = await build(await loadConfig(dir), { write: false, cache }).catch(
    (err: { diagnostics?: Diagnostic[] }) => err,
  )
  const errors = ('diagnostics' in failed ? failed.diagnostics! : []).filter((d) => d.severity === 'error')
  assert.ok(errors.length > 0, 'the build fails')
  // The validator points at the parameter's `in` (its line, in this file), as it does on the main thread.
  assert.ok(
    errors.some(
      (d) =>
        d.at?.file === 'swagger/v1.yaml' &&
        (d.at.line ?? 0) > 1 &&
        /must be equal to one of the allowed values \(at #\/paths\/.*\/in\)/.test(d.message),
    ),
    errors.map(formatDiagnostic).join('\n'),
  )
})

test.run()
