import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, html, tempDir } from './helpers/index.js'
import { loadConfig } from '../src/config.js'
import { DocsSiteError, formatDiagnostic } from '../src/errors.js'
import fixtureConfig from './fixtures/machine/docs-site.config.js'
import type { BuildResult, UserConfig } from '../src/types.js'

let result: BuildResult
test.before(async () => {
  result = await buildFixture('machine')
})

const LINK = /^- \[([^\]]+)\]\((https:\/\/fixture\.example\/[^)]*)\)(?:: (.*))?$/gm

test('llms.txt: title, a summary, then sections of absolute links with one line each', () => {
  const text = html(result, 'llms.txt')
  assert.ok(
    text.startsWith(
      '# Fixture Docs\n\n> Docs for the widget\n\nThis file lists the 2 guides, 2 API operations, 1 blog post',
    ),
  )
  assert.equal(
    [...text.matchAll(/^## (.*)$/gm)].map((m) => m[1]),
    ['Guides', 'API reference', 'Blog'],
  )
  assert.match(
    text,
    '- [Setup \\<guide>](https://fixture.example/guide/setup/index.md): How to set the widget up.',
  )
  assert.match(text, '- [Get a thing](https://fixture.example/api/get-thing/index.md): GET /things/{id}')
  assert.match(text, '- [We launched](https://fixture.example/blog/launch/index.md): The launch post.')
})

test('every link of llms.txt leads to a built file; only the latest version, in English', () => {
  const links = [...html(result, 'llms.txt').matchAll(LINK)].map((m) => m[2]!)
  assert.is(links.length, 5)
  for (const url of links) assert.ok(result.output.has(url.replace('https://fixture.example/', '')), url)
  assert.not.ok(links.some((l) => l.includes('/vi/') || l.includes('/v1/')))
  assert.match(html(result, 'llms.txt'), 'https://fixture.example/llms-full.txt')
})

test('llms-full.txt: the twins of every latest English doc and API operation, no blog', () => {
  const full = html(result, 'llms-full.txt')
  for (const file of [
    'guide/setup/index.md',
    'index.md',
    'api/get-thing/index.md',
    'api/create-thing/index.md',
  ])
    assert.ok(full.includes(html(result, file).trimEnd()), file)
  assert.match(full, 'Source: https://fixture.example/guide/setup/')
  assert.not.match(full, 'We launched')
  assert.not.match(full, 'Chào mừng')
  assert.not.match(full, 'The old version')
})

test('llms.sections and llms.include shape the files; llms: false or no url turns them off', async () => {
  const custom = await buildFixture('machine', {
    ...(fixtureConfig as UserConfig),
    llms: {
      sections: [
        { title: 'Endpoints', description: 'Every call.', paths: ['/api/'] },
        { title: 'Setup', paths: ['guide/'] },
      ],
      include: ['docs', 'api'],
    },
  })
  const text = html(custom, 'llms.txt')
  assert.equal(
    [...text.matchAll(/^## (.*)$/gm)].map((m) => m[1]),
    ['Endpoints', 'Setup', 'Other'],
  )
  assert.match(text, '## Endpoints\n\nEvery call.\n\n- [Get a thing]')
  assert.match(text, '## Other\n\n- [Welcome](https://fixture.example/index.md)')
  assert.not.match(text, 'We launched')
  const off = await buildFixture('machine', { ...(fixtureConfig as UserConfig), llms: false })
  assert.not.ok(off.output.has('llms.txt') || off.output.has('llms-full.txt'))
  const noUrl = await buildFixture('machine', { ...(fixtureConfig as UserConfig), url: undefined })
  assert.not.ok(noUrl.output.has('llms.txt'))
})

test('a wrong llms value is a config error naming the key', async () => {
  const dir = tempDir('docs-site-llms-')
  fs.writeFileSync(
    path.join(dir, 'docs-site.config.ts'),
    "export default {\n  url: 'https://x.example',\n  llms: { include: ['docs', 'videos'] },\n}\n",
  )
  try {
    await loadConfig(dir)
    assert.unreachable('the config loaded')
  } catch (err) {
    assert.instance(err, DocsSiteError)
    const e = err as DocsSiteError
    assert.is(e.exitCode, 3)
    assert.match(
      formatDiagnostic(e.diagnostics[0]!),
      `docs-site.config.ts:3:11: error: "llms.include[1]" must be one of "docs", "api", "blog", got "videos" [config]`,
    )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
