import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { serve, type DevServer } from '../src/serve/index.js'
import { cache, tempSite } from './helpers/index.js'
import { getFrom } from './helpers/serve-client.js'

// serve decodes only a doc's front matter as it starts (and its first lines when the front matter
// names no title, or when there is none): what a writer sees must be what reading it whole gives.
const filler = Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of the introduction.`).join('\n\n')
const tail = Array.from({ length: 200 }, (_, i) => `Paragraph ${i + 1}.`).join('\n\n')
const dir = tempSite('docs-site-serve-heads-', {
  'docs-site.config.ts': `export default { title: 'Heads', i18n: { defaultLocale: 'en', locales: { en: { label: 'English', htmlLang: 'en' } } } }\n`,
  'content/docs/v1/intro.md': `---\ntitle: Introduction\nslug: /\n---\n\nStart.\n\n${tail}\n`,
  // No title in the front matter: the body's first heading, after a comment, names the page.
  'content/docs/v1/late.md': `---\nsidebar_position: 2\n---\n\n<!-- ${filler} -->\n\n# Late Title\n\n${tail}\n`,
  // No opening fence: the warning names the closing one's line; the page is named by its heading.
  'content/docs/v1/unopened.md': `sidebar_position: 3\ndescription: x\n---\n\n# Unopened\n\n${tail}\n`,
})
let server: DevServer
const errors: string[] = []
const get = (target: string) => getFrom(server.port, target)

test.before(async () => {
  server = await serve({ root: dir, cache, port: 0, log: () => undefined, logError: (l) => errors.push(l) })
})
test.after(() => server.close())

test("a title from the body's first lines, past the front matter, names the page and its sidebar item", async () => {
  const page = await get('/late/')
  assert.is(page.status, 200)
  assert.match(page.body, /<h1[^>]*>Late Title<\/h1>/)
  assert.match(page.body, '>Paragraph 200.<')
  const home = (await get('/')).body
  assert.match(home, />Late Title<\/a>/)
})

test('a file without an opening fence is warned about at the closing line, and read whole', async () => {
  const page = await get('/unopened/')
  assert.is(page.status, 200)
  assert.match(page.body, '>Paragraph 200.<')
  assert.ok(
    errors.some((l) => l.includes('unopened.md:3') && l.includes('front matter fence without opening')),
    errors.join('\n'),
  )
})

test.run()
