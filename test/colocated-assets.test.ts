// Images and files linked relatively from markdown are copied next to the client's assets under
// content-hashed names, and the links point there; a missing one fails the build at its line.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { buildDir, buildFixture, FIXTURES, html, tempCopy } from './helpers/index.js'
import { DocsSiteError, formatDiagnostic } from '../src/errors.js'
import type { BuildResult } from '../src/types.js'

const CONFIG = { title: 'Assets', url: 'https://fixture.example' }
let result: BuildResult
test.before(async () => {
  result = await buildFixture('assets', CONFIG)
})

const hashOf = (rel: string) =>
  crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(FIXTURES, 'assets/content', rel)))
    .digest('hex')
    .slice(0, 10)

test('a doc’s images and file links point to hashed copies that are in the output', () => {
  const page = html(result, 'guide/setup/index.html')
  const png = `assets/files/diagram.${hashOf('docs/v2/guide/assets/diagram.png')}.png`
  const svg = `assets/files/x.${hashOf('docs/v2/img/x.svg')}.svg`
  const pdf = `assets/files/guide.${hashOf('docs/v2/guide/files/guide.pdf')}.pdf`
  assert.match(page, `src="/${png}"`)
  assert.match(page, `src="/${svg}"`)
  assert.match(page, `href="/${pdf}"`)
  assert.match(page, 'href="/"')
  for (const [file, rel] of [
    [png, 'docs/v2/guide/assets/diagram.png'],
    [svg, 'docs/v2/img/x.svg'],
    [pdf, 'docs/v2/guide/files/guide.pdf'],
  ] as const)
    assert.equal(
      Buffer.from(result.output.get(file) as Uint8Array),
      fs.readFileSync(path.join(FIXTURES, 'assets/content', rel)),
    )
  assert.equal(result.diagnostics.map(formatDiagnostic), [])
})

test('a blog post’s image too', () => {
  const svg = `assets/files/chart.${hashOf('blog/hello-assets/chart.svg')}.svg`
  assert.match(html(result, 'blog/hello/index.html'), `src="/${svg}"`)
  assert.ok(result.output.has(svg))
})

test('a missing file is an error at its file and line', async () => {
  const dir = tempCopy('assets')
  fs.rmSync(path.join(dir, 'content/docs/v2/img/x.svg'))
  let err: unknown
  try {
    await buildDir(dir, CONFIG)
  } catch (e) {
    err = e
  }
  assert.instance(err, DocsSiteError)
  const lines = (err as DocsSiteError).diagnostics.map(formatDiagnostic)
  assert.ok(
    lines.some((l) =>
      /^content\/docs\/v2\/guide\/setup\.md:9:9: error: "\.\.\/img\/x\.svg" not found: no file content\/docs\/v2\/img\/x\.svg/.test(
        l,
      ),
    ),
    lines.join('\n'),
  )
  fs.rmSync(dir, { recursive: true })
})

test('in a second locale, file links and links to the site’s own files (sitemap, llms.txt, robots.txt) stay unprefixed', async () => {
  const dir = tempCopy('assets')
  const setup = path.join(dir, 'content/docs/v2/guide/setup.md')
  fs.appendFileSync(
    setup,
    '\n\nSee the [sitemap](/sitemap.xml), [llms.txt](/llms.txt) and [robots](/robots.txt).\n',
  )
  const r = await buildDir(dir, {
    ...CONFIG,
    i18n: {
      defaultLocale: 'en',
      locales: { en: { label: 'English', htmlLang: 'en' }, vi: { label: 'Tiếng Việt', htmlLang: 'vi' } },
    },
  })
  const errors = r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)
  assert.equal(errors, [])
  const vi = html(r, 'vi/guide/setup/index.html')
  const pdf = `/assets/files/guide.${hashOf('docs/v2/guide/files/guide.pdf')}.pdf`
  assert.match(vi, `href="${pdf}"`)
  assert.ok(r.output.has(pdf.slice(1)))
  for (const file of ['sitemap.xml', 'llms.txt', 'robots.txt']) assert.match(vi, `href="/${file}"`)
})

test('the page’s Markdown twin links the copies too, not the paths as written', () => {
  const twin = String(result.output.get('guide/setup/index.md'))
  const png = `assets/files/diagram.${hashOf('docs/v2/guide/assets/diagram.png')}.png`
  const pdf = `assets/files/guide.${hashOf('docs/v2/guide/files/guide.pdf')}.pdf`
  assert.match(twin, `![Diagram](https://fixture.example/${png})`)
  assert.match(twin, `[the guide](https://fixture.example/${pdf})`)
  assert.not.match(twin, './assets/diagram.png')
})

test.run()
