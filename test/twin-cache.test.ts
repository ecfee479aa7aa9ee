import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../src/config.js'
import { build } from '../src/build.js'
import { cache, tempCopy } from './helpers/index.js'

// The Markdown twins kept between builds (src/twins/cache.ts): a rebuild writes the same twins
// without parsing unchanged bodies again, and a changed body gets a new twin.
const dir = tempCopy('machine')
// An installed project: docs-site keeps its caches under node_modules/.cache.
fs.mkdirSync(path.join(dir, 'node_modules'))
const cacheDir = path.join(dir, 'node_modules/.cache/docs-site')
const setup = path.join(dir, 'content/docs/v2/guide/setup.md')

async function twins(): Promise<Map<string, string>> {
  const result = await build(await loadConfig(dir), { write: false, cache })
  return new Map([...result.output].filter(([f]) => f.endsWith('index.md')).map(([f, v]) => [f, String(v)]))
}
const cacheFiles = () => fs.readdirSync(cacheDir).filter((f) => f.startsWith('twins-'))

let first: Map<string, string>
test.before(async () => {
  first = await twins()
})

test('a build keeps its twins in one cache file, and a rebuild writes the same twins', async () => {
  assert.ok(first.size >= 5)
  assert.equal(cacheFiles().length, 1)
  const kept = fs.readFileSync(path.join(cacheDir, cacheFiles()[0]!), 'utf8')
  // Templates, not pages: a link is a marker filled per page.
  assert.match(kept, '\\u0000h')
  assert.equal(await twins(), first)
})

test('the same body in two versions and locales links within each', () => {
  assert.match(first.get('vi/index.md')!, 'https://fixture.example/vi/')
  assert.not.match(first.get('index.md')!, 'https://fixture.example/vi/')
})

test('a changed body gets a new twin; the others stay as they were', async () => {
  const before = fs.readFileSync(setup, 'utf8')
  fs.writeFileSync(setup, before.replace('Install the **widget**', 'Install the **gadget**'))
  try {
    const next = await twins()
    assert.match(next.get('guide/setup/index.md')!, 'Install the **gadget**')
    // The pages showing that body (its fallback in Vietnamese too) changed, and only those.
    for (const [file, text] of first)
      if (text.includes('Install the **widget**'))
        assert.match(next.get(file)!, 'Install the **gadget**', file)
      else assert.is(next.get(file), text, file)
  } finally {
    fs.writeFileSync(setup, before)
  }
})

test('a damaged cache file is an empty cache: the twins are written again, the same', async () => {
  fs.writeFileSync(path.join(cacheDir, cacheFiles()[0]!), '{"oops": ')
  assert.equal(await twins(), first)
})

test.after(() => fs.rmSync(dir, { recursive: true, force: true }))
test.run()
