// Part of `npm run bench:cards`: the card renderer alone, in one process, on the titles of the
// corpus's pages (a JSON file of {title, section}, argv[2]). Prints CPU time per card with every
// glyph new and with its title already drawn (a second version's page), the renderer's start and
// the cards' average size.
import fs from 'node:fs'
import { createCardRenderer } from '../src/social/draw.js'

const cards = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Array<{
  title: string
  section: string
}>
const logo = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="7" fill="#0b6bcb"/></svg>').toString('base64')}`
const brand = { siteTitle: 'Acme Pay', logo }
/** CPU milliseconds of `run`. */
const cpu = (run: () => void) => {
  const start = process.cpuUsage()
  run()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

const start = process.cpuUsage()
const renderer = await createCardRenderer(brand)
const used = process.cpuUsage(start)
let bytes = 0
const cold = cpu(() => cards.forEach((c) => (bytes += renderer.render(c).length)))
// The same titles in another section, as a second version's pages are: their title is drawn.
const warm = cpu(() => cards.forEach((c) => renderer.render({ ...c, section: `${c.section} (2)` })))
const per = (ms: number) => `${(ms / cards.length).toFixed(2)} ms`
console.log(
  `renderer alone, ${cards.length} cards: start ${((used.user + used.system) / 1000).toFixed(0)} ms CPU (fonts, WebAssembly, frame); ` +
    `a card ${per(cold)} CPU with its glyphs new to the build, ${per(warm)} with its title drawn; ` +
    `${(bytes / cards.length / 1024).toFixed(1)} KB a card`,
)
