// The corpus's seeded random numbers: every entity (the folder tree, a page, a post) draws from a
// generator of its own, seeded from the corpus seed and the entity's identity, so the same
// arguments always give the same text.

function hashStr(s) {
  // FNV-1a 32-bit
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}
function mulberry32(a) {
  return function () {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
export class Rng {
  constructor(seed, key) {
    this.next = mulberry32((hashStr(String(key)) ^ seed) >>> 0)
  }
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1))
  }
  pick(arr) {
    return arr[Math.floor(this.next() * arr.length)]
  }
  chance(p) {
    return this.next() < p
  }
  shuffle(arr) {
    const a = arr.slice()
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[a[i], a[j]] = [a[j], a[i]]
    }
    return a
  }
  sample(arr, n) {
    return this.shuffle(arr).slice(0, Math.min(n, arr.length))
  }
}
