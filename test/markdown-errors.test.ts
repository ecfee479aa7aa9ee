import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, tempCopy } from './helpers/index.js'

// Mistakes in the markdown extensions, each reported at its file and line
// (test/fixtures/markdown-errors: one broken construct per page).

test('broken diagram and bad math warn; an include cycle and a missing include fail the build', () => {
  const dir = tempCopy('markdown-errors')
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 1, r.stderr)
  const lines = r.stderr.split('\n')
  const has = (prefix: string, text: string) =>
    assert.ok(
      lines.some((l) => l.startsWith(prefix) && l.includes(text)),
      `${prefix} … ${text}\n${r.stderr}`,
    )
  has('content/docs/v1/broken-diagram.md:10:1: warning: mermaid:', "got 'INVALID' [markdown]")
  // Not the diagram's last line, as the message's last line is: what is wrong.
  has(
    'content/docs/v1/unknown-diagram.md:8:1: warning: mermaid:',
    'No diagram type detected matching given configuration for text: flowchat TD [markdown]',
  )
  // A state diagram's parser runs in Node too; only its drawing needs a browser.
  has('content/docs/v1/state-diagram.md:25:1: warning: mermaid:', "got 'INVALID' [markdown]")
  assert.is(r.stderr.match(/state-diagram\.md/g)?.length, 1, 'the valid state and class diagrams pass')
  has('content/docs/v1/bad-math.md:5:23: warning: math:', 'Unexpected end of input')
  has('content/docs/v1/_b.md:3:15: error:', 'include cycle: _a.md → _b.md → _a.md [markdown]')
  has(
    'content/docs/v1/missing.md:7:15: error:',
    'included file not found: ./_nowhere.md (content/docs/v1/_nowhere.md)',
  )
  assert.not.match(r.stderr, /\n\s+at /, 'no stack trace')
  assert.not.ok(fs.existsSync(path.join(dir, 'build')))
})

test('an include of a file outside the project, or of a binary file, is an error at its line: nothing of it is published', () => {
  const dir = tempCopy('markdown-errors')
  for (const f of ['cycle.md', 'missing.md']) fs.rmSync(path.join(dir, 'content/docs/v1', f))
  const outside = path.join(path.dirname(dir), `${path.basename(dir)}-secret.md`)
  fs.writeFileSync(outside, 'SECRET-OUTSIDE-TEXT\n')
  fs.writeFileSync(
    path.join(dir, 'content/docs/v1/_blob.md'),
    Buffer.from([0x47, 0x49, 0x46, 0x00, 0x01, 0x02]),
  )
  fs.symlinkSync(outside, path.join(dir, 'content/docs/v1/_link.md'))
  fs.writeFileSync(
    path.join(dir, 'content/docs/v1/leaks.md'),
    `# Leaks\n\n<!-- include: ../../../../${path.basename(outside)} -->\n\n<!-- include: ./_link.md -->\n\n<!-- include: /etc/hostname -->\n\n<!-- include: ./_blob.md -->\n`,
  )
  const r = cli(['build', '--root', dir, '--quiet'])
  fs.rmSync(outside)
  assert.is(r.code, 1, r.stderr)
  for (const [line, name] of [
    [3, `../../../../${path.basename(outside)}`],
    [5, './_link.md'],
    [7, '/etc/hostname'],
  ] as const)
    assert.match(
      r.stderr,
      `content/docs/v1/leaks.md:${line}:15: error: included file ${name} is outside the project`,
    )
  assert.match(r.stderr, 'content/docs/v1/leaks.md:9:15: error: included file ./_blob.md is not a text file')
  assert.not.match(r.stderr, 'SECRET-OUTSIDE-TEXT')
})

test('without the include errors the build succeeds and the pages show the broken source', () => {
  const dir = tempCopy('markdown-errors')
  for (const f of ['cycle.md', 'missing.md']) fs.rmSync(path.join(dir, 'content/docs/v1', f))
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.match(r.stderr, 'broken-diagram.md:10:1: warning')
  assert.match(r.stderr, 'bad-math.md:5:23: warning')
  const diagram = fs.readFileSync(path.join(dir, 'build/broken-diagram/index.html'), 'utf8')
  assert.match(diagram, '<pre class="mermaid-source"><code>sequenceDiagram\n  Game-&gt;&gt;Wallet')
  const math = fs.readFileSync(path.join(dir, 'build/bad-math/index.html'), 'utf8')
  assert.match(math, /<span class="math-error" title="[^"]*"><code>\\frac\{a\}\{b<\/code><\/span>/)
})

test('a link or image leading out of the project (by ../, @site/.. or a symlink) is an error at its line: nothing of it is published', () => {
  const dir = tempCopy('markdown-errors')
  for (const f of ['cycle.md', 'missing.md']) fs.rmSync(path.join(dir, 'content/docs/v1', f))
  const outside = path.join(path.dirname(dir), `${path.basename(dir)}-notes.txt`)
  fs.writeFileSync(outside, 'SECRET-OUTSIDE-FILE\n')
  fs.symlinkSync(outside, path.join(dir, 'content/docs/v1/notes.txt'))
  const up = `../../../../${path.basename(outside)}`
  fs.writeFileSync(
    path.join(dir, 'content/docs/v1/leaks.md'),
    `# Leaks\n\n[notes](${up})\n\n![pic](./notes.txt)\n\n[loader](../../../../../../../../../etc/ld.so.conf)\n`,
  )
  const r = cli(['build', '--root', dir, '--quiet'])
  fs.rmSync(outside)
  // A broken link's exit code, as for a file that is not there.
  assert.is(r.code, 2, r.stderr)
  for (const [line, column, url] of [
    [3, 9, up],
    [5, 8, './notes.txt'],
    [7, 10, '../../../../../../../../../etc/ld.so.conf'],
  ] as const)
    assert.match(
      r.stderr,
      `content/docs/v1/leaks.md:${line}:${column}: error: "${url}" is outside the project: only the project's own files are published`,
    )
  assert.not.match(r.stderr, /\n\s+at /, 'no stack trace')
  assert.not.ok(fs.existsSync(path.join(dir, 'build')))
})

test.run()
