// A strict little XML reader for tests: enough to prove a feed is well-formed (one root, tags
// closed in order, quoted unique attributes, known entities only) and to walk its elements.
// Written here rather than adding a dependency: feeds are small and the rules are few.

export interface XmlElement {
  readonly name: string
  readonly attrs: Readonly<Record<string, string>>
  readonly children: ReadonlyArray<XmlElement | string>
}

const NAME = /^[A-Za-z_][\w.:-]*/
const ENTITY = /&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g

/** Parses a document; throws with the offset of the first well-formedness error. */
export function parseXml(text: string): XmlElement {
  let i = 0
  const fail = (why: string): never => {
    throw new Error(`XML not well-formed at ${i} (line ${text.slice(0, i).split('\n').length}): ${why}`)
  }
  if (text.startsWith('<?xml')) {
    const end = text.indexOf('?>')
    if (end < 0) fail('unterminated declaration')
    i = end + 2
  }
  const stack: Array<{ name: string; attrs: Record<string, string>; children: Array<XmlElement | string> }> =
    []
  let root: XmlElement | undefined
  while (i < text.length) {
    if (text[i] !== '<') {
      const end = text.indexOf('<', i)
      const raw = text.slice(i, end < 0 ? text.length : end)
      if (raw.includes(']]>')) fail('"]]>" in text')
      if (/&/.test(raw.replace(ENTITY, ''))) fail(`bad entity in ${JSON.stringify(raw.slice(0, 40))}`)
      if (stack.length === 0 && raw.trim()) fail('text outside the root element')
      if (stack.length) stack[stack.length - 1]!.children.push(decode(raw))
      i += raw.length
      continue
    }
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i)
      if (end < 0) fail('unterminated comment')
      i = end + 3
    } else if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i)
      if (end < 0 || stack.length === 0) fail('bad CDATA section')
      stack[stack.length - 1]!.children.push(text.slice(i + 9, end))
      i = end + 3
    } else if (text.startsWith('</', i)) {
      const name = NAME.exec(text.slice(i + 2))?.[0] ?? fail('bad closing tag')
      const open = stack.pop() ?? fail(`</${name}> without an open element`)
      if (open.name !== name) fail(`</${name}> closes <${open.name}>`)
      i += 2 + name.length
      while (/\s/.test(text[i] ?? '')) i++
      if (text[i] !== '>') fail(`bad closing tag </${name}>`)
      i++
      close(open)
    } else {
      if (root) fail('a second root element')
      const name = NAME.exec(text.slice(i + 1))?.[0] ?? fail('bad tag name')
      i += 1 + name.length
      const attrs: Record<string, string> = {}
      for (;;) {
        const m = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/.exec(text.slice(i))
        if (!m) break
        if (m[1]! in attrs) fail(`duplicate attribute ${m[1]}`)
        const value = m[2] ?? m[3]!
        if (/&/.test(value.replace(ENTITY, ''))) fail(`bad entity in attribute ${m[1]}`)
        attrs[m[1]!] = decode(value)
        i += m[0].length
      }
      while (/\s/.test(text[i] ?? '')) i++
      const el = { name, attrs, children: [] as Array<XmlElement | string> }
      if (text.startsWith('/>', i)) {
        i += 2
        close(el)
      } else if (text[i] === '>') {
        i++
        stack.push(el)
      } else fail(`bad tag <${name}>`)
    }
  }
  if (stack.length) fail(`<${stack[stack.length - 1]!.name}> is never closed`)
  return root ?? fail('no root element')

  function close(el: XmlElement) {
    if (stack.length) stack[stack.length - 1]!.children.push(el)
    else root = el
  }
}

function decode(s: string): string {
  return s.replace(ENTITY, (e) => {
    const named: Record<string, string> = {
      '&lt;': '<',
      '&gt;': '>',
      '&amp;': '&',
      '&quot;': '"',
      '&apos;': "'",
    }
    if (named[e]) return named[e]!
    return String.fromCodePoint(e[2] === 'x' ? parseInt(e.slice(3, -1), 16) : Number(e.slice(2, -1)))
  })
}

/** Child elements named `name` (direct children only). */
export const children = (el: XmlElement, name: string): XmlElement[] =>
  el.children.filter((c): c is XmlElement => typeof c !== 'string' && c.name === name)

/** The first direct child named `name`; throws when missing. */
export function child(el: XmlElement, name: string): XmlElement {
  const found = children(el, name)[0]
  if (!found) throw new Error(`<${el.name}> has no <${name}>`)
  return found
}

/** Text content of an element (its own text and its descendants'). */
export const textOf = (el: XmlElement): string =>
  el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('')
