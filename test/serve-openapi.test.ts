// serve with a spec kept as a tree of files: an edit to any file of the tree (not only the root
// document) rebuilds the API reference and reloads the browsers showing it.
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { DevServer } from '../src/serve/index.js'
import { cache, FIXTURES, tempCopy } from './helpers/index.js'
import { getFrom, liveClient, serveQuietly, tokenOf } from './helpers/serve-client.js'

let dir = ''
let server: DevServer
let token = ''
const get = (target: string) => getFrom(server.port, target)
const operationFile = () => path.join(dir, 'api-spec/resources/account/account_get.yml')

test.before(async () => {
  dir = tempCopy('openapi-site')
  fs.cpSync(path.join(FIXTURES, 'openapi/multi-file'), path.join(dir, 'api-spec'), { recursive: true })
  fs.writeFileSync(
    path.join(dir, 'docs-site.config.ts'),
    "import { defineConfig } from 'docs-site'\nexport default defineConfig({ title: 'Bank', docs: { versions: [{ name: 'v1', openapi: 'api-spec/openapi.yaml' }], sidebars: { docs: ['index'], api: [{ type: 'api' }] } } })\n",
  )
  server = await serveQuietly({ root: dir, cache })
  token = tokenOf((await get('/')).body)
})
test.after(() => server.close())

test('editing an operation file of a multi-file spec rebuilds its page and reloads', async () => {
  assert.match((await get('/api/get-account/')).body, /<h1>Get an account<\/h1>/)
  const { ws, next } = await liveClient(server.port, token)
  await next((m) => m.type === 'init')
  fs.writeFileSync(
    operationFile(),
    fs.readFileSync(operationFile(), 'utf8').replace('summary: Get an account', 'summary: Read one account'),
  )
  await next((m) => m.type === 'reload')
  assert.match((await get('/api/get-account/')).body, /<h1>Read one account<\/h1>/)
  ws.close()
})

test.run()
