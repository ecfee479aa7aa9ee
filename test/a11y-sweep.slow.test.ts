// axe-core on every page of the N11S site, light and dark (scripts/a11y-sweep.ts): zero
// violations. About twenty minutes long, so a plain npm test leaves it out; .ci/run names it in
// SLOW_SUITES, so CI runs it in the same run and closing line as the other suites.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { ROOT } from './helpers/index.js'

test('axe finds no violation on any page, light or dark', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/a11y-sweep.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  assert.is(r.status, 0, `${r.stdout}\n${r.stderr}`.slice(-4000))
})

test.run()
