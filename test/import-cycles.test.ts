import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { ROOT } from './helpers/index.js'

// No import cycles among the modules of src/, shared/ and theme/, nor among their folders (src/site/ and
// src/blog/ importing each other is a cycle of folders: neither can be read without the other).
// dependency-cruiser reads the imports as tsc resolves them (`.js` specifiers name `.ts` files),
// `import type` included: a cycle of types still ties the modules together.

const describe = (v: IViolation) => [v.from, ...(v.cycle ?? []).map((c) => c.name)].join(' → ')

const OPTIONS = {
  baseDir: ROOT,
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.json' },
  doNotFollow: { path: 'node_modules' },
} as const
const TRANSPILE = { tsConfig: extractTSConfig(`${ROOT}tsconfig.json`) }

let violations: IViolation[] | undefined
async function cycles(): Promise<IViolation[]> {
  if (violations) return violations
  const inSource = '^(src|shared|theme)/'
  const result = await cruise(
    ['src', 'shared', 'theme'],
    {
      ...OPTIONS,
      validate: true,
      ruleSet: {
        forbidden: [
          { name: 'module-cycle', severity: 'error', from: {}, to: { circular: true } },
          {
            name: 'folder-cycle',
            scope: 'folder',
            severity: 'error',
            from: { path: inSource },
            to: { path: inSource, circular: true, viaOnly: { path: inSource } },
          },
        ],
      },
    },
    {},
    TRANSPILE,
  )
  violations = [...(result.output as ICruiseResult).summary.violations]
  return violations
}

test('the imports are read: the cruise sees the pipeline and the theme', async () => {
  // Without this, a resolution failure (no module found) would look like "no cycles".
  const result = await cruise(['src/build.ts'], OPTIONS, {}, TRANSPILE)
  const modules = (result.output as ICruiseResult).modules.map((m) => m.source)
  for (const m of ['src/links/check.ts', 'src/site/index.ts', 'src/blog/routes.ts', 'theme/Document.tsx'])
    assert.ok(modules.includes(m), `${m} not reached from src/build.ts`)
})

test('no cycle of modules or folders', async () => {
  assert.equal(
    (await cycles()).map((v) => `${v.rule.name}: ${describe(v)}`),
    [],
  )
})

test.run()
