import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { serve } from '../src/serve/index.js'
import { tempCopy } from './helpers/index.js'

// serve keeps each doc's front matter between starts (node_modules/.cache/docs-site/heads-*.json).
// A deleted doc must leave it too, or the file grows with every page a project ever had.

const start = (root: string) => serve({ root, port: 0, log: () => undefined, logError: () => undefined })

const readHeads = (root: string): Record<string, unknown> => {
  const dir = path.join(root, 'node_modules/.cache/docs-site')
  const name = fs.readdirSync(dir).find((n) => n.startsWith('heads-'))!
  return JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>
}

test('a start drops the kept front matter of docs deleted since the last one', async () => {
  const root = tempCopy('basic')
  fs.mkdirSync(path.join(root, 'node_modules'))
  const gone = path.join(root, 'content/docs/v2/guide/old-page.md')
  fs.writeFileSync(gone, '---\ntitle: An old page\n---\n\nSoon deleted.\n')
  const kept = path.join(root, 'content/docs/v2/guide/setup.md')
  await (await start(root)).close()
  assert.ok(readHeads(root)[gone], 'the new page is kept after the first start')
  fs.rmSync(gone)
  await (await start(root)).close()
  const heads = readHeads(root)
  assert.not.ok(heads[gone], Object.keys(heads).join(', '))
  assert.ok(heads[kept], 'the other pages stay')
  fs.rmSync(root, { recursive: true, force: true })
})

test.run()
