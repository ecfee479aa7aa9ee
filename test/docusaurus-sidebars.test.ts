// Docusaurus's sidebar shorthands and post file names, as docs-site reads them.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { normaliseSidebars } from '../src/docusaurus/sidebars.js'
import { datedSlugFromPath } from '../src/blog/post-text.js'

test('shorthand categories, ref and html items, className kept, other extra keys dropped', () => {
  const notes = { html: 0 }
  const out = normaliseSidebars(
    {
      tutorial: { Basics: ['intro', 'install'], Advanced: [{ type: 'ref', id: 'api/x', label: 'X' }] },
      guide: [
        { type: 'doc', id: 'intro', className: 'red', customProps: { a: 1 } },
        { type: 'html', value: '<hr/>' },
        { More: ['faq'] },
        { type: 'category', label: 'C', items: ['a'], link: { type: 'doc', id: 'a' }, collapsed: false },
      ],
    },
    notes,
  )
  assert.equal(out.tutorial, [
    { type: 'category', label: 'Basics', items: ['intro', 'install'] },
    { type: 'category', label: 'Advanced', items: [{ type: 'doc', id: 'api/x', label: 'X', ref: true }] },
  ])
  assert.equal(out.guide, [
    { type: 'doc', id: 'intro', className: 'red' },
    { type: 'category', label: 'More', items: ['faq'] },
    { type: 'category', label: 'C', items: ['a'], collapsed: false, link: { type: 'doc', id: 'a' } },
  ])
  assert.is(notes.html, 1)
})

test('post URLs from file names, as Docusaurus makes them', () => {
  assert.is(datedSlugFromPath('2024-01-15-hello.md'), '2024/01/15/hello')
  assert.is(datedSlugFromPath('2024-01-15-hello/index.md'), '2024/01/15/hello')
  assert.is(datedSlugFromPath('2024/01/15/hello.md'), '2024/01/15/hello')
  assert.is(datedSlugFromPath('news/2024-01-15-hello.md'), '2024/01/15/news/hello')
  assert.is(datedSlugFromPath('welcome.md'), 'welcome')
  assert.is(datedSlugFromPath('welcome/index.md'), 'welcome')
})

test.run()
