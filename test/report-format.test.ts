import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { child, children, parseXml, textOf } from './helpers/xml.js'
import { ROOT, tempCopy } from './helpers/index.js'

// `--format text|json|github|junit` on build and check-links: what CI tools read. Exit codes
// are those of the text format.

function run(args: string[], env: Record<string, string | undefined> = {}) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/docs-site.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', GITHUB_ACTIONS: undefined, ...env },
  })
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr }
}

/** The basic fixture with a broken markdown link (a warning at line 11) in guide/setup.md. */
function withWarning(): string {
  const dir = tempCopy('basic')
  fs.appendFileSync(path.join(dir, 'content/docs/v2/guide/setup.md'), '\nSee [gone](./gone.md).\n')
  return dir
}

/** The basic fixture with bad front matter (an error at line 2) in guide/setup.md. */
function withError(): string {
  const dir = tempCopy('basic')
  fs.writeFileSync(
    path.join(dir, 'content/docs/v2/guide/setup.md'),
    '---\ntitle: Setup: the basics\n---\n\nBody\n',
  )
  return dir
}

const SETUP = 'content/docs/v2/guide/setup.md'

test('--format json: every diagnostic with file, line, column, severity, rule and message on stdout', () => {
  const r = run(['build', '--root', withWarning(), '--format', 'json'])
  assert.is(r.code, 0, r.stderr)
  const report = JSON.parse(r.stdout) as { errors: number; warnings: number; diagnostics: unknown[] }
  assert.is(report.errors, 0)
  assert.equal(report.diagnostics, [
    {
      file: SETUP,
      line: 11,
      column: 12,
      severity: 'warning',
      rule: 'broken-markdown-link',
      message: 'broken markdown link "./gone.md": no doc guide/gone.md in v2',
    },
  ])
  assert.is(report.warnings, 1)
  // The summary is still there, for a human, on stderr.
  assert.match(r.stderr, /✔ 18 pages/)
})

test('--format json on a failing build: exit 1 as in text, the error in the JSON', () => {
  const r = run(['build', '--root', withError(), '--format', 'json'])
  assert.is(r.code, 1, r.stderr)
  const report = JSON.parse(r.stdout) as {
    errors: number
    diagnostics: Array<{ file: string; line: number; rule: string; severity: string }>
  }
  assert.is(report.errors, 1)
  const error = report.diagnostics.find((d) => d.severity === 'error')!
  assert.equal([error.file, error.line, error.rule], [SETUP, 2, 'frontmatter'])
  assert.not.match(r.stderr, /at .*\.ts:\d+/)
})

test('under GitHub Actions the default adds ::error / ::warning annotations; text is unchanged', () => {
  const dir = withError()
  const gh = run(['build', '--root', dir], { GITHUB_ACTIONS: 'true' })
  assert.is(gh.code, 1)
  assert.match(
    gh.stdout,
    /^::error file=content\/docs\/v2\/guide\/setup\.md,line=2,col=\d+,title=docs-site frontmatter::front matter: /m,
  )
  assert.match(
    gh.stderr,
    /^content\/docs\/v2\/guide\/setup\.md:2:\d+: error: front matter: .* \[frontmatter\]$/m,
  )
  const text = run(['build', '--root', dir])
  assert.is(text.code, 1)
  assert.not.match(text.stdout + text.stderr, /::error/)
  const warn = run(['build', '--root', withWarning(), '--format', 'github'])
  assert.is(warn.code, 0, warn.stderr)
  assert.match(
    warn.stdout,
    /^::warning file=content\/docs\/v2\/guide\/setup\.md,line=11,col=12,title=docs-site broken-markdown-link::broken markdown link/m,
  )
})

test('--format junit: one test case per page, the page with an error fails', () => {
  const r = run(['build', '--root', withWarning(), '--format', 'junit'])
  assert.is(r.code, 0, r.stderr)
  const xml = parseXml(r.stdout)
  const cases = children(child(xml, 'testsuite'), 'testcase')
  assert.is(cases.length, 18)
  const setup = cases.find((c) => c.attrs.name === '/guide/setup/')!
  assert.is(setup.attrs.file, SETUP)
  assert.match(textOf(child(setup, 'system-out')), /broken markdown link/)
  assert.is(xml.attrs.failures, '0')
})

test('check-links --format json and junit: broken links per page, exit 2', () => {
  const dir = tempCopy('basic')
  assert.is(run(['build', '--root', dir, '--quiet']).code, 0)
  const page = path.join(dir, 'build/guide/setup/index.html')
  fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace('</main>', '<a href="/nope/">x</a></main>'))
  const json = run(['check-links', '--root', dir, '--format', 'json'])
  assert.is(json.code, 2, json.stderr)
  const report = JSON.parse(json.stdout) as {
    diagnostics: Array<{ file: string; rule: string; message: string }>
  }
  assert.equal(
    report.diagnostics.map((d) => [d.file, d.rule]),
    [[path.relative(ROOT, page), 'broken-link']],
  )
  assert.match(report.diagnostics[0]!.message, /linking to \/nope\/ \(404 not found\)/)
  const junit = run(['check-links', '--root', dir, '--format', 'junit'])
  assert.is(junit.code, 2)
  const cases = children(child(parseXml(junit.stdout), 'testsuite'), 'testcase')
  assert.is(cases.length, 18)
  assert.equal(
    cases.filter((c) => children(c, 'failure').length).map((c) => c.attrs.name),
    ['/guide/setup/'],
  )
})

test('an unknown --format is refused', () => {
  const r = run(['build', '--root', tempCopy('basic'), '--format', 'xml'])
  assert.is.not(r.code, 0)
  assert.match(r.stderr, /--format.*xml.*text, json, github, junit/)
})

test.run()
