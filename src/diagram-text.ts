import fs from 'node:fs'
import path from 'node:path'
import { decodeEntities, escapeHtml } from './text.js'

// A diagram (an SVG from static/ shown alone in a paragraph) gets its text equivalent beside it,
// folded: on a phone its labels are too small to read, and a screen reader gets more than the
// alt text. The list is the diagram's own labels in drawing order, so it is in the diagram's
// language (a Vietnamese page shows the Vietnamese SVG): a numbered label ('2. POST /wallet/bet')
// starts a step and the unnumbered labels drawn after it (its request and answer) join it.

const DIAGRAM_RE = /<p><img\b[^>]*\ssrc="([^"]+\.svg)"[^>]*><\/p>/g
const TEXT_RE = /<text\b([^>]*)>([\s\S]*?)<\/text>/g
const STEP_RE = /^\d+[.)]\s/
/** Fewer labels than this is a picture, not a diagram. */
const MIN_LABELS = 6

export type DiagramText = (html: string, summary: string) => string

export function createDiagramText(staticDir: string, baseUrl: string): DiagramText {
  const lists = new Map<string, string | undefined>()
  const listOf = (src: string) => {
    if (lists.has(src)) return lists.get(src)
    let list: string | undefined
    const rel = decodeEntities(src).startsWith(baseUrl) ? decodeEntities(src).slice(baseUrl.length) : ''
    const file = path.join(staticDir, rel)
    if (rel && file.startsWith(staticDir + path.sep) && fs.existsSync(file)) {
      const labels = [...fs.readFileSync(file, 'utf8').matchAll(TEXT_RE)]
        .map((m) => ({
          text: decodeEntities(m[2]!.replace(/<[^>]*>/g, '')).trim(),
          bold: /font-weight="(6|7|8|9)00|font-weight="bold/.test(m[1]!),
        }))
        .filter((l) => l.text)
      if (labels.length >= MIN_LABELS) list = steps(labels)
    }
    lists.set(src, list)
    return list
  }
  return (html, summary) =>
    // Most pages have no image alone in a paragraph: one indexOf instead of the regex's scan.
    !html.includes('<p><img')
      ? html
      : html.replace(DIAGRAM_RE, (p: string, src: string) => {
          const list = listOf(src)
          return list
            ? `${p}<details class="diagram-text"><summary>${escapeHtml(summary)}</summary>${list}</details>`
            : p
        })
}

interface Label {
  readonly text: string
  /** Bold labels are titles: actors, sections ('Losing spin'), states. */
  readonly bold: boolean
}

function steps(labels: readonly Label[]): string {
  const items: Array<{ bold: boolean; parts: string[] }> = []
  let inStep = false
  for (const { text, bold } of labels) {
    const numbered = STEP_RE.test(text)
    if (numbered || bold || !inStep) items.push({ bold: bold && !numbered, parts: [text] })
    else items[items.length - 1]!.parts.push(text)
    inStep = numbered || (inStep && !bold)
  }
  const li = (i: (typeof items)[number]) => {
    const text = escapeHtml(i.parts.join(' · '))
    return `<li>${i.bold ? `<strong>${text}</strong>` : text}</li>`
  }
  return `<ul>${items.map(li).join('')}</ul>`
}
