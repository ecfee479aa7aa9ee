import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { formatDiagnostic } from '../src/errors.js'
import { contentHash } from '../src/translation.js'
import type { BuildResult, UserConfig } from '../src/types.js'
import { buildDir, buildFixture, cli, html, ROOT, tempCopy } from './helpers/index.js'
import { getFrom, serveQuietly } from './helpers/serve-client.js'

// Translations record the English page they translate (`source_hash:` in front matter). A translation
// whose English page changed since then says so on the page, and the build lists it as a warning.
// API pages in another locale show the spec's English text, and say so like untranslated docs do. The
// announcement bar is translated through site.json like the navbar labels.

const CONFIG: UserConfig = {
  title: 'Fixture',
  i18n: {
    defaultLocale: 'en',
    locales: { en: { label: 'English', htmlLang: 'en' }, vi: { label: 'Tiếng Việt', htmlLang: 'vi' } },
  },
  announcementBar: { id: 'a1', content: 'Read the <a href="/guide/">guide</a>.' },
}
const STALE = /Bản dịch chưa cập nhật/
/** tsx's loader by URL: the temp copies the script runs in have no node_modules. */
const TSX = import.meta.resolve('tsx')
const UNTRANSLATED = /Chưa được dịch/

let result: BuildResult
test.before(async () => {
  result = await buildFixture('translations', CONFIG)
})

test('a translation whose English page changed shows the notice; an up-to-date or untracked one does not', () => {
  assert.match(html(result, 'vi/changed/index.html'), STALE)
  assert.match(
    html(result, 'vi/changed/index.html'),
    /Trang tiếng Anh đã thay đổi kể từ khi bản dịch này được viết/,
  )
  assert.not.match(html(result, 'vi/guide/index.html'), STALE)
  assert.not.match(html(result, 'vi/index.html'), STALE)
  assert.not.match(html(result, 'changed/index.html'), STALE)
})

test('serve shows the notice too (it hashes a source page only when a translation asks)', async () => {
  const root = tempCopy('translations')
  fs.writeFileSync(path.join(root, 'docs-site.config.ts'), `export default ${JSON.stringify(CONFIG)}\n`)
  const server = await serveQuietly({ root })
  // The raw reply, read byte by byte (latin1): its body as the UTF-8 it is.
  const page = async (p: string) =>
    Buffer.from((await getFrom(server.port, p)).body, 'latin1').toString('utf8')
  try {
    assert.match(await page('/vi/changed/'), STALE)
    assert.not.match(await page('/vi/guide/'), STALE)
  } finally {
    await server.close()
    fs.rmSync(root, { recursive: true, force: true })
  }
})

test('the build lists each out-of-date translation once, at its source_hash line', () => {
  const stale = result.diagnostics.filter((d) => d.code === 'stale-translation')
  assert.equal(
    stale.map((d) => [d.severity, d.at?.file, d.at?.line]),
    [['warning', 'content/i18n/vi/docs/v2/changed.md', 4]],
  )
  const now = contentHash(
    fs.readFileSync(path.join(ROOT, 'test/fixtures/translations/content/docs/v2/changed.md'), 'utf8'),
  )
  assert.match(
    formatDiagnostic(stale[0]!),
    `content/i18n/vi/docs/v2/changed.md:4:1: warning: translation older than its source: content/docs/v2/changed.md changed since this page was translated (source_hash 0123456789abcdef, now ${now}); update the translation, then set source_hash: ${now} [stale-translation]`,
  )
})

test('API pages under /vi/ carry the "not translated yet" notice; English ones do not', () => {
  const vi = html(result, 'vi/api/ping/index.html')
  assert.match(vi, UNTRANSLATED)
  assert.match(vi, /Trang này chưa được dịch sang tiếng Việt; bạn đang đọc bản tiếng Anh\./)
  assert.match(html(result, 'vi/api/index.html'), UNTRANSLATED)
  assert.not.match(html(result, 'api/ping/index.html'), /Not translated yet/)
  // A translated doc page has no such notice.
  assert.not.match(html(result, 'vi/guide/index.html'), UNTRANSLATED)
})

test('the announcement bar is translated through site.json labels', () => {
  assert.match(html(result, 'vi/index.html'), /Đọc <a href=\\?"\/vi\/guide\/\\?">hướng dẫn<\/a>\./)
  assert.match(html(result, 'index.html'), /Read the <a href=\\?"\/guide\/\\?">guide<\/a>\./)
})

test('a source_hash that is not 16 hex digits is a front-matter error naming the file and line', () => {
  const dir = tempCopy('translations')
  const file = path.join(dir, 'content/i18n/vi/docs/v2/guide.md')
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/source_hash: \w+/, 'source_hash: abc'))
  const r = cli(['build', '--root', dir, '--out-dir', path.join(dir, 'out'), '--quiet'])
  assert.is(r.code, 1)
  assert.match(
    r.stderr,
    /content\/i18n\/vi\/docs\/v2\/guide\.md:4:\d+: error: "source_hash" must be 16 lowercase hex digits, got "abc"/,
  )
  assert.not.match(r.stderr, /\n\s+at /, 'no stack trace')
  fs.rmSync(dir, { recursive: true, force: true })
})

test('scripts/stamp-translations.ts: --check lists the stale page, stamping clears the warning', async () => {
  const dir = tempCopy('translations')
  const run = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ['--import', TSX, path.join(ROOT, 'scripts/stamp-translations.ts'), ...args],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    )
  const checked = run('--check')
  assert.is(checked.status, 1)
  assert.match(checked.stdout, /^content\/i18n\/vi\/docs\/v2\/changed\.md: source_hash is not [0-9a-f]{16}/m)
  assert.match(checked.stdout, /content\/i18n\/vi\/docs\/v2\/index\.md/) // never stamped
  assert.not.match(checked.stdout, /guide\.md/)
  assert.is(run().status, 0)
  assert.is(run('--check').status, 0)
  const r = await buildDir(dir, CONFIG)
  assert.equal(
    r.diagnostics.filter((d) => d.code === 'stale-translation'),
    [],
  )
  assert.not.match(html(r, 'vi/changed/index.html'), STALE)
  fs.rmSync(dir, { recursive: true, force: true })
})

test('every current N11S translation is stamped and up to date', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/stamp-translations.ts', '--check'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  assert.is(r.status, 0, r.stdout)
})

test.run()
