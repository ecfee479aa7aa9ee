import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, tempCopy } from './helpers/index.js'

// The fixture is built twice with the real CLI in a temporary copy: the first build draws every
// card (no cache), the second takes them from node_modules/.cache/docs-site/og.pack.
const dir = tempCopy('social-cards')
// A project with its dependencies installed: the caches live in its node_modules.
fs.mkdirSync(path.join(dir, 'node_modules'))
const out = path.join(dir, 'build')
const pack = path.join(dir, 'node_modules/.cache/docs-site/og.pack')

const pages = (): string[] =>
  (fs.readdirSync(out, { recursive: true }) as string[]).filter((f) => f.endsWith('index.html')).sort()
const read = (file: string) => fs.readFileSync(path.join(out, file), 'utf8')
const meta = (page: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"/>`).exec(page)?.[1]
/** The file an og:image URL names in the build. */
const fileOf = (url: string) => path.join(out, url.replace('https://cards.example/', ''))
const cards = () =>
  Object.fromEntries(
    fs
      .readdirSync(path.join(out, 'assets/og'))
      .map((f) => [f, fs.readFileSync(path.join(out, 'assets/og', f))]),
  )

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  assert.equal([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature')
  assert.is(bytes.subarray(12, 16).toString('latin1'), 'IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

let first: Record<string, Buffer>

test('a cold build draws a 1200×630 PNG card for every page and names it in the head', () => {
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.ok(fs.statSync(pack).size > 1000, 'cards are cached')
  first = cards()
  let checked = 0
  for (const file of pages()) {
    const page = read(file)
    if (file.endsWith('404.html') || file.endsWith('guide/own-image/index.html')) continue
    const image = meta(page, 'og:image')
    assert.ok(image, `${file} has og:image`)
    assert.match(image!, /^https:\/\/cards\.example\/assets\/og\/[0-9a-f]{20}\.png$/, file)
    assert.equal(pngSize(fs.readFileSync(fileOf(image!))), { width: 1200, height: 630 }, file)
    assert.is(meta(page, 'og:image:width'), '1200', file)
    assert.is(meta(page, 'og:image:height'), '630', file)
    assert.ok(meta(page, 'og:image:alt'), file)
    assert.is(meta(page, 'twitter:card'), 'summary_large_image', file)
    checked++
  }
  assert.ok(checked >= 8, `${checked} pages checked`)
})

test('the alt text names the title and section; the Vietnamese page has its own card', () => {
  const en = read('index.html')
  const vi = read('vi/index.html')
  assert.is(meta(en, 'og:image:alt'), 'Welcome (Guides)')
  assert.is(meta(vi, 'og:image:alt'), 'Chào mừng đến với tài liệu (Guides)')
  assert.is(meta(read('blog/hello/index.html'), 'og:image:alt'), 'Hello from the blog (Blog)')
  const enCard = fs.readFileSync(fileOf(meta(en, 'og:image')!))
  const viCard = fs.readFileSync(fileOf(meta(vi, 'og:image')!))
  assert.not.ok(enCard.equals(viCard), 'the vi card differs from the en card')
})

test('a page with image: front matter keeps its own image and gets no card', () => {
  const page = read('guide/own-image/index.html')
  assert.is(meta(page, 'og:image'), 'https://cards.example/img/own.svg')
  assert.is(meta(page, 'og:image:width'), undefined)
  assert.is(meta(page, 'twitter:card'), 'summary_large_image')
})

/** Every card of the build is the one the cold build drew, byte for byte. */
function sameCards() {
  const now = cards()
  assert.equal(Object.keys(now).sort(), Object.keys(first).sort())
  for (const [name, bytes] of Object.entries(now)) assert.ok(bytes.equals(first[name]!), name)
}

test('a build with the cache writes the same cards, byte for byte, and draws none', () => {
  fs.rmSync(out, { recursive: true })
  const before = fs.readFileSync(pack)
  fs.utimesSync(pack, new Date(0), new Date(0))
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.is(fs.statSync(pack).mtimeMs, 0, 'the cache is not written again: nothing new was drawn')
  assert.ok(fs.readFileSync(pack).equals(before))
  sameCards()
})

test('a rebuild takes the cards of the previous output as they are, without writing them', () => {
  const card = path.join(out, 'assets/og', Object.keys(first)[0]!)
  const before = fs.statSync(card)
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.is(fs.statSync(card).ino, before.ino, 'the same file, linked into the new output')
  assert.is(fs.statSync(card).mtimeMs, before.mtimeMs)
  sameCards()
})

test('a damaged cache is no error: the cards are drawn again, the same', () => {
  fs.rmSync(out, { recursive: true })
  const bytes = fs.readFileSync(pack)
  fs.writeFileSync(pack, bytes.subarray(0, bytes.length - 100))
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.ok(fs.readFileSync(pack).equals(bytes), 'the cache is whole again')
  sameCards()
})

test('a project without node_modules gets its cards and no node_modules folder', () => {
  const bare = tempCopy('social-cards')
  try {
    const r = cli(['build', '--root', bare, '--quiet'])
    assert.is(r.code, 0, r.stderr)
    assert.ok(fs.readdirSync(path.join(bare, 'build/assets/og')).length > 0, 'cards are drawn')
    assert.not.ok(fs.existsSync(path.join(bare, 'node_modules')), 'no node_modules folder is made')
  } finally {
    fs.rmSync(bare, { recursive: true, force: true })
  }
})

test('without socialCards pages keep the site image and no card is drawn', () => {
  const config = path.join(dir, 'docs-site.config.ts')
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('socialCards: true', 'socialCards: false'))
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  assert.not.ok(fs.existsSync(path.join(out, 'assets/og')))
  assert.is(meta(read('index.html'), 'og:image'), undefined)
})

test.after(() => fs.rmSync(dir, { recursive: true, force: true }))
test.run()
