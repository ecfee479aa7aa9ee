// The spec's one stream of random numbers (mulberry32, seeded by --seed). The document is written
// in one pass and every part draws from this stream as it is written, so the output depends only
// on --ops and --seed, and on the order of the draws: a part that draws earlier or later changes
// everything after it.

import { cap, WORDS } from './vocabulary.mjs'

/** The random numbers of one seed, and sentences made of them. */
export function createRandom(seed) {
  let state = (seed * 0x9e3779b9) >>> 0 || 1
  const rnd = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1))
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)]
  const chance = (p) => rnd() < p
  const sentence = (min, max) => {
    const n = int(min, max)
    const w = []
    for (let i = 0; i < n; i++) w.push(pick(WORDS))
    return cap(w.join(' ')) + '.'
  }
  return { rnd, int, pick, chance, sentence }
}
