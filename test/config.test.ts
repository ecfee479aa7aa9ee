import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../src/config.js'
import { DocsSiteError, formatDiagnostic } from '../src/errors.js'
import { FIXTURES, tempDir } from './helpers/index.js'

async function configErrors(source: string): Promise<{ code: number; lines: string[] }> {
  const dir = tempDir('docs-site-config-')
  fs.writeFileSync(path.join(dir, 'docs-site.config.ts'), source)
  try {
    await loadConfig(dir)
    return { code: 0, lines: [] }
  } catch (err) {
    assert.instance(err, DocsSiteError)
    const e = err as DocsSiteError
    return { code: e.exitCode, lines: e.diagnostics.map((d) => formatDiagnostic(d).split('\n')[0]!) }
  }
}

test('a TS config with defineConfig loads, defaults applied and frozen', async () => {
  const dir = tempDir('docs-site-config-')
  fs.writeFileSync(
    path.join(dir, 'docs-site.config.ts'),
    "import { defineConfig } from 'docs-site'\nconst t: string = 'Hi'\nexport default defineConfig({ title: t, baseUrl: 'docs' })\n",
  )
  const c = await loadConfig(dir)
  assert.is(c.title, 'Hi')
  assert.is(c.baseUrl, '/docs/')
  assert.is(c.trailingSlash, true)
  assert.ok(Object.isFrozen(c) && Object.isFrozen(c.dirs))
})

test('an unknown key is exit 3 with the file, line and a suggestion', async () => {
  const r = await configErrors("export default {\n  title: 'x',\n  tagLine: 'y',\n}\n")
  assert.is(r.code, 3)
  assert.is(r.lines[0], 'docs-site.config.ts:3:3: error: "tagLine" is not a known config key [config]')
})

test('a wrong type names the key path', async () => {
  const r = await configErrors("export default { trailingSlash: 'yes', toc: { maxHeadingLevel: 'three' } }\n")
  assert.is(r.code, 3)
  assert.match(r.lines.join('\n'), /"trailingSlash" must be a boolean, got "yes"/)
  assert.match(r.lines.join('\n'), /"toc.maxHeadingLevel" must be a number, got "three"/)
})

test('the table of contents’ levels: 2 to 6, the first not after the last', async () => {
  const r = await configErrors('export default { toc: { minHeadingLevel: 5, maxHeadingLevel: 3 } }\n')
  assert.is(r.code, 3)
  assert.match(r.lines.join('\n'), /"toc.minHeadingLevel" \(5\) is more than toc.maxHeadingLevel \(3\)/)
  const range = await configErrors('export default { toc: { maxHeadingLevel: 9 } }\n')
  assert.match(range.lines.join('\n'), /"toc.maxHeadingLevel" must be a heading level from 2 to 6, got 9/)
  assert.is(
    (await configErrors('export default { toc: { minHeadingLevel: 2, maxHeadingLevel: 6 } }\n')).code,
    0,
  )
})

test('the address, the default locale and the versions: each a clear error at its key', async () => {
  const said = async (src: string) => (await configErrors(`export default ${src}\n`)).lines.join('\n')
  assert.match(await said("{ url: 'docs.example.com' }"), /"url" must be an absolute http\(s\) address/)
  assert.match(await said("{ url: 'ftp://docs.example.com' }"), /"url" must be an absolute http\(s\) address/)
  assert.match(
    await said("{ url: 'https://example.com/docs?x=1#y' }"),
    /"url" must be the site's origin alone/,
  )
  assert.match(await said("{ baseUrl: '/docs//x/../' }"), /"baseUrl" must not hold "\." or "\.\." segments/)
  assert.match(
    await said("{ i18n: { defaultLocale: 'fr', locales: { en: { label: 'English' } } } }"),
    /"i18n.defaultLocale" "fr" is not one of i18n.locales \(en\)/,
  )
  assert.match(
    await said("{ docs: { versions: [{ name: 'v1' }, { name: 'v1', path: 'old' }] } }"),
    /two versions have the name "v1"/,
  )
  assert.match(
    await said("{ docs: { versions: [{ name: 'v2', path: '' }, { name: 'v1', path: '/' }] } }"),
    /two versions have the path "\/"/,
  )
  for (const ok of [
    "{ url: 'https://docs.example.com/' }",
    "{ docs: { versions: [{ name: 'v2' }, { name: 'v1' }] } }",
    "{ i18n: { defaultLocale: 'vi', locales: { vi: { label: 'Tiếng Việt', htmlLang: 'vi' }, en: { label: 'English', htmlLang: 'en' } } } }",
  ])
    assert.is(await said(ok), '', ok)
})

test('an unknown navbar item type is the spec error', async () => {
  const r = await configErrors("export default { navbar: { items: [{ type: 'fancy', label: 'x' }] } }\n")
  assert.match(r.lines[0]!, /No NavbarItem component found for type "fancy"/)
})

test('an output folder that would destroy sources is refused before anything is deleted', async () => {
  for (const outDir of ['.', '/', os.homedir(), '..']) {
    const dir = tempDir('docs-site-out-')
    fs.mkdirSync(path.join(dir, 'content'))
    try {
      await loadConfig(dir, { outDir })
      assert.unreachable(`outDir ${outDir} accepted`)
    } catch (err) {
      assert.is((err as DocsSiteError).exitCode, 3, outDir)
    }
  }
})

test('a non-empty output folder docs-site did not write is refused', async () => {
  const dir = tempDir('docs-site-out-')
  fs.mkdirSync(path.join(dir, 'build'))
  fs.writeFileSync(path.join(dir, 'build', 'thesis.docx'), 'precious')
  try {
    await loadConfig(dir)
    assert.unreachable()
  } catch (err) {
    assert.match(formatDiagnostic((err as DocsSiteError).diagnostics[0]!), /not written by docs-site/)
  }
})

test('without a config file, versions and locales come from content/', async () => {
  const c = await loadConfig(path.join(FIXTURES, 'basic'))
  assert.equal(
    c.versions.map((v) => [v.name, v.path]),
    [
      ['v2', ''],
      ['v1', 'v1'],
    ],
  )
  assert.equal(c.locales, ['en', 'vi'])
})

test.run()
