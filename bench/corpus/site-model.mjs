// The site's shape: two versions and two locales of one tree of folders (sections, groups,
// subgroups) holding the N pages, and each page's title and description.

import { Rng } from './rng.mjs'
import { GROUPS, NOUNS, SECTIONS, SUBGROUPS, TAGS, VERBS } from './vocabulary.mjs'

export const VERSIONS = ['v2', 'v1']
export const LOCALES = ['en', 'vi']

// Folder: { key, slug, depth, labels: {en, vi}, position, parent, children[], pages[] }
// Page:   { id, slug, folder, relPath (without .md), verb, noun, position, tags }
export function buildTree(seed, N) {
  const r = new Rng(seed, 'tree:' + N)
  const S = Math.max(2, Math.min(SECTIONS.length, Math.round(N / 25)))
  const { root, folders } = buildFolders(r, S)
  pruneFolders(folders, N)
  const pages = placePages(r, root, folders, N)
  // Positions: pages first in each folder, then subfolders after them.
  const all = [root, ...folders]
  for (const f of all) {
    f.pages.forEach((p, i) => {
      p.position = i + 1
    })
    f.children.forEach((c, i) => {
      c.position = f.pages.length + i + 1
    })
  }
  return { root, folders, pages }
}

const folder = (key, slug, depth, labels, position, parent) => ({
  key,
  slug,
  depth,
  labels,
  position,
  parent,
  children: [],
  pages: [],
})

/** S sections, each with 1-3 groups, each with up to 2 subgroups. */
function buildFolders(r, S) {
  const root = folder('', '', 0, null, 0, null)
  const folders = []
  for (let s = 0; s < S; s++) {
    const [slug, en, vi] = SECTIONS[s]
    const sec = folder(slug, slug, 1, { en, vi }, s + 2, root)
    root.children.push(sec)
    folders.push(sec)
    const nG = r.int(1, 3)
    const groups = r.sample(GROUPS, nG)
    groups.forEach(([gslug, gen, gvi], gi) => {
      const g = folder(`${slug}/${gslug}`, gslug, 2, { en: gen, vi: gvi }, gi + 1, sec)
      sec.children.push(g)
      folders.push(g)
      const nSub = gi === 0 ? r.int(1, 2) : r.int(0, 2)
      r.sample(SUBGROUPS, nSub).forEach(([ss, sen, svi], si) => {
        const sub = folder(`${g.key}/${ss}`, ss, 3, { en: sen, vi: svi }, si + 1, g)
        g.children.push(sub)
        folders.push(sub)
      })
    })
  }
  return { root, folders }
}

/** Too many folders for a small N: drop deepest folders until every folder can hold one page. */
function pruneFolders(folders, N) {
  while (folders.length > N - 1) {
    const idx = folders
      .map((f, i) => [f.depth, i])
      .filter(([d]) => d > 1)
      .sort((a, b) => b[0] - a[0] || b[1] - a[1])
    if (!idx.length) break
    const f = folders[idx[0][1]]
    if (f.children.length) {
      folders.splice(idx[0][1], 1)
      continue
    }
    f.parent.children = f.parent.children.filter((c) => c !== f)
    folders.splice(idx[0][1], 1)
  }
}

/** N pages: intro at root, one per folder, the rest in random folders. */
function placePages(r, root, folders, N) {
  const used = new Set()
  const pages = []
  const mkPage = (folder, forced) => {
    let verb, noun, slug
    if (forced) {
      ;[verb, noun, slug] = forced
    } else {
      for (let tries = 0; ; tries++) {
        verb = r.pick(VERBS)
        noun = r.pick(NOUNS)
        slug = `${verb[0]}-${noun[0]}`
        if (tries > 60) slug = `${slug}-${tries}`
        if (!used.has(slug)) break
      }
    }
    used.add(slug)
    const relPath = folder.key ? `${folder.key}/${slug}` : slug
    const p = {
      id: relPath,
      slug,
      folder,
      relPath,
      verb,
      noun,
      position: 0,
      tags: r.sample(TAGS, r.int(2, 3)),
      index: pages.length,
    }
    folder.pages.push(p)
    pages.push(p)
    return p
  }
  mkPage(root, [
    ['intro', 'Introduction', 'Giới thiệu'],
    ['intro', 'Introduction', 'Giới thiệu'],
    'intro',
  ]).isIntro = true
  for (const f of folders) mkPage(f)
  // Weight leaves a bit higher so deep folders get content.
  const weights = folders.map((f) => (f.children.length ? 1 : 2))
  const total = weights.reduce((a, b) => a + b, 0)
  while (pages.length < N) {
    let x = r.next() * total
    let i = 0
    for (; i < folders.length - 1; i++) {
      x -= weights[i]
      if (x < 0) break
    }
    mkPage(folders[i])
  }
  return pages
}

export function pageTitle(p, loc) {
  if (p.isIntro) return loc === 'vi' ? 'Giới thiệu' : 'Introduction'
  return loc === 'vi' ? `${p.verb[2]} ${p.noun[2]}` : `${p.verb[1]} ${p.noun[1]}`
}
export function pageDescription(p, loc, r) {
  if (loc === 'vi')
    return `Hướng dẫn ${pageTitle(p, loc).toLowerCase()} với Acme Pay API: tham số, ví dụ mã và cách xử lý lỗi.`
  return `Learn how to ${p.verb[0]} a ${p.noun[1].toLowerCase()} with the Acme Pay API, with parameters, code samples and error handling${r.chance(0.5) ? ' for production integrations' : ''}.`
}
