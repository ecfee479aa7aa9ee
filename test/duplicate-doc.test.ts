// Two files that are one doc (`01-intro.md` beside `intro.md`, or two files with the same `id:`)
// are an error naming both files: one of them used to vanish silently.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture } from './helpers/index.js'
import { DocsSiteError, formatDiagnostic } from '../src/errors.js'

test('both pairs are errors naming both files; the build fails with exit 1', async () => {
  let err: unknown
  try {
    await buildFixture('duplicate-doc', { title: 'Fixture' })
  } catch (e) {
    err = e
  }
  assert.instance(err, DocsSiteError)
  const lines = (err as DocsSiteError).diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)
  assert.equal(lines.length, 2, lines.join('\n'))
  assert.match(
    lines.join('\n'),
    'error: two files are the doc "guide/intro": content/docs/v2/guide/01-intro.md and content/docs/v2/guide/intro.md',
  )
  assert.match(
    lines.join('\n'),
    'error: two files are the doc "guide/install": content/docs/v2/guide/installing.md and content/docs/v2/guide/setup.md',
  )
  assert.is((err as DocsSiteError).exitCode, 1)
})

test.run()
