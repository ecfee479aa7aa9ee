import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseYaml } from '../src/parse/yaml.js'
import { readFrontMatter } from '../src/parse/frontmatter.js'
import { formatDiagnostic } from '../src/errors.js'

const first = (text: string) => {
  const r = readFrontMatter(text, 'docs/a.md')
  return r.diagnostics.map(formatDiagnostic)[0]?.split('\n')[0]
}

test('unquoted colon points into the file, not the YAML block', () => {
  assert.match(
    first('---\ntitle: Foo: bar\n---\nbody') ?? '',
    /^docs\/a\.md:2:\d+: error: front matter: .* \[frontmatter\]$/,
  )
})

test('tab indentation is an error with file and line', () => {
  assert.match(first('---\ntitle: x\ntags:\n\t- a\n---\n') ?? '', /^docs\/a\.md:4:\d+: error: /)
})

test('an opening fence without a closing one is "front matter not closed"', () => {
  assert.is(
    first('---\ntitle: x\n\nbody'),
    'docs/a.md:1:1: error: front matter not closed: the `---` opened on line 1 has no closing `---` [frontmatter]',
  )
})

test('a closing fence without an opening one warns and keeps the text as body', () => {
  const r = readFrontMatter('title: x\n---\nbody', 'docs/a.md')
  assert.is(r.body, 'title: x\n---\nbody')
  assert.is(
    formatDiagnostic(r.diagnostics[0]!),
    'docs/a.md:2:1: warning: front matter fence without opening: add `---` as the first line [frontmatter]',
  )
})

test('duplicate keys are an error naming the key and both lines', () => {
  assert.is(
    first('---\ntitle: a\ntitle: b\n---\n'),
    'docs/a.md:3:1: error: front matter: duplicate key "title" (lines 2 and 3) [frontmatter]',
  )
})

test('wrong types say what was expected', () => {
  assert.is(
    first('---\ntitle: null\n---\n'),
    'docs/a.md:2:1: error: "title" must be a string that is not empty, got null [frontmatter]',
  )
  assert.is(
    first('---\ntitle: ok\nsidebar_position: "x"\n---\n'),
    'docs/a.md:3:1: error: "sidebar_position" must be a number, got "x" [frontmatter]',
  )
})

test('values Docusaurus also refuses: an empty title, TOC levels outside 2–6 or crossed, a bare number as a date', () => {
  assert.is(
    first('---\ntitle: ""\n---\n'),
    'docs/a.md:2:1: error: "title" must be a string that is not empty, got "" [frontmatter]',
  )
  assert.is(
    first('---\ntoc_max_heading_level: 42\n---\n'),
    'docs/a.md:2:1: error: "toc_max_heading_level" must be a heading level from 2 to 6, got 42 [frontmatter]',
  )
  assert.is(
    first('---\ntoc_min_heading_level: 4\ntoc_max_heading_level: 3\n---\n'),
    'docs/a.md:2:1: error: "toc_min_heading_level" (4) is more than "toc_max_heading_level" (3): the table of contents would be empty [frontmatter]',
  )
  assert.match(
    first('---\nlast_update:\n  date: 20240102\n---\n') ?? '',
    /^docs\/a\.md:2:1: error: "last_update" must be/,
  )
  assert.is(
    first('---\ntoc_min_heading_level: 2\ntoc_max_heading_level: 6\nlast_update:\n  date: 2024-01-02\n---\n'),
    undefined,
  )
  assert.is(first('---\ndisplayed_sidebar: api\nsidebar_custom_props:\n  badge: new\n---\n'), undefined)
})

test('a YAML alias bomb fails fast and names the file', () => {
  let yaml = 'a0: &a0 [x, x, x, x, x, x, x, x, x]\n'
  for (let i = 1; i < 10; i++)
    yaml += `a${i}: &a${i} [${Array(9)
      .fill(`*a${i - 1}`)
      .join(', ')}]\n`
  const t0 = performance.now()
  const msg = first(`---\n${yaml}---\n`)
  assert.ok(performance.now() - t0 < 2000)
  assert.match(msg ?? '', /^docs\/a\.md:\d+:\d+: error: front matter: .*alias/i)
})

test('an anchor used hundreds of times (a shared parameter of a large spec) is not a bomb', () => {
  const uses = Array.from({ length: 600 }, (_, i) => `  op${i}: { params: [*page], <<: *errors }\n`).join('')
  const parsed = parseYaml(
    `page: &page { name: page, in: query }\nerrors: &errors { '400': bad }\nops:\n${uses}`,
  )
  const ops = (parsed.data as { ops: Record<string, { params: unknown[]; '400': string }> }).ops
  assert.equal(ops.op599!.params[0], { name: 'page', in: 'query' })
  assert.is(ops.op599!['400'], 'bad')
})

test('5000-deep nesting is an error, not a stack overflow', () => {
  const msg = first(`---\ntags: ${'['.repeat(5000)}${']'.repeat(5000)}\n---\n`)
  assert.match(msg ?? '', /^docs\/a\.md:\d+:\d+: error: front matter: /)
})

test('the fences alone: empty or comment-only front matter is no data, and the body follows the closing fence', () => {
  for (const head of ['---\n---', '---\n\n---', '---\n# a note to translators\n  \n---', '---   \n---  ']) {
    const r = readFrontMatter(`${head}\nThe body.\n`, 'docs/a.md')
    assert.equal([r.data, r.body, r.diagnostics], [{}, 'The body.\n', []], head)
  }
  // Only a line that is `---` (trailing blanks aside) closes it: a line starting with `---` is
  // YAML's to read, here an error at its line, not the end of the front matter and a body of 'x'.
  assert.is(
    first('---\ntitle: A\ndescription: |\n  one\n---x\n---\nBody'),
    'docs/a.md:5:1: error: front matter: Implicit map keys need to be followed by map values [frontmatter]',
  )
})

test('body line accounts for the front matter', () => {
  const r = readFrontMatter('---\ntitle: x\ndescription: y\n---\nhello', 'a.md')
  assert.is(r.bodyLine, 5)
  assert.is(r.body, 'hello')
  assert.equal(r.data, { title: 'x', description: 'y' })
})

test('TOML front matter (Hugo’s +++) warns and is not shown as the page’s text', () => {
  const r = readFrontMatter('+++\ntitle = "Toml page"\nweight = 3\n+++\n\n# Body\n', 'docs/a.md')
  assert.equal(r.data, {})
  assert.is(r.body, '\n# Body\n')
  assert.is(r.bodyLine, 5)
  assert.match(
    formatDiagnostic(r.diagnostics[0]!),
    'docs/a.md:1:1: warning: TOML front matter (between `+++` lines) is not read: write it as YAML between `---` lines',
  )
  // Text that starts with +++ but closes nothing is text.
  assert.is(readFrontMatter('+++\nNo closing.\n', 'docs/a.md').body, '+++\nNo closing.\n')
})

test.run()
