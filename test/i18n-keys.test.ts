import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT } from './helpers/index.js'
import { plural } from '../shared/strings.js'

// The theme's UI strings: en.json is the reference (the `StringKey` type is made from it, so a
// lookup of a key it lacks does not compile); every other locale must translate each of its keys,
// no more, with the same {placeholders}. A gap would show English, an extra key is a misspelling.
const DIR = path.join(ROOT, 'theme/i18n')
const read = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as Record<string, string>
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort()

const en = read('en.json')
const locales = fs.readdirSync(DIR).filter((f) => f.endsWith('.json') && f !== 'en.json')

test('the languages real Docusaurus sites use most are translated', () => {
  for (const l of ['vi', 'zh-Hans', 'zh-Hant', 'ja', 'ko', 'fr', 'de', 'es', 'pt-BR', 'ru'])
    assert.ok(locales.includes(`${l}.json`), `${l}.json is missing; have ${locales.join(', ')}`)
})

test('plural forms follow the language: Russian takes one, few and many', () => {
  const ru = read('ru.json') as Parameters<typeof plural>[0]
  const docs = (n: number) => plural(ru, 'docs', n, 'ru')
  assert.equal([1, 3, 5, 21, 112].map(docs), [
    '1 документ',
    '3 документа',
    '5 документов',
    '21 документ',
    '112 документов',
  ])
  const ja = read('ja.json') as Parameters<typeof plural>[0]
  assert.is(plural(ja, 'posts', 1, 'ja'), '1 件の記事')
})

for (const file of locales) {
  const strings = read(file)

  test(`${file} has every key of en.json and no other`, () => {
    const missing = Object.keys(en).filter((k) => !Object.hasOwn(strings, k))
    const extra = Object.keys(strings).filter((k) => !Object.hasOwn(en, k))
    assert.equal(missing, [], `${file} is missing ${missing.join(', ')}`)
    assert.equal(extra, [], `${file} has keys en.json does not: ${extra.join(', ')}`)
  })

  test(`${file}: a plural string has no more forms than the language has`, () => {
    const lang = file.slice(0, -'.json'.length)
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.length
    for (const [key, text] of Object.entries(strings))
      if (en[key]?.includes('|'))
        assert.ok(
          text.split('|').length <= categories,
          `${file}: "${key}" has more forms than ${lang}'s ${categories}`,
        )
  })

  test(`${file}: each string is non-empty, with the {placeholders} of its English`, () => {
    for (const [key, text] of Object.entries(strings)) {
      assert.ok(typeof text === 'string' && text.trim() !== '', `${file}: "${key}" is empty`)
      if (en[key] !== undefined)
        assert.equal(placeholders(text), placeholders(en[key]), `${file}: "${key}" placeholders`)
    }
  })
}

test.run()
