import { test } from 'uvu'
import * as assert from 'uvu/assert'
import path from 'node:path'
import { buildFixture, FIXTURES } from './helpers/index.js'
import { createImageSizer } from '../src/image-dimensions.js'

// Images carry width and height from their files, so nothing below them moves as they load.

const imgs = async () => {
  const r = await buildFixture('images')
  const html = String(r.output.get('index.html'))
  return [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0])
}

test('markdown and HTML images get the width and height of their files (SVG from its viewBox)', async () => {
  const tags = await imgs()
  const by = (src: string) => tags.filter((t) => t.includes(`src="${src}"`))
  assert.match(by('/img/viewbox-only.svg')[0]!, /width="640" height="360"/)
  assert.match(by('/img/photo.png')[0]!, /width="30" height="20"/)
  assert.match(by('/img/sized.svg')[0]!, /width="120" height="80"/)
})

test("an author's own size is kept, and an image from elsewhere is left as written", async () => {
  const tags = await imgs()
  const own = tags.find((t) => t.includes('width="15"'))!
  assert.not.match(own, /height=/)
  const remote = tags.find((t) => t.includes('images.example'))!
  assert.not.match(remote, /width=|height=/)
})

test('every <img> tag is sized wherever it stands, and nothing else in the page changes', () => {
  const size = createImageSizer(path.join(FIXTURES, 'images/static'), '/')
  const photo = '<img src="/img/photo.png" alt="p">'
  const sized = '<img width="30" height="20" src="/img/photo.png" alt="p">'
  const cases: Array<[string, string]> = [
    ['', ''],
    ['<p>no image</p>', '<p>no image</p>'],
    [photo, sized],
    [`${photo}${photo}`, `${sized}${sized}`],
    [`${photo}<p>cut <img`, `${sized}<p>cut <img`],
    [
      `<a href="/"><imgx src="/img/photo.png"></a>${photo}<p>`,
      `<a href="/"><imgx src="/img/photo.png"></a>${sized}<p>`,
    ],
    [`<img width="5" src="/img/photo.png"> ${photo}`, `<img width="5" src="/img/photo.png"> ${sized}`],
    [
      `<img src="/nowhere.png"> and <img src="https://example.com/a.png">`,
      `<img src="/nowhere.png"> and <img src="https://example.com/a.png">`,
    ],
  ]
  for (const [html, expected] of cases) assert.is(size(html), expected, html)
})

test.run()
