#!/usr/bin/env node
// Deterministic synthetic corpus for documentation-site generator benchmarks.
//
// Usage:
//   node gen-corpus.mjs --layout docusaurus|docs-site|vitepress|hugo [--pages N] --out DIR [--seed S]
//
// N (default 150) is the number of doc pages per version per locale. The corpus
// models an API-integration docs site: 2 doc versions (v2 current at the site
// root, v1 under /v1), 2 locales (en default, vi), 3 levels of nested folders
// with _category_.yml, front matter on every page, 5-15 h2/h3 headings,
// paragraphs, lists, a table, :::note/:::tip/:::warning admonitions, 2-4 fenced
// code blocks in mixed languages, relative .md links (with heading anchors),
// one image (static/img/flow.png), and 30 blog posts per locale with authors,
// tags and a <!-- truncate --> marker.
//
// Everything is derived from a seeded PRNG (per-entity seeds hashed from the
// entity's identity), so the same arguments always produce byte-identical
// output. No dependencies beyond Node itself.
//
// The generator's parts are in bench/corpus/: the seeded generator (rng.mjs), the words
// (vocabulary.mjs), text and code (text.mjs), the site's tree (site-model.mjs), doc pages
// (doc-pages.mjs), the blog (blog.mjs), markdown (markdown.mjs), files (writer.mjs) and one module
// per layout (layout-*.mjs).

import fs from 'node:fs'
import path from 'node:path'
import { genBlog } from './corpus/blog.mjs'
import { genDocPage, planHeadings } from './corpus/doc-pages.mjs'
import { layoutHugo } from './corpus/layout-hugo.mjs'
import { layoutDocsSite, layoutDocusaurus } from './corpus/layout-mdx.mjs'
import { layoutVitepress } from './corpus/layout-vitepress.mjs'
import { buildTree, LOCALES, pageTitle, VERSIONS } from './corpus/site-model.mjs'
import { Writer } from './corpus/writer.mjs'

// ---------------------------------------------------------------- arguments
function parseArgs(argv) {
  const opts = { layout: null, pages: 150, out: null, seed: 20240601 }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const next = () => {
      if (i + 1 >= argv.length) die(`missing value for ${a}`)
      return argv[++i]
    }
    if (a === '--layout') opts.layout = next()
    else if (a === '--pages') opts.pages = Number(next())
    else if (a === '--out') opts.out = next()
    else if (a === '--seed') opts.seed = Number(next())
    else if (a === '-h' || a === '--help') {
      console.log(
        'usage: node gen-corpus.mjs --layout docusaurus|docs-site|vitepress|hugo [--pages N] --out DIR [--seed S]',
      )
      process.exit(0)
    } else die(`unknown argument: ${a}`)
  }
  if (!['docusaurus', 'docs-site', 'vitepress', 'hugo'].includes(opts.layout))
    die('--layout must be docusaurus, docs-site, vitepress or hugo')
  if (!Number.isInteger(opts.pages) || opts.pages < 5) die('--pages must be an integer >= 5')
  if (!opts.out) die('--out DIR is required')
  if (!Number.isInteger(opts.seed)) die('--seed must be an integer')
  return opts
}
function die(msg) {
  console.error(`gen-corpus: ${msg}`)
  process.exit(2)
}

// ---------------------------------------------------------------- main
function main() {
  const opts = parseArgs(process.argv.slice(2))
  const tree = buildTree(opts.seed, opts.pages)
  const model = { tree, docs: {}, blog: {} }
  for (const version of VERSIONS) {
    model.docs[version] = {}
    for (const loc of LOCALES) {
      const plans = planHeadings(opts.seed, tree.pages, version, loc)
      const m = new Map()
      for (const p of tree.pages) m.set(p.id, genDocPage(opts.seed, tree, p, version, loc, plans))
      model.docs[version][loc] = m
    }
  }
  for (const loc of LOCALES) model.blog[loc] = genBlog(opts.seed, loc)

  const out = path.resolve(opts.out)
  fs.mkdirSync(out, { recursive: true })
  const w = new Writer(out)
  if (opts.layout === 'docusaurus') layoutDocusaurus(w, model, opts)
  else if (opts.layout === 'docs-site') layoutDocsSite(w, model, opts)
  else if (opts.layout === 'vitepress') layoutVitepress(w, model, opts)
  else layoutHugo(w, model, opts)

  // Representative page: a non-intro page at depth >= 2 near the middle of the page list.
  const cands = tree.pages.filter((p) => !p.isIntro && p.folder.depth >= 2)
  const rep = cands[Math.floor(cands.length / 2)]
  const repUrl = {
    docusaurus: `/${rep.id}`,
    'docs-site': `/${rep.id}/`,
    vitepress: `/${rep.id}.html`,
    hugo: `/${rep.id}/`,
  }[opts.layout]
  const manifest = {
    generator: 'gen-corpus.mjs',
    layout: opts.layout,
    seed: opts.seed,
    pagesPerVersionPerLocale: opts.pages,
    versions: VERSIONS,
    locales: LOCALES,
    docPages: tree.pages.length * VERSIONS.length * LOCALES.length,
    blogPosts: 30 * LOCALES.length,
    folders: tree.folders.length,
    maxDepth: Math.max(...tree.folders.map((f) => f.depth)),
    representativePage: { id: rep.id, url: repUrl, title: pageTitle(rep, 'en') },
    filesWritten: w.files + 1,
  }
  w.write('corpus-manifest.json', JSON.stringify(manifest, null, 2) + '\n')
  console.log(
    `gen-corpus: ${opts.layout} N=${opts.pages}: ${w.files} files, ${(w.bytes / 1048576).toFixed(2)} MiB in ${out}`,
  )
}

main()
