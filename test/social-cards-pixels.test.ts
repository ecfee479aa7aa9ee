import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, tempCopy } from './helpers/index.js'
import { decodePng, type Rgba } from './social-cards-png.js'
import { createCardRenderer } from '../src/social/draw.js'
import { loadFonts } from '../src/social/fonts.js'
import { cardLines } from '../src/social/layout.js'
import { loadResvg, rasterise } from '../src/social/resvg.js'

// What the cards look like, read back from the PNGs a real build writes: the title is drawn where
// it belongs, long titles wrap and stop at three lines, Vietnamese marks are drawn where the glyph
// outlines put them, and two builds from scratch write the same bytes.
const dir = tempCopy('social-cards')
const out = path.join(dir, 'build')
const cache = path.join(dir, 'node_modules/.cache/docs-site')

const build = () => {
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
}
/** The card a built page names in its og:image. */
const cardOf = (page: string): Buffer => {
  const html = fs.readFileSync(path.join(out, page), 'utf8')
  const url = /<meta property="og:image" content="https:\/\/cards\.example\/([^"]+)"\/>/.exec(html)?.[1]
  assert.ok(url, `${page} names a card`)
  return fs.readFileSync(path.join(out, url!))
}
const cards = () =>
  new Map(
    fs
      .readdirSync(path.join(out, 'assets/og'))
      .map((f) => [f, fs.readFileSync(path.join(out, 'assets/og', f))]),
  )

const pixel = (img: Rgba, x: number, y: number) => [
  ...img.pixels.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 3),
]
/** Pixels darker than mid-grey in a box: text (#1c1e21 and #525860 on white). */
function inkIn(img: Rgba, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (pixel(img, x, y).every((c) => c < 128)) n++
  return n
}
/** Rows from the first to the last one with ink between y0 and y1. */
function inkHeight(img: Rgba, y0: number, y1: number): number {
  const rows = []
  for (let y = y0; y < y1; y++) if (inkIn(img, 0, y, img.width, y + 1) > 0) rows.push(y)
  return rows.length ? rows[rows.length - 1]! - rows[0]! + 1 : 0
}

let first: Map<string, Buffer>

test('a card shows the border, the logo, the site title, the page title and its section', () => {
  build()
  first = cards()
  const card = decodePng(cardOf('index.html'))
  assert.equal([card.width, card.height], [1200, 630])
  assert.equal(pixel(card, 600, 5), [0x0a, 0x5f, 0xb4], 'primary border along the top')
  assert.equal(pixel(card, 112, 102), [0x2e, 0x85, 0x55], "the fixture's green logo")
  assert.ok(inkIn(card, 166, 70, 400, 134) > 300, 'site title beside the logo')
  assert.ok(inkIn(card, 80, 200, 1120, 420) > 3000, 'the title "Welcome" in the middle')
  assert.is(inkIn(card, 500, 200, 1200, 420), 0, 'a short title leaves the right side white')
  assert.ok(inkIn(card, 110, 530, 400, 570) > 200, 'section "Guides" beside the bar')
  assert.equal(pixel(card, 85, 550), [0x0a, 0x5f, 0xb4], 'the section bar')
})

test('a long title wraps into three lines within the margins and the Vietnamese one into one', () => {
  // Lines of text touch (descenders, marks), so lines are told by the title's height: a line box is
  // 1.2 times the size (46 px for a long title, 68 px for a short one), the last line's ink
  // about 0.95 times the size.
  const long = decodePng(cardOf('guide/long-title/index.html'))
  const height = inkHeight(long, 140, 520)
  assert.ok(height > 2 * 55 + 30 && height < 3 * 55 + 30, `three lines of 46 px (${height} px of ink)`)
  assert.is(inkIn(long, 1121, 140, 1200, 520), 0, 'nothing past the right margin')
  const vi = decodePng(cardOf('vi/index.html'))
  assert.ok(inkHeight(vi, 140, 520) < 82 + 30, 'one line of 68 px')
})

/**
 * The card's title drawn whole by resvg, as one SVG of the glyphs' outlines at their exact
 * (fractional) places on the card's baseline: what the card's glyph bitmaps, snapped to a quarter
 * pixel and blended into the palette, must look like.
 */
async function referenceTitle(title: string): Promise<Rgba> {
  await loadResvg()
  const fonts = loadFonts()
  const [line] = cardLines(fonts, { title, section: 'Guides' }, 'Cards', true)
  const scale = line!.size / fonts.faces[0]!.unitsPerEm
  const paths = fonts.shape(line!.text, line!.weight, line!.size).glyphs.map((g) => {
    const d = fonts.faces[g.face]!.path(g.id)
    return `<path transform="translate(${line!.x + g.x} ${line!.baseline + g.y}) scale(${scale} ${-scale})" d="${d}"/>`
  })
  return rasterise(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#fff"/>` +
      `<g fill="${line!.color}">${paths.join('')}</g></svg>`,
  )
}

test('the Vietnamese title, marks included, is where resvg draws it whole', async () => {
  const card = decodePng(cardOf('vi/index.html'))
  const reference = await referenceTitle('Chào mừng đến với tài liệu')
  let off = 0
  let ink = 0
  for (let y = 200; y < 420; y++)
    for (let x = 60; x < 1140; x++) {
      const a = pixel(card, x, y)[0]!
      const b = pixel(reference, x, y)[0]!
      if (b < 128) ink++
      if (Math.abs(a - b) > 96) off++
    }
  assert.ok(ink > 5000, `the reference has the title (${ink} dark pixels)`)
  assert.ok(off < ink * 0.02, `${off} pixels differ from the reference (of ${ink} dark ones)`)
})

test('a title written with combining marks is the same card as its composed form', async () => {
  const renderer = await createCardRenderer({ siteTitle: 'Cards', logo: undefined })
  const composed = 'Kiểm tra chữ ký'
  const decomposed = composed.normalize('NFD')
  assert.is.not(decomposed, composed)
  const a = renderer.render({ title: composed, section: 'Tích hợp' })
  const b = renderer.render({ title: decomposed, section: 'Tích hợp'.normalize('NFD') })
  assert.ok(a.equals(b))
})

test('a card is the same bytes whatever was drawn before it', async () => {
  // A renderer keeps each title's and section's drawn bands for the cards after it: a card must
  // not depend on which of them it found kept, nor on which glyphs were drawn before.
  const long = `Settle ${'a very long round of bets across several providers and '.repeat(2)}`.trim()
  const cards = [
    { title: 'Debit a bet', section: 'API reference · v2' },
    { title: 'Debit a bet', section: 'API reference · v1' },
    { title: 'Ghi nợ một cược', section: 'Tham chiếu API · v2' },
    { title: long, section: 'Integration · v2' },
    { title: long, section: 'Integration · v1' },
  ]
  const brand = { siteTitle: 'Cards', logo: undefined }
  const first = await createCardRenderer(brand)
  const inOrder = cards.map((c) => first.render(c))
  for (const [i, card] of cards.entries()) {
    const fresh = await createCardRenderer(brand)
    const alone = fresh.render(card)
    assert.ok(alone.equals(inOrder[i]!), `${card.title} (${card.section}) drawn alone`)
  }
  const reversed = await createCardRenderer(brand)
  for (const [i, card] of [...cards.entries()].reverse())
    assert.ok(reversed.render(card).equals(inOrder[i]!), `${card.title} (${card.section}) drawn last`)
  // Each is a whole PNG: zlib checks the stream's checksum as it inflates.
  for (const png of inOrder) assert.equal([decodePng(png).width, decodePng(png).height], [1200, 630])
})

test("titles in Russian and Greek are drawn from Inter's own letters, not its 'no glyph' box", () => {
  // The site's UI comes in Russian too (theme/i18n/ru.json): a Russian or Greek page title must not
  // come out as boxes. Inter has both alphabets (@fontsource's Cyrillic and Greek subsets).
  const fonts = loadFonts()
  for (const text of ['Начало работы', 'Ελληνικά έγγραφα', 'Ёжик Ѣ Ґ', 'ἀρχή'])
    for (const weight of [400, 700] as const) {
      const ids = fonts.shape(text, weight, 30).glyphs.map((g) => g.id)
      assert.ok(!ids.includes(0), `${text} at ${weight}: glyphs ${ids.join(' ')}`)
    }
})

test("resvg's loader leaves the fetch globals as they were", async () => {
  // They are hidden while it loads (src/social/resvg.ts), so that Node does not load its fetch.
  await loadResvg()
  assert.is(typeof Request, 'function')
  assert.is(typeof Response, 'function')
  assert.ok(new Response('x') instanceof Response)
})

test('two builds from scratch write the same cards, byte for byte', () => {
  fs.rmSync(cache, { recursive: true, force: true })
  build()
  const second = cards()
  assert.equal([...second.keys()].sort(), [...first.keys()].sort())
  for (const [name, bytes] of second) assert.ok(bytes.equals(first.get(name)!), name)
})

test.after(() => fs.rmSync(dir, { recursive: true, force: true }))
test.run()
