// The blog: 30 posts per locale, with dates, authors, tags, an excerpt and a link to the post
// before.

import { Rng } from './rng.mjs'
import { codeSample, paragraph, sentence } from './text.mjs'
import { AUTHORS, BLOG_TAGS, CODE_LANGS, HEAD_EN_FIXED, HEAD_VI_FIXED, NOUNS, VERBS } from './vocabulary.mjs'

export function genBlog(seed, loc) {
  const posts = []
  const base = Date.UTC(2024, 0, 8)
  for (let i = 0; i < 30; i++) {
    const r = new Rng(seed, `blog:${i}`) // shared between locales: same slug/date/authors/tags
    const verb = r.pick(VERBS)
    const noun = r.pick(NOUNS)
    const kind = r.int(0, 3)
    const d = new Date(base + i * 11 * 86400000)
    const date = d.toISOString().slice(0, 10)
    const slugWords = [['announcing', 'how-we', 'introducing', 'guide'][kind], verb[0], noun[0]]
    const slug = `${slugWords.join('-')}-${i + 1}`
    const titleEn = [
      `Announcing: ${verb[1]} ${noun[1]} API`,
      `How we ${verb[0]} ${noun[1].toLowerCase()} at scale`,
      `Introducing ${noun[1]} ${verb[1]} in the dashboard`,
      `A practical guide to ${verb[0]} ${noun[1].toLowerCase()}`,
    ][kind]
    const titleVi = [
      `Ra mắt API ${verb[2].toLowerCase()} ${noun[2]}`,
      `Cách chúng tôi ${verb[2].toLowerCase()} ${noun[2]} ở quy mô lớn`,
      `Giới thiệu tính năng ${verb[2].toLowerCase()} ${noun[2]} trên dashboard`,
      `Hướng dẫn thực tế: ${verb[2].toLowerCase()} ${noun[2]}`,
    ][kind]
    const authors = r.sample(
      AUTHORS.map((a) => a[0]),
      r.int(1, 2),
    )
    const tags = r.sample(BLOG_TAGS, r.int(1, 3))
    const blocks = postBlocks(new Rng(seed, `blog:${i}:${loc}`), loc)
    posts.push({
      i,
      date,
      slug,
      file: `${date}-${slug}`,
      front: {
        title: loc === 'vi' ? titleVi : titleEn,
        description: (loc === 'vi' ? 'Bài viết về ' : 'A post about ') + noun[1].toLowerCase() + '.',
        authors,
        tags,
      },
      blocks,
    })
  }
  // Link each post (except the first) to the previous one.
  posts.forEach((p, i) => {
    if (i > 0)
      p.blocks.splice(2, 0, {
        t: 'bloglink',
        to: posts[i - 1].file,
        text: posts[i - 1].front.title,
        pre: loc === 'vi' ? 'Bài trước:' : 'Previous post:',
      })
  })
  return posts
}

/** A post's body: an intro, the excerpt's end, then 3-6 sections with a code block, a list, a note. */
function postBlocks(rc, loc) {
  const blocks = []
  blocks.push({ t: 'p', text: paragraph(rc, loc, 2, 4) })
  blocks.push({ t: 'p', text: paragraph(rc, loc, 1, 3) })
  blocks.push({ t: 'truncate' })
  const nH = rc.int(3, 6)
  const pool = loc === 'vi' ? HEAD_VI_FIXED : HEAD_EN_FIXED
  const heads = rc.sample(pool, nH)
  const codeAt = rc.int(0, nH - 1)
  heads.forEach((h, hi) => {
    blocks.push({ t: 'h', level: 2, text: h })
    blocks.push({ t: 'p', text: paragraph(rc, loc, 2, 5) })
    if (hi === codeAt) {
      const l = rc.pick(CODE_LANGS)
      blocks.push({ t: 'code', lang: l, text: codeSample(rc, l, loc) })
    }
    if (hi === 1)
      blocks.push({
        t: 'list',
        ordered: false,
        items: Array.from({ length: rc.int(3, 5) }, () => sentence(rc, loc)),
      })
    if (hi === 2 && rc.chance(0.6))
      blocks.push({
        t: 'admonition',
        kind: rc.pick(['note', 'tip', 'warning']),
        text: paragraph(rc, loc, 1, 2),
      })
  })
  return blocks
}
