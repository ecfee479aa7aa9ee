import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../src/config.js'
import { prepare } from '../src/prepare.js'
import type { CodeHighlighter } from '../src/parse/highlight.js'
import { tempSite } from './helpers/index.js'

// serve hands the code of the page at the site's root (the one the terminal links) to the
// highlight worker as soon as that doc's front matter is read, before the other docs are read:
// that doc's blocks, in the default locale and the version at the root, and no other doc's.
const fence = (lang: string, code: string) => '```' + lang + ' title="x"\n' + code + '\n```\n'
const dir = tempSite('docs-site-home-first-', {
  'docs-site.config.ts': `export default {
  title: 'Home first',
  docs: { versions: [{ name: 'v2' }, { name: 'v1' }] },
  i18n: {
    defaultLocale: 'en',
    locales: { en: { label: 'English', htmlLang: 'en' }, vi: { label: 'Tiếng Việt', htmlLang: 'vi' } },
  },
}\n`,
  'content/docs/v2/start.md': `---\ntitle: Start\nslug: /\n---\n\n${fence('go', 'package main')}\nText.\n\n${fence('python', 'print("hi")')}\n~~~bash\necho ok\n~~~\n`,
  'content/docs/v2/guide.md': `---\ntitle: Guide\n---\n\n${fence('java', 'class Guide {}')}`,
  'content/docs/v1/start.md': `---\ntitle: Start v1\nslug: /\n---\n\n${fence('php', 'echo 1;')}`,
  'content/i18n/vi/docs/v2/start.md': `---\ntitle: Bắt đầu\nslug: /\n---\n\n${fence('ruby', 'puts 1')}`,
})

const recording = () => {
  const warmed: Array<readonly [string, string]> = []
  const highlighter: CodeHighlighter = {
    highlight: (code) => ({ html: `<pre>${code}</pre>`, known: true }),
    settle: () => Promise.resolve((html: string) => html),
    warm: (blocks) => void warmed.push(...blocks),
  }
  return { warmed, highlighter }
}

test("serve's prepare highlights the root page's blocks ahead, and only those", async () => {
  const config = await loadConfig(dir)
  const { warmed, highlighter } = recording()
  await prepare(config, { lazy: true, cache: { highlighter } })
  assert.equal(warmed, [
    ['go', 'package main'],
    ['python', 'print("hi")'],
    ['bash', 'echo ok'],
  ])
})

test('a build reads every body anyway: nothing is highlighted ahead', async () => {
  const config = await loadConfig(dir)
  const { warmed, highlighter } = recording()
  await prepare(config, { cache: { highlighter } })
  assert.equal(warmed, [])
})

test.run()
