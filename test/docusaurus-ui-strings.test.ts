// UI strings in a Docusaurus site's locales (test/fixtures/docusaurus/ui-strings): docs-site's
// own translations chosen by BCP 47 matching (zh-CN → zh-Hans, pt → pt-BR, fr-CA → fr), a
// site's i18n/<locale>/code.json over them (but not its messages left in English), and English
// with one warning for a language docs-site has no strings in.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, html } from './helpers/index.js'
import { stringsFileFor } from '../src/i18n.js'
import type { BuildResult } from '../src/types.js'

let result: BuildResult
test.before(async () => {
  result = await buildFixture('docusaurus/ui-strings')
})

test('a locale named as Docusaurus sites name it gets docs-site’s strings in its language', () => {
  const zh = html(result, 'zh-CN/docs/intro/index.html')
  for (const s of ['编辑此页', '下一页', '本页总览', '跳到主要内容']) assert.match(zh, s)
  const pt = html(result, 'pt/docs/intro/index.html')
  for (const s of ['Editar esta página', 'Próximo', 'Nesta página', 'Pular para o conteúdo principal'])
    assert.match(pt, s)
  const fr = html(result, 'fr-CA/docs/intro/index.html')
  for (const s of ['Modifier cette page', 'Suivant', 'Sur cette page']) assert.match(fr, s)
  for (const page of ['zh-CN', 'pt', 'fr-CA'].map((l) => `${l}/docs/intro/index.html`)) {
    assert.not.match(html(result, page), 'Edit this page', page)
    assert.not.match(html(result, page), '>On this page<', page)
  }
})

test('the site’s code.json wins, except a message it left in English', () => {
  const ja = html(result, 'ja/docs/intro/index.html')
  assert.match(ja, '次のページ')
  assert.not.match(ja, '>次へ<')
  assert.match(ja, 'このページを編集')
  assert.not.match(ja, 'Edit this page')
})

test('a language docs-site has no strings in: English, and one warning naming the locale', () => {
  assert.match(html(result, 'eo/docs/intro/index.html'), 'Edit this page')
  const warnings = result.diagnostics.filter((d) => d.message.includes('no UI strings'))
  assert.equal(
    warnings.map((w) => w.message),
    ['locale "eo": docs-site has no UI strings in this language; buttons and labels are in English'],
  )
})

test('BCP 47 matching: region and script decide, htmlLang is tried too', () => {
  const cases: Array<[string, string | undefined, string | undefined]> = [
    ['zh-CN', undefined, 'zh-Hans'],
    ['zh', undefined, 'zh-Hans'],
    ['zh-Hans-SG', undefined, 'zh-Hans'],
    ['zh-TW', undefined, 'zh-Hant'],
    ['zh-HK', undefined, 'zh-Hant'],
    ['pt', undefined, 'pt-BR'],
    ['pt-PT', undefined, 'pt-BR'],
    ['fr-CA', undefined, 'fr'],
    ['es-419', undefined, 'es'],
    ['de-AT', undefined, 'de'],
    ['ja-JP', undefined, 'ja'],
    ['ko', undefined, 'ko'],
    ['ru', undefined, 'ru'],
    ['vi', undefined, 'vi'],
    ['en-GB', undefined, 'en'],
    ['cn', 'zh-CN', 'zh-Hans'],
    ['eo', undefined, undefined],
    ['not a tag', undefined, undefined],
  ]
  for (const [locale, htmlLang, file] of cases)
    assert.is(stringsFileFor(locale, htmlLang), file, `${locale} ${htmlLang ?? ''}`)
})

test.run()
