// The Docusaurus fixture (test/fixtures/docusaurus/plain-site) with the config options a real site
// sets on top: a locale whose translations live in another folder (`localeConfigs.fr.path`), its
// label and right-to-left direction, and a string editUrl with `editLocalizedFiles` and
// `editCurrentVersion` — each link checked against Docusaurus's documented rules, also through
// the config `init --from-docusaurus` writes; and the site's i18n/fr/code.json over docs-site's
// own French UI strings.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import path from 'node:path'
import { buildDir, cli, FIXTURES, html, tempDir } from './helpers/index.js'
import type { BuildResult } from '../src/types.js'

const SITE = path.join(FIXTURES, 'docusaurus/plain-site')
const EDIT = 'https://git.quillpad.example/site/edit/main/'

/** A copy of the fixture with i18n/fr moved to i18n/french and the config's options replaced. */
function variant(docsEdit: string, blogEdit: string, codeJson = true): string {
  const dir = tempDir('docs-site-docusaurus-')
  fs.cpSync(SITE, dir, { recursive: true })
  fs.renameSync(path.join(dir, 'i18n/fr'), path.join(dir, 'i18n/french'))
  if (!codeJson) fs.rmSync(path.join(dir, 'i18n/french/code.json'))
  const file = path.join(dir, 'docusaurus.config.js')
  const text = fs
    .readFileSync(file, 'utf8')
    .replace(
      "locales: ['en', 'fr'],",
      `locales: ['en', 'fr'],
      localeConfigs: { fr: { path: 'french', label: 'Français (France)', htmlLang: 'fr-FR', direction: 'rtl' } },`,
    )
    // The blog's first: the docs' replacement has the same text.
    .replace(`editUrl: '${EDIT}',`, blogEdit)
    .replace(/editUrl: \(\{ versionDocsDirPath, docPath \}\) =>\s*`[^`]*`,/, docsEdit)
  assert.match(text, 'french')
  assert.match(text, docsEdit)
  fs.writeFileSync(file, text)
  return dir
}

const builds: Array<{ dir: string; result: BuildResult }> = []
async function buildVariant(docsEdit: string, blogEdit: string, codeJson = true) {
  const dir = variant(docsEdit, blogEdit, codeJson)
  const result = await buildDir(dir)
  builds.push({ dir, result })
  return { dir, result }
}
test.after(() => {
  for (const b of builds) fs.rmSync(b.dir, { recursive: true, force: true })
})

const editHref = (r: BuildResult, file: string) =>
  new RegExp(`href="${EDIT.replace(/[.]/g, '\\.')}([^"]+)"`).exec(html(r, file))?.[1]

test('localeConfigs.path: translations are read from i18n/<path>/, served at /<locale>/', async () => {
  const { result } = await buildVariant(`editUrl: '${EDIT}',`, `editUrl: '${EDIT}',`)
  assert.equal(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  )
  const fr = html(result, 'fr/docs/intro/index.html')
  assert.match(fr, '<title>Présentation | Quillpad</title>')
  assert.match(html(result, 'fr/blog/2024/03/01/offline-mode/index.html'), '<title>Mode hors ligne')
  // The theme's labels come from the same folder.
  assert.match(fr, 'Code source')
  assert.not.ok(result.output.has('french/docs/intro/index.html'))
})

test('localeConfigs label, htmlLang and direction: the menu’s label, <html lang dir>', () => {
  const { result } = builds[0]!
  const fr = html(result, 'fr/docs/intro/index.html')
  assert.match(fr, /<html lang="fr-FR" dir="rtl"/)
  assert.match(html(result, 'docs/intro/index.html'), /<html lang="en" dir="ltr"/)
  assert.match(html(result, 'docs/intro/index.html'), 'Français (France)')
})

test('i18n/<locale>/code.json wins over docs-site’s French', () => {
  const { result } = builds[0]!
  const fr = html(result, 'fr/docs/intro/index.html')
  for (const text of ['Modifier cette page', '>Suivant<', 'Remarque']) assert.match(fr, text)
  assert.match(html(result, 'docs/intro/index.html'), 'Edit this page')
  // code.json's reading time ("Une minute de lecture") over docs-site's.
  assert.match(html(result, 'fr/blog/2024/03/01/offline-mode/index.html'), /minutes? de lecture/)
  // A message with placeholders docs-site does not fill gives way to docs-site's French.
  assert.match(html(result, 'fr/docs/1.0/intro/index.html'), 'qui n’est plus activement maintenue')
  assert.not.ok(result.diagnostics.some((d) => d.message.includes('no UI strings')))
})

test('without code.json, French pages show docs-site’s French and no warning', async () => {
  const { dir, result } = await buildVariant(`editUrl: '${EDIT}',`, `editUrl: '${EDIT}',`, false)
  assert.not.ok(result.diagnostics.some((d) => d.message.includes('no UI strings')))
  const fr = html(result, 'fr/docs/intro/index.html')
  for (const text of ['Modifier cette page', '>Suivant<']) assert.match(fr, text)
  assert.not.match(fr, 'Edit this page')
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
})

test('a string editUrl links to the file a translation translates, in the page’s own version', () => {
  const { result } = builds[0]!
  assert.is(editHref(result, 'fr/docs/intro/index.html'), 'versioned_docs/version-2.0/intro.md')
  assert.is(editHref(result, 'docs/1.0/intro/index.html'), 'versioned_docs/version-1.0/intro.md')
  assert.is(editHref(result, 'docs/next/intro/index.html'), 'docs/intro.md')
  assert.is(editHref(result, 'fr/blog/2024/03/01/offline-mode/index.html'), 'blog/2024-03-01-offline-mode.md')
})

test('editLocalizedFiles: a translated page links to its own file; an untranslated one to the original', async () => {
  const { result } = await buildVariant(
    `editUrl: '${EDIT}', editLocalizedFiles: true,`,
    `editUrl: '${EDIT}', editLocalizedFiles: true,`,
  )
  assert.is(
    editHref(result, 'fr/docs/intro/index.html'),
    'i18n/french/docusaurus-plugin-content-docs/version-2.0/intro.md',
  )
  assert.is(editHref(result, 'fr/docs/1.0/intro/index.html'), 'versioned_docs/version-1.0/intro.md')
  assert.is(editHref(result, 'docs/intro/index.html'), 'versioned_docs/version-2.0/intro.md')
  assert.is(
    editHref(result, 'fr/blog/2024/03/01/offline-mode/index.html'),
    'i18n/french/docusaurus-plugin-content-blog/2024-03-01-offline-mode.md',
  )
  assert.is(editHref(result, 'blog/2024/03/01/offline-mode/index.html'), 'blog/2024-03-01-offline-mode.md')
})

const BOTH = `editUrl: '${EDIT}', editLocalizedFiles: true, editCurrentVersion: true,`
const expectBoth = (result: BuildResult) => {
  assert.is(editHref(result, 'docs/1.0/intro/index.html'), 'docs/intro.md')
  assert.is(editHref(result, 'docs/intro/index.html'), 'docs/intro.md')
  assert.is(editHref(result, 'fr/docs/1.0/intro/index.html'), 'docs/intro.md')
  assert.is(
    editHref(result, 'fr/docs/intro/index.html'),
    'i18n/french/docusaurus-plugin-content-docs/current/intro.md',
  )
  // The blog has no versions: editCurrentVersion is the docs' option only.
  assert.is(editHref(result, 'blog/2024/03/01/offline-mode/index.html'), 'blog/2024-03-01-offline-mode.md')
}

test('editCurrentVersion: every version’s page links to the current version’s file', async () => {
  const { result } = await buildVariant(BOTH, `editUrl: '${EDIT}',`)
  expectBoth(result)
})

test('init --from-docusaurus writes an editUrl that makes the same links', async () => {
  const { dir } = builds[builds.length - 1]!
  const r = cli(['init', '--from-docusaurus', '--root', dir])
  assert.is(r.code, 0, r.stderr)
  const text = fs.readFileSync(path.join(dir, 'docs-site.config.ts'), 'utf8')
  assert.match(text, "path: 'french'")
  const again = await buildDir(dir)
  assert.is(again.site.config.configFile, path.join(dir, 'docs-site.config.ts'))
  expectBoth(again)
})

test.run()
