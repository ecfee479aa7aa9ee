// `hide_footer: true` in the front matter of a doc, a blog post or a standalone page drops the
// site footer from that page only.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, html } from './helpers/index.js'
import { formatDiagnostic } from '../src/errors.js'
import type { BuildResult } from '../src/types.js'

let result: BuildResult
test.before(async () => {
  result = await buildFixture('hide-footer', {
    title: 'Fixture',
    url: 'https://fixture.example',
    footer: { links: [{ label: 'Home', to: '/' }], copyright: 'Copyright Fixture Ltd' },
  })
})

test('pages without the key keep the footer', () => {
  for (const f of ['index.html', 'blog/loud/index.html'])
    assert.match(html(result, f), 'Copyright Fixture Ltd', f)
})

test('a doc, a post and a standalone page with hide_footer: true have none', () => {
  for (const f of ['quiet/index.html', 'blog/quiet/index.html', 'quiet-page/index.html']) {
    const page = html(result, f)
    assert.not.match(page, 'Copyright Fixture Ltd', f)
    assert.not.match(page, '<footer class="footer', f)
  }
  assert.equal(result.diagnostics.map(formatDiagnostic), [])
})

test.run()
