import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readHead, readText } from '../src/parse/read-text.js'
import type { Diagnostic } from '../src/types.js'
import { tempDir } from './helpers/index.js'

// serve decodes only the start of a doc as it starts (its front matter and the lines that may hold
// its title): that start must be what reading the whole file gives, up to where it stops, in every
// shape a file comes in; and a file is still refused whole.
const dir = tempDir('docs-site-read-head-')
let n = 0
const file = (content: string | Buffer) => {
  const rel = `f${n++}.md`
  fs.writeFileSync(path.join(dir, rel), content)
  return { absPath: path.join(dir, rel), file: `content/docs/${rel}` }
}
const lines = (count: number, word = 'Lời văn') =>
  Array.from({ length: count }, (_, i) => `${word} ${i + 1}.`).join('\n') + '\n'

const SHAPES: Record<string, string | Buffer> = {
  'front matter, a long body': `---\ntitle: Một\n---\n\n# Heading\n\n${lines(500)}`,
  'front matter, a short body': `---\ntitle: Hai\n---\nShort.\n`,
  'no front matter': `# Title\n\n${lines(300)}`,
  'CRLF line endings': `---\r\ntitle: Ba\r\n---\r\n${lines(200).replace(/\n/g, '\r\n')}`,
  'a BOM': `\uFEFF---\ntitle: Bốn\n---\n${lines(200)}`,
  'a fence with spaces after it': `--- \ntitle: Năm\n---\t\n${lines(200)}`,
  'front matter not closed': `---\ntitle: Sáu\n${lines(200)}`,
  'blank lines first': `\n\n\n${lines(200)}`,
  'a closing fence the head reader does not take (a no-break space)': `---\ntitle: x\n---\u00a0\n${lines(200)}`,
}

for (const [shape, content] of Object.entries(SHAPES)) {
  test(`${shape}: the head is the start of the text, with the front matter and 60 lines after it`, () => {
    const source = file(content)
    const whole = readText(source, [])!
    const head = readHead(source, [], 60)!
    assert.ok(whole.startsWith(head.text), 'a prefix of the whole text')
    // The same start, taken from the bytes a shorter read already holds (the whole text when that
    // read found only blank lines and read the file whole).
    const short = readHead(source, [], 0)!
    assert.is(short.through(60), short.whole ? whole : head.text)
    assert.is(head.whole, head.text === whole)
    const rest = whole.slice(head.text.length)
    if (!head.whole) {
      assert.ok(head.text.endsWith('\n'), 'cut after a line')
      const closing = head.text.indexOf('\n---', 3)
      const after = head.text.startsWith('---')
        ? head.text.slice(head.text.indexOf('\n', closing + 1) + 1)
        : head.text
      assert.is(after.split('\n').length - 1, 60, '60 lines after the front matter')
      assert.ok(rest.length > 0)
    }
  })
}

test('a long file is decoded only in part', () => {
  const head = readHead(file(`---\ntitle: x\n---\n${lines(5000)}`), [], 60)!
  assert.is(head.whole, false)
  assert.ok(head.text.length < 2000, `${head.text.length} characters`)
})

test('a file that is binary or not UTF-8 past its head is refused as readText refuses it', () => {
  const tail = (bytes: Buffer) =>
    file(Buffer.concat([Buffer.from(`---\ntitle: x\n---\n${lines(400)}`), bytes, Buffer.from('\nEnd.\n')]))
  for (const source of [tail(Buffer.from([0xc3, 0x28])), tail(Buffer.from([0x61, 0x00, 0x62]))]) {
    const fromHead: Diagnostic[] = []
    const fromWhole: Diagnostic[] = []
    assert.is(readHead(source, fromHead, 60), undefined)
    assert.is(readText(source, fromWhole), undefined)
    assert.equal(fromHead, fromWhole)
    assert.is(fromHead[0]!.severity, 'error')
  }
})

test('a file of blank lines is empty, however long', () => {
  const source = file('\n'.repeat(500) + '   \n')
  const diagnostics: Diagnostic[] = []
  assert.is(readHead(source, diagnostics, 60), undefined)
  assert.match(diagnostics[0]!.message, 'empty')
})

test.run()
