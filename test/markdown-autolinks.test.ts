import MarkdownIt from 'markdown-it'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { addGfm } from '../src/parse/markdown-gfm.js'

// GFM's autolinks (src/parse/markdown-gfm.ts): linkify-it is asked only about text that holds a
// scheme, `www.` or `@`; these are the texts it links, in any case.

const md = new MarkdownIt({ html: true })
addGfm(md)
const links = (text: string) => [...md.render(text).matchAll(/<a href="([^"]*)"/g)].map((m) => m[1])

test('autolinks: every scheme linkify-it knows here, www. and e-mail addresses, in any case', () => {
  assert.equal(links('See https://example.org/a and HTTP://EXAMPLE.ORG.'), [
    'https://example.org/a',
    'HTTP://EXAMPLE.ORG',
  ])
  assert.equal(links('Files at ftp://files.example.org/x, or Mailto:ops@example.org'), [
    'ftp://files.example.org/x',
    'Mailto:ops@example.org',
  ])
  assert.equal(links('Go to WWW.example.org/docs or write to ops@example.org'), [
    'https://WWW.example.org/docs',
    'mailto:ops@example.org',
  ])
  assert.equal(links('Bare names stay text: example.org, config.md, //host/path, ratio 3:2.'), [])
})

test('autolinks: the schemes the guard knows are all linkify-it has', () => {
  // A scheme added to linkify-it (or here) must be added to MAY_LINK too, or its links are lost.
  const schemas = Object.keys((md.linkify as unknown as { __schemas__: object }).__schemas__)
  assert.equal(schemas.sort(), ['ftp:', 'http:', 'https:', 'mailto:', 'www.'])
})

test.run()
