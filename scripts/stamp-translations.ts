// Records in each translated docs page which version of its English source it translates:
// `source_hash:` in its front matter (see src/translation.ts). Run it after translating or updating a
// page; the build then warns, and the page says so, when the English page changes later.
//
//   npx tsx scripts/stamp-translations.ts [--check] [FILE…]
//     FILE…    translated pages to stamp (content/i18n/<locale>/docs/<version>/…md); default: every one
//     --check  write nothing; list pages whose source_hash is missing or out of date, exit 1 if any
import fs from 'node:fs'
import path from 'node:path'
import fg from 'fast-glob'
import { contentHash } from '../src/translation.js'

const args = process.argv.slice(2)
const check = args.includes('--check')
const files = args.filter((a) => a !== '--check')
const root = process.cwd()
const pages = files.length ? files : fg.sync('content/i18n/*/docs/*/**/*.md', { cwd: root }).sort()

/** content/i18n/vi/docs/v2/x.md → content/docs/v2/x.md */
const sourceOf = (file: string) => file.replace(/^content\/i18n\/[^/]+\/docs\//, 'content/docs/')

function stamp(text: string, hash: string): string {
  const lines = text.split('\n')
  if (lines[0]?.trimEnd() !== '---') throw new Error('no front matter')
  const end = lines.findIndex((l, i) => i > 0 && l.trimEnd() === '---')
  if (end < 0) throw new Error('front matter is not closed')
  const at = lines.findIndex((l, i) => i < end && l.startsWith('source_hash:'))
  if (at >= 0) lines[at] = `source_hash: ${hash}`
  else lines.splice(end, 0, `source_hash: ${hash}`)
  return lines.join('\n')
}

let outdated = 0
for (const file of pages) {
  const rel = path.relative(root, path.resolve(file)).split(path.sep).join('/')
  const source = sourceOf(rel)
  if (!fs.existsSync(path.join(root, source))) continue // a page with no English source (the glossary)
  const hash = contentHash(fs.readFileSync(path.join(root, source), 'utf8'))
  const text = fs.readFileSync(path.join(root, rel), 'utf8')
  const next = stamp(text, hash)
  if (next === text) continue
  outdated++
  if (check)
    console.log(`${rel}: source_hash is not ${hash} (${source} changed, or the page was never stamped)`)
  else fs.writeFileSync(path.join(root, rel), next)
}
if (check && outdated) process.exit(1)
if (!check) console.log(`stamped ${outdated} page(s)`)
