import fs from 'node:fs'
import path from 'node:path'
import { spawn, spawnSync } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildFixture, cli, manifest, ROOT, tempCopy } from './helpers/index.js'
import { loadConfig } from '../src/config.js'
import { discoverSources } from '../src/docs/discover.js'
import { parseSources } from '../src/parse/index.js'
import { createMarkdown } from '../src/parse/markdown.js'
import { createHighlighter } from '../src/parse/highlight.js'
import { loadThemeStrings } from '../src/i18n.js'
import { formatDiagnostic } from '../src/errors.js'

/**
 * A copy of the basic fixture with `n` extra pages, so a build lasts long enough to interrupt. Each
 * page's code is its own, so the highlight worker is still at work when the pages render.
 */
function bigCopy(n: number): string {
  const dir = tempCopy('basic')
  const body = (page: number) =>
    Array.from(
      { length: 30 },
      (_, i) =>
        `## Section ${i}\n\nText with \`code\` and a [link](./setup.md).\n\n\`\`\`js\nconst x${i} = ${page * 100 + i}\n\`\`\`\n`,
    ).join('\n')
  for (let i = 0; i < n; i++)
    fs.writeFileSync(
      path.join(dir, `content/docs/v2/guide/page-${i}.md`),
      `---\ntitle: Page ${i}\n---\n\n${body(i)}`,
    )
  return dir
}

// SIGINT as the first stages start; SIGTERM once the route table is made, while pages render and
// are written (a stage that once ran as one synchronous stretch and held signals for minutes) and
// the highlight worker still highlights their code.
for (const [signal, code, stage] of [
  ['SIGINT', 130, /parse|bundle|discover/],
  ['SIGTERM', 143, /routes/],
] as const) {
  test(`${signal} during a build (${stage.source}): exit ${code}, previous output intact, no staging or lock left`, async () => {
    const dir = bigCopy(400)
    assert.is(cli(['build', '--root', dir, '--quiet']).code, 0)
    const out = path.join(dir, 'build')
    const before = manifest(out)
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/docs-site.js'), 'build', '--root', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // Interrupt once the build has started its stages.
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (d: Buffer) => stage.test(String(d)) && resolve()),
    )
    child.kill(signal)
    const exit = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
    assert.is(exit, code)
    assert.is(manifest(out), before)
    assert.equal(
      fs.readdirSync(dir).filter((f) => /\.tmp-|\.old-|\.lock$/.test(f)),
      [],
    )
  })
}

test('a write error is exit 1 naming the path, and nothing is half-written', () => {
  const dir = tempCopy('basic')
  fs.writeFileSync(path.join(dir, 'blocker'), 'a file where a folder should be')
  const r = cli(['build', '--root', dir, '--out-dir', 'blocker/build'])
  assert.is(r.code, 1)
  assert.match(r.stderr, /error: .*(ENOTDIR|EEXIST).*\[output\]/)
  assert.equal(
    fs.readdirSync(dir).filter((f) => /\.tmp-/.test(f)),
    [],
  )
})

test('an output folder the file system refuses (a folder where the lock goes, a name too long): an [output] error, no stack', () => {
  const dir = tempCopy('basic')
  fs.mkdirSync(path.join(dir, 'build.lock'))
  const folder = cli(['build', '--root', dir])
  assert.is(folder.code, 1, folder.stderr)
  assert.match(
    folder.stderr,
    /build\.lock: error: cannot read the output lock \(is build\.lock a folder\?\): EISDIR/,
  )
  const long = cli(['build', '--root', dir, '--out-dir', 'x'.repeat(300)])
  assert.match(long.stderr, /error: cannot take the output lock: ENAMETOOLONG: name too long.*\[output\]/)
  for (const r of [folder, long]) assert.not.match(r.stderr, /\n\s+at /)
})

test('an output folder inside a source folder is refused: each build would read the last one as sources', () => {
  const dir = tempCopy('basic')
  for (const out of ['content/docs/built', 'static/out']) {
    const r = cli(['build', '--root', dir, '--out-dir', out])
    assert.is(r.code, 3, r.stderr)
    assert.match(
      r.stderr,
      new RegExp(`outDir .*${out.replace('/', '\\/')} is inside the source folder ${out.split('/')[0]}/`),
    )
    assert.not.ok(fs.existsSync(path.join(dir, out)))
  }
})

test('disk full or over quota mid-build (ulimit -f): exit 1 naming the page and the errno, previous output intact', () => {
  const dir = tempCopy('basic')
  assert.is(cli(['build', '--root', dir, '--quiet']).code, 0)
  const out = path.join(dir, 'build')
  const before = manifest(out)
  // A page's title changes, so every page's sidebar does: a file unchanged since the previous
  // output would be linked, not written.
  const intro = path.join(dir, 'content/docs/v2/guide/intro.md')
  fs.writeFileSync(
    intro,
    fs.readFileSync(intro, 'utf8').replace(/^title: .*$/m, 'title: Introduction, renamed'),
  )
  // Node ignores SIGXFSZ, so a write past the limit fails with EFBIG like ENOSPC would.
  const r = spawnSync(
    'bash',
    [
      '-c',
      `ulimit -f 8; exec "${process.execPath}" "${path.join(ROOT, 'bin/docs-site.js')}" build --root "${dir}" --quiet`,
    ],
    { encoding: 'utf8' },
  )
  assert.is(r.status, 1, r.stderr)
  assert.match(
    r.stderr,
    /^build\/[^:]+\.html: error: writing the output failed: EFBIG: file too large, write \[output\]$/m,
  )
  assert.match(r.stderr, 'the previous output is intact')
  assert.is(manifest(out), before)
  assert.equal(
    fs.readdirSync(dir).filter((f) => /\.tmp-|\.old-|\.lock$/.test(f)),
    [],
  )
})

test('a file deleted between discovery and parsing is an error naming it, not a crash', async () => {
  const dir = tempCopy('basic')
  const config = await loadConfig(dir)
  const sources = await discoverSources(config)
  fs.rmSync(path.join(dir, 'content/docs/v2/guide/setup.md'))
  const markdown = createMarkdown(await createHighlighter())
  const r = await parseSources(sources, { config, markdown, strings: loadThemeStrings })
  assert.equal(r.diagnostics.map(formatDiagnostic), [
    'content/docs/v2/guide/setup.md: error: cannot read file: ENOENT [encoding]',
  ])
  assert.ok(r.parsed.some((p) => p.source.relPath === 'guide/intro.md'))
})

test('a symlink loop inside content/ does not hang the build', () => {
  const dir = tempCopy('basic')
  fs.symlinkSync('..', path.join(dir, 'content/docs/v2/guide/loop'))
  const t0 = Date.now()
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  // A hang, not a speed: the build takes seconds, a walk of the loop would never end.
  assert.ok(Date.now() - t0 < 120_000)
})

test('symlinks in content/ are followed inside the project, as Docusaurus follows them; not outside it', () => {
  const dir = tempCopy('basic')
  const outside = fs.mkdtempSync(path.join(path.dirname(dir), 'outside-'))
  fs.writeFileSync(path.join(outside, 'leak.md'), '# Leaked from outside\n')
  fs.mkdirSync(path.join(dir, 'shared/recipes'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'shared/recipes/refunds.md'), '# Refund recipe\n')
  fs.writeFileSync(path.join(dir, 'shared/faq.md'), '# Shared FAQ\n')
  const guide = path.join(dir, 'content/docs/v2/guide')
  fs.symlinkSync(path.join(dir, 'shared/recipes'), path.join(guide, 'recipes'))
  fs.symlinkSync(path.join(dir, 'shared/faq.md'), path.join(guide, 'faq.md'))
  fs.symlinkSync(path.join(outside, 'leak.md'), path.join(guide, 'leak.md'))
  fs.symlinkSync(path.join(dir, 'nowhere.md'), path.join(guide, 'broken.md'))
  const r = cli(['build', '--root', dir, '--quiet'])
  fs.rmSync(outside, { recursive: true })
  assert.is(r.code, 0, r.stderr)
  const built = fs.readdirSync(path.join(dir, 'build/guide'), { recursive: true }).map(String)
  assert.ok(built.includes('recipes/refunds/index.html'), built.join(', '))
  assert.ok(built.includes('faq/index.html'), built.join(', '))
  assert.not.ok(
    built.some((f) => f.startsWith('leak') || f.startsWith('broken')),
    built.join(', '),
  )
})

const MIME = new Set([
  'html',
  'css',
  'js',
  'json',
  'xml',
  'txt',
  // Markdown twins of pages (served as text/markdown per the README's S3 recipe).
  'md',
  'svg',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'ico',
  'yaml',
  'yml',
  'woff2',
  'map',
])

test('output self-check: 404.html, route/index.html for every route, no extension-less files, known MIME types, slash-ended links', async () => {
  const result = await buildFixture('basic')
  assert.ok(result.output.has('404.html'))
  for (const r of result.site.routes)
    if (r.data.kind !== 'not-found') assert.match(r.outFile, /(^|\/)index\.html$/, r.url)
  const files = [
    ...result.output.keys(),
    ...(fs.readdirSync(path.join(ROOT, 'test/fixtures/basic/static'), { recursive: true }) as string[]),
  ]
  for (const f of files) {
    const ext = path.extname(f).slice(1).toLowerCase()
    if (
      fs.existsSync(path.join(ROOT, 'test/fixtures/basic/static', f)) &&
      fs.statSync(path.join(ROOT, 'test/fixtures/basic/static', f)).isDirectory()
    )
      continue
    assert.ok(MIME.has(ext), `${f} has no known MIME type`)
  }
  for (const [file, contents] of result.output) {
    if (!file.endsWith('.html')) continue
    for (const m of String(contents).matchAll(/<a [^>]*href="(\/[^"#?]*)/g))
      assert.match(m[1]!, /\/$|\.[a-z0-9]+$/i, `${file}: ${m[1]}`)
  }
})

test.run()
