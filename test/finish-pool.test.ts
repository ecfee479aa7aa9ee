// A build finishes its rendered pages on worker threads (src/html/finish-pool.ts): what they write
// must be what the main thread writes, byte for byte, whatever the number of workers, and the
// links and ids they send back must reach the link check.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../src/config.js'
import { build } from '../src/build.js'
import { formatDiagnostic } from '../src/errors.js'
import { prepare } from '../src/prepare.js'
import { finishSetup } from '../src/html/document.js'
import { startFinishPool } from '../src/html/finish-pool.js'
import type { Diagnostic } from '../src/types.js'
import { cache, FIXTURES, tempCopy, tempDir } from './helpers/index.js'
import { specSiteConfig } from './helpers/spec-site.js'

/** Every file of a folder, by its path, with its bytes. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>()
  for (const f of (fs.readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const p = path.join(dir, f)
    if (fs.statSync(p).isFile()) out.set(f, fs.readFileSync(p))
  }
  return out
}

/** Builds a copy of a fixture to disk with `workers` finishing workers; its output's files. */
async function builtWith(fixture: string, workers: number): Promise<Map<string, Buffer>> {
  const dir = tempCopy(fixture)
  const config = await loadConfig(dir)
  await build(config, { cache, finishWorkers: workers })
  return files(config.dirs.out)
}

function assertSameFiles(expected: Map<string, Buffer>, actual: Map<string, Buffer>, what: string) {
  assert.equal([...actual.keys()], [...expected.keys()], `the same files ${what}`)
  for (const [file, bytes] of expected)
    assert.ok(bytes.equals(actual.get(file)!), `${file} is the same ${what}`)
}

// Each fixture has what finishing changes: image sizes (images), diagrams' text (markdown), the
// root 404 page in other locales (translations), the config's head tags and Docusaurus's class
// names (docusaurus/site-options).
for (const fixture of ['images', 'markdown', 'translations', 'docusaurus/site-options']) {
  test(`${fixture}: the same bytes with no finishing worker, one and three`, async () => {
    const inThread = await builtWith(fixture, 0)
    assert.ok(
      [...inThread.keys()].some((f) => f.endsWith('.html')),
      'the fixture has pages',
    )
    for (const workers of [1, 3])
      assertSameFiles(inThread, await builtWith(fixture, workers), `with ${workers}`)
  })
}

// API pages are rendered on the workers too; a page whose descriptions hold a code block comes
// back to the main thread to have it filled, then goes out again to be finished.
for (const spec of ['code-in-descriptions.yaml', 'callbacks.yaml']) {
  test(`an API reference (${spec}): the same bytes rendered here or on workers`, async () => {
    const built = async (workers: number) => {
      const out = tempDir('docs-site-finish-api-')
      const config = await loadConfig(path.join(FIXTURES, 'openapi-site'), {
        config: specSiteConfig(spec),
        outDir: out,
      })
      await build(config, { cache, finishWorkers: workers })
      return files(out)
    }
    const inThread = await built(0)
    const operations = [...inThread.keys()].filter((f) => f.startsWith('api/') && f.endsWith('.html'))
    assert.ok(operations.length >= 3, `the API has pages: ${operations.join(', ')}`)
    if (spec === 'code-in-descriptions.yaml')
      assert.ok(
        operations.some((f) => inThread.get(f)!.toString().includes('class="shiki')),
        'a page shows a highlighted block from a description',
      )
    for (const workers of [1, 3]) assertSameFiles(inThread, await built(workers), `with ${workers}`)
  })
}

test('a broken link on a page finished by a worker is an error at its page', async () => {
  const dir = tempCopy('basic')
  fs.appendFileSync(
    path.join(dir, 'content/docs/v2/guide/setup.md'),
    '\n\nSee [the old page](/guide/removed/).\n',
  )
  const config = await loadConfig(dir)
  const result = await build(config, { cache, finishWorkers: 2 }).catch(
    (err: { diagnostics?: Diagnostic[] }) => err,
  )
  const errors = ('diagnostics' in result ? result.diagnostics! : [])
    .filter((d) => d.severity === 'error')
    .map(formatDiagnostic)
  // The page, and its Vietnamese fallback, which shows the same text.
  assert.equal(errors.length, 2, errors.join('\n'))
  for (const e of errors)
    assert.match(
      e,
      /^content\/docs\/v2\/guide\/setup\.md:\d+:\d+: error: broken link on .* -> linking to (\/vi)?\/guide\/removed\//,
    )
  assert.not.ok(fs.existsSync(config.dirs.out), 'nothing was written')
})

test("a batch's drain waits for the pages sent before it, not for those the next batch sends meanwhile", async () => {
  // The build renders the next batch while the previous one is finished; waiting for the pages it
  // had just sent too, the main thread waited at every batch for the worker.
  const config = await loadConfig(tempCopy('basic'))
  const prepared = await prepare(config, { cache })
  const pool = startFinishPool(finishSetup(prepared.site, prepared.strings), () => undefined, [], 1)
  try {
    const routes = prepared.site.routes.filter((r) => r.outFile.endsWith('.html')).slice(0, 4)
    assert.is(routes.length, 4, 'the fixture has four pages')
    const html = '<!doctype html><html><head></head><body><main><p>Text</p></main></body></html>'
    for (const route of routes.slice(0, 2)) pool.send(route, html, 'Diagram', [])
    const first = pool.drain()
    for (const route of routes.slice(2)) pool.send(route, html, 'Diagram', [])
    const second = pool.drain()
    await first
    assert.equal(
      pool.pages().map((p) => p.route.url),
      routes.slice(0, 2).map((r) => r.url),
    )
    await second
    assert.is(pool.pages().length, 4)
  } finally {
    await pool.stop()
    await prepared.releaseCode()
  }
})

test.run()
