import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { DevServer } from '../src/serve/index.js'
import { LAZY_SIDEBAR_PAGES } from '../src/sidebar-view.js'
import { cache, tempSite } from './helpers/index.js'
import { getFrom, serveQuietly } from './helpers/serve-client.js'

// serve makes a large sidebar's shared file (the items of its collapsed categories) when a browser
// first asks for it, not as it starts; the file follows a title change like the pages do.
const AREAS = 4
const PAGES = 30
const files: Record<string, string> = {
  'docs-site.config.ts': `export default { title: 'Items', i18n: { defaultLocale: 'en', locales: { en: { label: 'English', htmlLang: 'en' } } } }\n`,
  'content/docs/v1/intro.md': '---\ntitle: Introduction\nslug: /\n---\n\nStart here.\n',
}
for (let a = 1; a <= AREAS; a++) {
  files[`content/docs/v1/area-${a}/_category_.yml`] = `label: Area ${a}\nposition: ${a}\n`
  for (let p = 1; p <= PAGES; p++)
    files[`content/docs/v1/area-${a}/page-${p}.md`] =
      `---\ntitle: Page ${a}.${p}\nsidebar_position: ${p}\n---\n\nText of page ${a}.${p}.\n`
}
const dir = tempSite('docs-site-serve-items-', files)
let server: DevServer
const get = (target: string) => getFrom(server.port, target)
const srcOf = (html: string) => /data-sidebar-src="([^"]+)"/.exec(html)?.[1]
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

test.before(async () => {
  assert.ok(AREAS * PAGES > LAZY_SIDEBAR_PAGES, 'the sidebar must count as large')
  server = await serveQuietly({ root: dir, cache })
})
test.after(() => server.close())

test('the page names the shared file, which holds the collapsed categories, answered without a long cache', async () => {
  const page = await get('/')
  assert.is(page.status, 200)
  assert.not.match(page.body, 'Page 3.7', 'a collapsed category is not in the page')
  const src = srcOf(page.body)
  assert.ok(src, 'the sidebar names its file')
  const items = await get(src!)
  assert.is(items.status, 200)
  assert.match(items.headers['content-type']!, 'application/json')
  assert.not.match(items.headers['cache-control'] ?? '', 'immutable')
  const json = JSON.parse(items.body) as Record<string, string | string[]>
  assert.ok(
    Object.values(json).some((v) => String(v).includes('>Page 3.7<')),
    'the file holds a collapsed category',
  )
})

test('a title changed in a collapsed category is in the file the pages then name', async () => {
  const before = server.revision()
  const file = path.join(dir, 'content/docs/v1/area-3/page-7.md')
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: Page 3.7', 'title: Renamed 3.7'))
  for (let i = 0; i < 200 && server.revision() === before; i++) await sleep(50)
  assert.ok(server.revision() > before, 'a new revision')
  const src = srcOf((await get('/')).body)
  const items = await get(src!)
  assert.match(items.body, '>Renamed 3.7<')
  assert.not.match(items.body, '>Page 3.7<')
})

test.run()
