import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, cli, tempCopy } from './helpers/index.js'

// Two builds of the same sources are byte-identical, the search index included, so a sync to
// S3 uploads only what changed. The fixture has six versions and a blog: Pagefind's filter
// index then lists six versions and two filters, in an order it used to pick at random.

/** Every file under `dir` with the hash of its bytes. */
function hashes(dir: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const f of (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).sort()) {
    const p = path.join(dir, f)
    if (fs.statSync(p).isFile())
      out.set(f, crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex'))
  }
  return out
}

test('two builds of the same sources write the same files, byte for byte, search index included', () => {
  const dir = tempCopy('reproducible')
  const outs = ['out-a', 'out-b'].map((name) => path.join(dir, name))
  for (const out of outs) {
    const r = cli(['build', '--root', dir, '--out-dir', out, '--quiet'])
    assert.is(r.code, 0, r.stderr)
  }
  const [a, b] = outs.map(hashes) as [Map<string, string>, Map<string, string>]
  const pagefind = [...a.keys()].filter((f) => f.startsWith('pagefind/'))
  assert.ok(
    pagefind.some((f) => f.endsWith('.pf_filter')),
    'the index has filter files',
  )
  assert.equal([...b.keys()], [...a.keys()])
  const differ = [...a].filter(([f, h]) => b.get(f) !== h).map(([f]) => f)
  assert.equal(differ, [])
})

test('an in-memory build (serve) gives the same index twice', async () => {
  const index = async () => {
    const result = await buildFixture('reproducible')
    return new Map(
      [...result.output]
        .filter(([f]) => f.startsWith('pagefind/'))
        .map(([f, v]) => [f, crypto.createHash('sha256').update(v).digest('hex')]),
    )
  }
  const a = await index()
  const b = await index()
  assert.ok(a.size > 0)
  assert.equal([...b].sort(), [...a].sort())
})

test.run()
