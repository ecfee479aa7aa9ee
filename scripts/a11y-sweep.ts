// axe-core on every page of a built site, light and dark: tsx scripts/a11y-sweep.ts [BUILD_DIR]
// Without a folder, builds the N11S site into a temporary one first. Prints each violation as
// `mode /route/ rule: targets` and exits 1 if there is any. Slow (every page, twice), so CI runs
// it as its own step rather than inside `npm test`; test/site-a11y.test.ts checks one page of
// each kind on every run.
import fs from 'node:fs'
import path from 'node:path'
import { buildOrThrow, openSite } from '../test/helpers/browser.js'
import { tempDir } from '../test/helpers/index.js'
import { axeViolations } from '../test/helpers/axe.js'

let dir = process.argv[2]
if (!dir) {
  // Removed when the sweep exits.
  dir = path.join(tempDir('docs-site-a11y-'), 'build')
  buildOrThrow(['build', '--out-dir', dir, '--quiet'])
}
const routes = (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.html') && !f.split('/').some((s) => s.startsWith('.')))
  .map((f) => '/' + f.replace(/(^|\/)index\.html$/, '$1'))
  .sort()
const site = await openSite(dir)
const found: string[] = []
try {
  for (const mode of ['light', 'dark'] as const) {
    const { context, page, errors, outside } = await site.newPage({ mode })
    for (const [i, route] of routes.entries()) {
      // A line every 50 pages: a long sweep shows how far it is.
      if (i % 50 === 0) console.error(`${mode}: ${i} of ${routes.length} pages`)
      await page.goto(site.url + route)
      // Printed as found: a long sweep shows its findings before it ends.
      for (const v of await axeViolations(page)) console.log(found[found.push(`${mode} ${route} ${v}`) - 1])
    }
    for (const e of errors) console.log(found[found.push(`${mode} page error: ${e}`) - 1])
    for (const u of outside) console.log(found[found.push(`${mode} request outside the site: ${u}`) - 1])
    await context.close()
  }
} finally {
  await site.close()
}
console.log(`${routes.length} pages × 2 modes: ${found.length} violation${found.length === 1 ? '' : 's'}`)
process.exitCode = found.length ? 1 : 0
