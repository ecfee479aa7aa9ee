import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { buildDir, FIXTURES, tempDir } from './helpers/index.js'

// Packages a site may never need are loaded when first called (src/lazy-require.ts): each costs
// 10-30 ms of every start, serve's first page included. A site without formulas, images or front
// matter beyond one-line values loads none of them; a page with each loads it.
const require = createRequire(import.meta.url)
const LAZY = ['katex', 'yaml', 'js-yaml', 'image-size']
// Any copy of a package counts: the math plugin brings its own KaTeX, in its own node_modules.
const loaded = () =>
  LAZY.filter((pkg) =>
    Object.keys(require.cache).some((f) => f.includes(`${path.sep}node_modules${path.sep}${pkg}${path.sep}`)),
  )

test('packages a site does not use are not loaded; a page that uses each loads it', async () => {
  const dir = tempDir('docs-site-lazy-')
  const docs = path.join(dir, 'content/docs/v1')
  fs.mkdirSync(docs, { recursive: true })
  const write = (file: string, head: string, body: string) =>
    fs.writeFileSync(path.join(docs, file), `---\n${head}\n---\n\n${body}\n`)
  write('index.md', 'title: Start\nslug: /\ntags: [a, b]', 'Read [the guide](guide.md).')
  write('guide.md', 'title: Guide\nsidebar_position: 2', '## Steps\n\n```bash\necho ok\n```')
  try {
    const plain = await buildDir(dir)
    assert.equal(plain.diagnostics, [])
    assert.equal(loaded(), [])
    // A formula (KaTeX), an image of static/ (its size), front matter over several lines
    // (js-yaml) and a key of the wrong type, whose line is looked up (yaml).
    fs.cpSync(path.join(FIXTURES, 'basic/static'), path.join(dir, 'static'), { recursive: true })
    const image = fs.readdirSync(path.join(dir, 'static/img'))[0]!
    write(
      'rich.md',
      'title: Rich\ncolour: blue\nlast_update:\n  author: Lan',
      `Area $a^2$.\n\n![Logo](/img/${image})`,
    )
    const rich = await buildDir(dir)
    assert.equal(
      rich.diagnostics.map((d) => [d.severity, d.at?.file, d.at?.line]),
      [['warning', 'content/docs/v1/rich.md', 3]],
    )
    assert.equal(loaded(), LAZY)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
