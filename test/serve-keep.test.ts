import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../src/config.js'
import { prepare, type PreparedSite } from '../src/prepare.js'
import { liveSite, type LivePage } from '../src/serve/on-demand.js'
import { tempSite } from './helpers/index.js'

// serve's background pass renders every page while nobody is asking; the pages it renders are
// kept (up to a budget), so the reader who opens one next is answered at once, and it renders the
// pages the opened ones link to first. A kept page is the page a request would have rendered:
// with its links checked.
const dir = tempSite('docs-site-keep-', {
  'docs-site.config.ts': `export default { title: 'Keep' }\n`,
  'content/docs/start.md':
    '---\ntitle: Start\nslug: /\nsidebar_position: 1\n---\n\nSee [the guide](guide.md).\n',
  'content/docs/guide.md': '---\ntitle: Guide\nsidebar_position: 2\n---\n\nGo to [nowhere](missing.md).\n',
  'content/docs/faq.md': '---\ntitle: FAQ\nsidebar_position: 3\n---\n\nQuestions.\n',
})

/** The site serve prepares, with its doc bodies' renders counted. */
async function counted() {
  const prepared = await prepare(await loadConfig(dir), { lazy: true })
  const renders: string[] = []
  const spied = new Proxy(prepared, {
    get(target, key, receiver) {
      if (key !== 'settleBodies') return Reflect.get(target, key, receiver)
      return (routes: Parameters<PreparedSite['settleBodies']>[0]) => {
        renders.push(...routes.map((r) => r.outFile))
        return target.settleBodies(routes)
      }
    },
  })
  return {
    prepared: spied,
    renders,
    route: (out: string) => prepared.site.routes.find((r) => r.outFile === out)!,
  }
}
const page = async (hit: Promise<unknown>) => (await hit) as LivePage

test('a page the background pass rendered is the one a reader then gets, with its broken link', async () => {
  const { prepared, renders, route } = await counted()
  const live = liveSite(prepared, () => new Map())
  const kept = await live.render(route('guide/index.html'))
  assert.match(kept.body, /nowhere/)
  assert.equal(kept.ofBody, [])
  const got = await page(live.get('guide/index.html'))
  assert.is(got, kept)
  assert.equal(renders, ['guide/index.html'])
  assert.ok(
    got.diagnostics.some((d) => /missing\.md/.test(d.message)),
    JSON.stringify(got.diagnostics),
  )
  // The next revision of a save elsewhere carries it.
  const next = liveSite(prepared, () => new Map(), { extra: live.extra, rendered: live.carry([]) })
  assert.is((await page(next.get('guide/index.html'))).body, kept.body)
  assert.equal(renders, ['guide/index.html'])
})

test('past the budget, the background pass renders a page and does not keep it', async () => {
  const { prepared, renders, route } = await counted()
  const live = liveSite(prepared, () => new Map(), { keepChars: 1 })
  await live.render(route('guide/index.html'))
  await live.render(route('faq/index.html'))
  await live.get('guide/index.html')
  await live.get('faq/index.html')
  assert.equal(renders, ['guide/index.html', 'faq/index.html', 'faq/index.html'])
})

test('the pages an opened page links to come first, and only until they are rendered', async () => {
  const { prepared, route } = await counted()
  const live = liveSite(prepared, () => new Map())
  assert.equal(live.ahead(), [])
  await live.get('index.html')
  const ahead = live.ahead().map((r) => r.outFile)
  assert.ok(ahead.includes('guide/index.html') && ahead.includes('faq/index.html'), ahead.join())
  assert.not.ok(ahead.includes('index.html'))
  await live.render(route('guide/index.html'))
  assert.not.ok(live.ahead().some((r) => r.outFile === 'guide/index.html'))
})

test.run()
