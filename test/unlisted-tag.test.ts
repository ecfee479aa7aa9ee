// An unlisted doc may carry a tag no listed doc has: that tag has no page, and the build must
// not link to one (it failed with a broken link).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, html } from './helpers/index.js'
import { formatDiagnostic } from '../src/errors.js'

test('the build succeeds; the unlisted doc links only the tags that have pages', async () => {
  const result = await buildFixture('unlisted-tag', { title: 'Fixture' })
  assert.equal(result.diagnostics.map(formatDiagnostic), [])
  const page = html(result, 'secret/index.html')
  assert.match(page, 'href="/tags/shared/"')
  assert.not.match(page, '/tags/secret-only/')
  assert.not.ok(result.output.has('tags/secret-only/index.html'))
})

test.run()
