// Checks the Vietnamese pages, labels and UI strings against the glossary page
// (content/i18n/vi/docs/v2/integration/glossary.md): no term from its "Không dùng" column, and tone marks
// on the first vowel of open "oa", "oe", "uy" syllables (khóa, hủy), the spelling the glossary chose.
//
//   npx tsx scripts/check-vi-glossary.ts [ROOT]     exit 1 and one `path:line:col: error: …` per finding
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fg from 'fast-glob'

export const GLOSSARY = 'content/i18n/vi/docs/v2/integration/glossary.md'

export interface Finding {
  file: string
  line: number
  col: number
  message: string
}

/** The terms of the "Không dùng" column of the terms table, each with the term to use instead. */
export function avoidedTerms(glossary: string): { avoid: string; use: string }[] {
  const section = glossary.slice(glossary.indexOf('{#terms}'), glossary.indexOf('{#orthography}'))
  const out: { avoid: string; use: string }[] = []
  for (const line of section.split('\n')) {
    const cells = line.startsWith('| ')
      ? line
          .slice(1, -1)
          .split('|')
          .map((c) => c.trim())
      : []
    if (cells.length < 3 || cells[0] === 'Tiếng Anh' || /^-+$/.test(cells[0]!)) continue
    for (const m of cells[2]!.matchAll(/\*([^*]+)\*/g)) out.push({ avoid: m[1]!, use: cells[1]! })
  }
  return out
}

// Open syllables written with the tone on the second vowel: "oá" → "óa", "uỷ" → "ủy". Not after "q",
// where "u" belongs to the consonant "qu" (quý is spelled the same either way).
const TONED = { a: 'àáảãạ', e: 'èéẻẽẹ', y: 'ỳýỷỹỵ' } as const
const FIRST = { o: 'òóỏõọ', u: 'ùúủũụ' } as const
const LETTER = /[\p{L}]/u
function toneFindings(text: string): { index: number; found: string; use: string }[] {
  const out: { index: number; found: string; use: string }[] = []
  const re = /(?<![qQ])([oOuU])([àáảãạèéẻẽẹỳýỷỹỵÀÁẢÃẠÈÉẺẼẸỲÝỶỸỴ])/gu
  for (const m of text.matchAll(re)) {
    if (LETTER.test(text[m.index + 2] ?? '')) continue // a final consonant: hoàn, toàn, khoán
    const [, v1, v2] = m as unknown as [string, string, string]
    const base = (Object.keys(TONED) as (keyof typeof TONED)[]).find((k) =>
      TONED[k].includes(v2.toLowerCase()),
    )
    const first = v1.toLowerCase() as keyof typeof FIRST
    if (!base || (first === 'o') === (base === 'y')) continue // only oa, oe and uy
    const tone = TONED[base].indexOf(v2.toLowerCase())
    const toned = FIRST[first][tone]!
    out.push({
      index: m.index,
      found: m[0],
      use:
        (v1 === v1.toUpperCase() ? toned.toUpperCase() : toned) +
        (v2 === v2.toLowerCase() ? base : base.toUpperCase()),
    })
  }
  return out
}

/** The text to check with code fences and inline code blanked out (same length, so positions hold). */
function prose(file: string, text: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, ' ')
  if (file.endsWith('.json')) {
    // Only the values: the keys of site.json are the English labels being translated.
    return text.replace(/"((?:[^"\\]|\\.)*)"(\s*:)/g, (m) => blank(m))
  }
  if (!file.endsWith('.md')) return text
  return text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?\n\1[^\n]*$/gm, blank)
    .replace(/`[^`\n]*`/g, blank)
    .replace(/\]\([^)\s]*\)/g, blank)
}

function position(text: string, index: number): { line: number; col: number } {
  const before = text.slice(0, index).split('\n')
  return { line: before.length, col: before.at(-1)!.length + 1 }
}

function wordStart(text: string, index: number): number {
  while (index > 0 && LETTER.test(text[index - 1]!)) index--
  return index
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function checkVietnamese(root: string): Finding[] {
  const glossary = fs.readFileSync(path.join(root, GLOSSARY), 'utf8')
  const terms = avoidedTerms(glossary).map((t) => ({
    ...t,
    re: new RegExp(`(?<![\\p{L}])${escape(t.avoid)}(?![\\p{L}])`, 'giu'),
  }))
  const files = fg
    .sync(['content/i18n/vi/**/*.{md,yml,json}', 'theme/i18n/vi.json'], { cwd: root })
    .filter((f) => f !== GLOSSARY)
    .sort()
  const findings: Finding[] = []
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8')
    const checked = prose(file, text)
    // Spelling is checked in code too: Vietnamese comments in samples follow the same rule.
    for (const t of toneFindings(file.endsWith('.json') ? checked : text)) {
      const start = wordStart(text, t.index)
      const word = /^[\p{L}]+/u.exec(text.slice(start))![0]
      const fixed = word.slice(0, t.index - start) + t.use + word.slice(t.index - start + 2)
      findings.push({
        file,
        ...position(text, start),
        message: `"${word}" is spelled "${fixed}" (tone on the first vowel of open oa, oe, uy)`,
      })
    }
    for (const t of terms)
      for (const m of checked.matchAll(t.re))
        findings.push({ file, ...position(text, m.index), message: `"${m[0]}": use "${t.use}"` })
  }
  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(process.argv[2] ?? '.')
  const findings = checkVietnamese(root)
  for (const f of findings)
    console.error(`${f.file}:${f.line}:${f.col}: error: ${f.message} (see ${GLOSSARY}) [vi-glossary]`)
  if (findings.length) process.exit(1)
  console.log(`vi-glossary: no findings`)
}
