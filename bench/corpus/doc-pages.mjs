// A doc page's content: its headings (planned for every page of a version and locale first, so
// that links can point at real anchors), then its blocks: paragraphs, a table, admonitions, code,
// lists, the image and the links.

import { Rng } from './rng.mjs'
import { pageDescription, pageTitle } from './site-model.mjs'
import { code, codeSample, paragraph, sentence } from './text.mjs'
import {
  CODE_LANGS,
  FIELDS,
  HEAD_ASCII,
  HEAD_EN_FIXED,
  HEAD_VI_FIXED,
  NOUNS,
  TYPES,
  VERBS,
} from './vocabulary.mjs'

// github-slugger compatible for ASCII letters, digits and spaces (all headings we link to).
const slugify = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')

// Plan headings of every page for one (version, locale), so links can target real anchors.
export function planHeadings(seed, pages, version, loc) {
  const plan = new Map()
  for (const p of pages) {
    const r = new Rng(seed, `head:${version}:${loc}:${p.id}`)
    const n = r.int(5, 15)
    const nAscii = loc === 'vi' ? r.int(2, 4) : n
    const heads = []
    const seen = new Set()
    const add = (t, ascii) => {
      const k = t.toLowerCase()
      if (seen.has(k)) return false
      seen.add(k)
      heads.push({ text: t, ascii })
      return true
    }
    // ASCII headings (for en these are the only kind).
    const asciiPool =
      loc === 'vi'
        ? HEAD_ASCII
        : [
            ...HEAD_EN_FIXED,
            ...HEAD_ASCII,
            ...VERBS.map((v) => `${v[1]} a ${p.noun[1].toLowerCase()}`),
            ...NOUNS.map((nn) => `${nn[1]} lifecycle`),
          ]
    while (heads.length < nAscii) add(r.pick(asciiPool), true)
    const viPool = [
      ...HEAD_VI_FIXED,
      ...VERBS.map((v) => `${v[2]} ${p.noun[2]}`),
      ...NOUNS.map((nn) => `Vòng đời ${nn[2]}`),
    ]
    while (heads.length < n) add(r.pick(viPool), false)
    const ordered = r.shuffle(heads)
    let prev = 2
    ordered.forEach((h, i) => {
      h.level = i === 0 ? 2 : prev === 2 ? (r.chance(0.45) ? 3 : 2) : r.chance(0.5) ? 3 : 2
      h.slug = h.ascii ? slugify(h.text) : null
      prev = h.level
    })
    plan.set(p.id, ordered)
  }
  return plan
}

// Content blocks use link tokens resolved per layout: {t:'link', to: pageId|null, anchor, text}
function pickLinkTargets(r, p, pagesById, tree) {
  const siblings = p.folder.pages.filter((q) => q !== p)
  const others = tree.pages.filter((q) => q !== p && q.folder !== p.folder)
  const near = [
    ...(p.folder.parent ? p.folder.parent.pages : []),
    ...p.folder.children.flatMap((c) => c.pages),
  ].filter((q) => q !== p)
  const out = []
  const pool = r.shuffle(siblings)
  const nSib = Math.min(pool.length, r.int(1, 2))
  for (let i = 0; i < nSib; i++) out.push(pool[i])
  if (out.length < 2) out.push(...r.sample(near.length ? near : others, 2 - out.length))
  if (r.chance(0.5) && others.length) out.push(r.pick(others))
  return out.slice(0, 3)
}

export function genDocPage(seed, tree, p, version, loc, plans) {
  const r = new Rng(seed, `page:${version}:${loc}:${p.id}`)
  const heads = plans.get(p.id)
  const nSections = heads.length
  // Distribute special blocks over sections.
  const specials = Array.from({ length: nSections }, () => [])
  const put = (b) => specials[r.int(0, nSections - 1)].push(b)
  put({ t: 'table' })
  const nAdm = r.int(1, 3)
  for (let i = 0; i < nAdm; i++) put({ t: 'admonition', kind: r.pick(['note', 'tip', 'warning']) })
  const nCode = r.int(2, 4)
  const langs = r.sample(CODE_LANGS, nCode)
  for (const l of langs) put({ t: 'code', lang: l })
  const nLists = r.int(1, 3)
  for (let i = 0; i < nLists; i++) put({ t: 'list', ordered: r.chance(0.4) })
  put({ t: 'image' })
  // Links: to siblings (some with anchors) and one in-page anchor.
  const targets = pickLinkTargets(r, p, null, tree)
  for (const q of targets) {
    const qHeads = plans.get(q.id).filter((h) => h.slug)
    const anchor = r.chance(0.5) && qHeads.length ? r.pick(qHeads).slug : null
    put({
      t: 'linkpara',
      to: q.id,
      anchor,
      text: anchor ? qHeads.find((h) => h.slug === anchor).text : pageTitle(q, loc),
    })
  }
  const selfHeads = heads.filter((h) => h.slug)
  const selfAnchor = r.pick(selfHeads)
  put({ t: 'linkpara', to: null, anchor: selfAnchor.slug, text: selfAnchor.text })

  const blocks = []
  blocks.push({ t: 'p', text: paragraph(r, loc, 2, 4) })
  heads.forEach((h, i) => {
    blocks.push({ t: 'h', level: h.level, text: h.text })
    blocks.push({ t: 'p', text: paragraph(r, loc, 2, 5) })
    for (const s of specials[i]) {
      if (s.t === 'table') blocks.push({ t: 'table', rows: genTableRows(r, loc) })
      else if (s.t === 'admonition')
        blocks.push({ t: 'admonition', kind: s.kind, text: paragraph(r, loc, 1, 3) })
      else if (s.t === 'code') blocks.push({ t: 'code', lang: s.lang, text: codeSample(r, s.lang, loc) })
      else if (s.t === 'list')
        blocks.push({
          t: 'list',
          ordered: s.ordered,
          items: Array.from({ length: r.int(3, 6) }, () => sentence(r, loc)),
        })
      else if (s.t === 'image')
        blocks.push({ t: 'image', alt: loc === 'vi' ? 'Sơ đồ luồng tích hợp' : 'Integration flow diagram' })
      else if (s.t === 'linkpara')
        blocks.push({
          t: 'linkpara',
          to: s.to,
          anchor: s.anchor,
          text: s.text,
          pre: loc === 'vi' ? 'Xem thêm' : 'See',
          post: sentence(r, loc),
        })
    }
    if (r.chance(0.35)) blocks.push({ t: 'p', text: paragraph(r, loc, 1, 3) })
  })
  return {
    front: {
      title: pageTitle(p, loc),
      description: pageDescription(p, loc, r),
      sidebar_position: p.position,
      tags: p.tags,
      ...(p.isIntro ? { slug: '/' } : {}),
    },
    blocks,
  }
}

function genTableRows(r, loc) {
  const rows = []
  const fields = r.sample(FIELDS, r.int(3, 8))
  for (const f of fields) {
    rows.push([
      code(f),
      r.pick(TYPES),
      r.chance(0.5) ? (loc === 'vi' ? 'Có' : 'Yes') : loc === 'vi' ? 'Không' : 'No',
      sentence(r, loc),
    ])
  }
  return rows
}
