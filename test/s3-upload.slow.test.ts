import fs from 'node:fs'
import path from 'node:path'
import { execFile, spawnSync } from 'node:child_process'
import { promisify } from 'node:util'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import S3rver from 's3rver'
import { ROOT, tempCopy, tempDir } from './helpers/index.js'
import { buildOrThrow } from './helpers/browser.js'

// The README's deploy recipe, run as written with the real AWS CLI (Debian's awscli) against a
// local S3 server (s3rver, in this process, on 127.0.0.1): every file of a build arrives with the
// type and cache header the recipe promises, a sync after an unchanged rebuild uploads nothing,
// and after one edited page only the files whose bytes changed go up.

/** Debian's CLI first (the one the README names), else whichever `aws` is on PATH. */
const AWS = ['/usr/bin/aws', 'aws'].find((bin) => spawnSync(bin, ['--version']).status === 0)

let work: string
let root: string
let server: S3rver
let endpoint: string
const out = () => path.join(work, 'build')

/** The README's deploy recipe: the first bash block of the "Deploying to S3" section. */
function recipe(): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## Deploying to S3'))
  const block = /```bash\n([\s\S]*?)```/.exec(section)
  assert.ok(block, 'README has a bash block under "Deploying to S3"')
  return block![1]!
}

const execAsync = promisify(execFile)

/**
 * Runs the recipe in `work` (where build/ is) with `aws` pointing at the local server; resolves
 * with the keys it uploaded. Asynchronous: the server answers from this same process.
 */
async function deploy(): Promise<string[]> {
  const bin = path.join(work, 'bin')
  fs.mkdirSync(bin, { recursive: true })
  fs.writeFileSync(path.join(bin, 'aws'), `#!/bin/sh\nexec ${AWS} --endpoint-url ${endpoint} "$@"\n`, {
    mode: 0o755,
  })
  const env = {
    ...process.env,
    PATH: `${bin}:${process.env.PATH}`,
    B: 's3://site',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_CONFIG_FILE: path.join(work, 'no-config'),
    AWS_SHARED_CREDENTIALS_FILE: path.join(work, 'no-credentials'),
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_PAGER: '',
    // Newer CLIs sign uploads in chunks with a trailing checksum, which s3rver does not read.
    AWS_REQUEST_CHECKSUM_CALCULATION: 'when_required',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'when_required',
  }
  const { stdout } = await execAsync('bash', ['-euo', 'pipefail', '-c', recipe()], {
    cwd: work,
    env,
    maxBuffer: 64 * 1024 * 1024,
  })
  // Progress lines end in a carriage return (an upload line may follow one), upload lines in spaces.
  return [...stdout.replace(/\r/g, '\n').matchAll(/^upload: \S+ to s3:\/\/site\/(\S+) *$/gm)]
    .map((m) => m[1]!)
    .sort()
}

/** Every file of the build, as bucket keys. */
const files = (): string[] =>
  (fs.readdirSync(out(), { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(out(), path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort()

const build = () => buildOrThrow(['build', '--quiet', '--root', root, '--out-dir', out()])

/** The headers the bucket answers a key with (s3rver serves anonymous reads). */
async function head(key: string): Promise<{ type: string; cache: string }> {
  const res = await fetch(`${endpoint}/site/${key.split('/').map(encodeURIComponent).join('/')}`, {
    method: 'HEAD',
  })
  assert.is(res.status, 200, key)
  return { type: res.headers.get('content-type') ?? '', cache: res.headers.get('cache-control') ?? '' }
}

/** What each kind of file must be served as. JavaScript: either registered type (mime.types varies). */
const TYPES: Record<string, RegExp> = {
  '.html': /^text\/html\b/,
  '.css': /^text\/css\b/,
  '.js': /^(text|application)\/javascript\b/,
  '.json': /^application\/json; charset=utf-8$/,
  '.xml': /^application\/xml; charset=utf-8$/,
  '.txt': /^text\/plain; charset=utf-8$/,
  '.md': /^text\/markdown; charset=utf-8$/,
  '.png': /^image\/png$/,
  '.svg': /^image\/svg\+xml$/,
}

if (!AWS) {
  console.log('AWS CLI not installed (apt-get install -y awscli): the S3 upload tests are skipped.')
  test.skip('the README recipe uploads a build to a local S3 server')
} else {
  test.before(async () => {
    work = tempDir('docs-site-s3-upload-')
    root = tempCopy('s3-deploy')
    build()
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(work, 's3'),
      configureBuckets: [{ name: 'site', configs: [] }],
    })
    const { port } = await server.run()
    endpoint = `http://127.0.0.1:${port}`
  })
  test.after(async () => {
    await server?.close()
    for (const dir of [work, root]) if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  test('the first deploy uploads every file with its type and cache header', async () => {
    // S3 keeps whole seconds: a deploy in the same second as the build sees every file newer than
    // its fresh copy. Files dated a second ahead make that case certain; the recipe's last step
    // must not upload them again (without the headers its earlier steps set).
    const stamp = (seconds: number) =>
      files().forEach((f) => fs.utimesSync(path.join(out(), f), seconds, seconds))
    stamp(Date.now() / 1000 + 1.5)
    const uploaded = new Set(await deploy())
    // Back in the past, as a build that ended before the deploy is, for the next deploys.
    stamp(Date.now() / 1000 - 60)
    const expected = files().filter((f) => f !== '.docs-site-output')
    assert.equal(
      expected.filter((f) => !uploaded.has(f)),
      [],
      'every file of the build arrived',
    )
    assert.not.ok(uploaded.has('.docs-site-output'), "the build's marker stays home")
    const seen = new Set<string>()
    for (const key of expected) {
      const ext = path.extname(key)
      const { type, cache } = await head(key)
      if (TYPES[ext]) {
        assert.match(type, TYPES[ext]!, `${key}: ${type}`)
        seen.add(ext)
      }
      if (key.startsWith('assets/')) assert.is(cache, 'public, max-age=31536000, immutable', key)
      else assert.is(cache, 'no-cache', key)
    }
    // The fixture has every kind: a check that found none of one would prove nothing.
    assert.equal([...seen].sort(), Object.keys(TYPES).sort())
    assert.ok(expected.some((f) => f.startsWith('pagefind/')))
    assert.ok(expected.some((f) => f.startsWith('assets/og/')))
  })

  test('a deploy after an unchanged rebuild uploads nothing', async () => {
    build()
    assert.equal(await deploy(), [])
  })

  test('after one edited page, only the files whose bytes changed are uploaded', async () => {
    const before = new Map(files().map((f) => [f, fs.readFileSync(path.join(out(), f))]))
    const page = path.join(root, 'content/docs/v2/guide/setup.md')
    fs.writeFileSync(
      page,
      fs.readFileSync(page, 'utf8').replace('Install the **widget**', 'Install the **gadget**'),
    )
    build()
    const changed = files().filter((f) => !before.get(f)?.equals(fs.readFileSync(path.join(out(), f))))
    const uploaded = await deploy()
    assert.equal(
      uploaded,
      changed.filter((f) => f !== '.docs-site-output'),
    )
    assert.ok(uploaded.includes('guide/setup/index.html'))
    assert.ok(uploaded.includes('guide/setup/index.md'))
    assert.not.ok(uploaded.includes('index.html'), 'the home page did not change')
    assert.ok(uploaded.length < files().length / 3, uploaded.join(', '))
    assert.is((await head('guide/setup/index.md')).type, 'text/markdown; charset=utf-8')
  })
}

test.run()
