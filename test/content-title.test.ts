// A doc whose front matter names a title and whose body starts with a `# heading` of its own
// shows that heading as its h1, as Docusaurus does; the front matter's title still names the page
// in the <title>, the sidebar and the pager.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildDir, html, tempSite } from './helpers/index.js'

test("the body's own # heading is the h1; the front matter's title names the page", async () => {
  const dir = tempSite('docs-site-content-title-', {
    'content/docs/v1/install.md':
      '---\ntitle: Install\nslug: /\n---\n\n# Installing the SDK on a server\n\nRun the installer.\n',
    'content/docs/v1/same.md': '---\ntitle: Same\n---\n\n# Same\n\nText.\n',
    'content/docs/v1/only.md': '# Only a heading\n\nText.\n',
    'content/docs/v1/hidden.md': '---\ntitle: Hidden\nhide_title: true\n---\n\nText.\n',
    'content/docs/v1/hidden-own.md':
      '---\ntitle: Hidden own\nhide_title: true\n---\n\n# Shown anyway\n\nText.\n',
  })
  const result = await buildDir(dir)
  const home = html(result, 'index.html')
  assert.match(home, /<h1>Installing the SDK on a server<\/h1>/)
  assert.match(home, '<title>Install | ')
  assert.match(home, /class="menu-link active" href="\/" aria-current="page">Install</)
  // Not twice: the heading is taken out of the body.
  assert.is(home.split('Installing the SDK on a server').length - 1, 1)
  assert.match(html(result, 'same/index.html'), /<h1>Same<\/h1>/)
  const only = html(result, 'only/index.html')
  assert.match(only, /<h1>Only a heading<\/h1>/)
  assert.match(only, '<title>Only a heading | ')
  // hide_title hides the front matter's title (kept for screen readers), not a heading of the body.
  assert.match(html(result, 'hidden/index.html'), '<h1 class="sr-only">Hidden</h1>')
  assert.match(html(result, 'hidden-own/index.html'), '<h1>Shown anyway</h1>')
})

test.run()
