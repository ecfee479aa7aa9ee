// A Docusaurus site's custom CSS was written against Infima, whose component rules are mostly one
// class (`.menu__link--active`), so a site's rule of one class wins by coming later. docs-site's
// own rules for the same elements are often two (`.menu-link.active`, `.footer-column a`), and
// would win over the site's. So, in the Docusaurus layout, each selector of the site's stylesheets
// that names one of Docusaurus's classes (shared/docusaurus-classes.ts) gets the weight of an id,
// `:not(#\#)` after that class (no element has the id "#"): it then wins over docs-site's rules,
// and keeps its weight against the site's other rules that name such classes. The rest of the
// site's CSS is left as written. The text is walked, not parsed: comments, strings, at-rules whose
// blocks hold rules (@media, @supports, @layer, @container) and nested rules are followed.

const WEIGHT = ':not(#\\#)'

/** At-rules whose block is a list of rules; the others' blocks are copied as they are. */
const RULE_BLOCKS = /^@(-[a-z]+-)?(media|supports|layer|container|document|scope|starting-style)\b/i

/** The stylesheet with its selectors naming a class `named` weighed. */
export function weighSelectors(css: string, named: (cls: string) => boolean): string {
  return walk(css, 0, css.length, named)
}

/** Rewrites the statements between `from` and `to`: rules, or a rule's declarations and nested rules. */
function walk(css: string, from: number, to: number, named: (cls: string) => boolean): string {
  let out = ''
  let i = from
  while (i < to) {
    const stop = scan(css, i, to, '{;}')
    if (stop >= to || css[stop] !== '{') {
      // A declaration, a `;`-ended at-rule, or the end: as written.
      out += css.slice(i, Math.min(stop + 1, to))
      i = stop + 1
      continue
    }
    const prelude = css.slice(i, stop)
    const close = scan(css, stop + 1, to, '}', true)
    const body = css.slice(stop + 1, close)
    const head = prelude.trim()
    if (head.startsWith('@')) {
      const rules = RULE_BLOCKS.test(head)
      out += prelude + '{' + (rules ? walk(css, stop + 1, close, named) : body) + '}'
    } else {
      out += weighList(prelude, named) + '{' + walk(css, stop + 1, close, named) + '}'
    }
    i = close + 1
  }
  return out
}

/**
 * The first of `stops` at nesting depth 0 from `i` (outside comments, strings, brackets and, with
 * `nested`, inner blocks), or `to`.
 */
function scan(css: string, i: number, to: number, stops: string, nested = false): number {
  let depth = 0
  for (; i < to; i++) {
    const c = css[i]!
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2)
      i = end < 0 ? to : end + 1
    } else if (c === '"' || c === "'") {
      i = stringEnd(css, i, to)
    } else if (c === '\\') {
      i++
    } else if (c === '(' || c === '[' || (nested && c === '{')) {
      depth++
    } else if ((c === ')' || c === ']' || (nested && c === '}')) && depth > 0) {
      depth--
    } else if (depth === 0 && stops.includes(c)) {
      return i
    }
  }
  return to
}

function stringEnd(css: string, i: number, to: number): number {
  const quote = css[i]
  for (i++; i < to; i++) {
    if (css[i] === '\\') i++
    else if (css[i] === quote || css[i] === '\n') return i
  }
  return to
}

/** Each selector of a list, with the weight after its first class that is `named`. */
function weighList(list: string, named: (cls: string) => boolean): string {
  let out = ''
  let at = 0
  while (at <= list.length) {
    const comma = scan(list, at, list.length, ',')
    out += weighOne(list.slice(at, comma), named) + (comma < list.length ? ',' : '')
    at = comma + 1
  }
  return out
}

const CLASS = /\.((?:[-_a-zA-Z\u00a0-\uffff]|\\.)(?:[-\w\u00a0-\uffff]|\\.)*)/g

function weighOne(selector: string, named: (cls: string) => boolean): string {
  CLASS.lastIndex = 0
  for (let m = CLASS.exec(selector); m; m = CLASS.exec(selector)) {
    if (outsideSelector(selector, m.index)) continue
    if (!named(m[1]!.replace(/\\(.)/g, '$1'))) continue
    const end = m.index + m[0].length
    return selector.slice(0, end) + WEIGHT + selector.slice(end)
  }
  return selector
}

/** Is `at` in a comment, an attribute selector or a string (`[class~="menu__link"]` names no class)? */
function outsideSelector(selector: string, at: number): boolean {
  let bracket = 0
  for (let i = 0; i < at; i++) {
    const c = selector[i]
    if (c === '\\') i++
    else if (c === '/' && selector[i + 1] === '*') {
      const end = selector.indexOf('*/', i + 2)
      if (end < 0 || end + 1 >= at) return true
      i = end + 1
    } else if (c === '"' || c === "'") i = stringEnd(selector, i, at)
    else if (c === '[') bracket++
    else if (c === ']' && bracket > 0) bracket--
  }
  return bracket > 0
}
