// Docusaurus's ThemedImage in Chromium: the light image in light mode, the dark one in dark mode,
// and the dark one shown as drawn (SVGs of the page are otherwise inverted in dark mode).
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { tempSite } from './helpers/index.js'
import { buildOrThrow, openSite, type BrowserSite } from './helpers/browser.js'

const svg = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="${fill}"/></svg>`

let site: BrowserSite
test.before(async () => {
  const dir = tempSite('ds-themed-image-', {
    'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://example.com', baseUrl: '/',
      presets: [['classic', { docs: { sidebarPath: './sidebars.js' }, blog: false }]] }\n`,
    'sidebars.js': `module.exports = { docs: ['intro'] }\n`,
    'static/img/light.svg': svg('#ffffff'),
    'static/img/dark.svg': svg('#202020'),
    'docs/intro.md': [
      '# Intro',
      '',
      "import ThemedImage from '@theme/ThemedImage'",
      '',
      "<ThemedImage alt='Logo' sources={{ light: '/img/light.svg', dark: '/img/dark.svg' }} />",
      '',
    ].join('\n'),
  })
  buildOrThrow(['build', '--root', dir, '--quiet'])
  site = await openSite(path.join(dir, 'build'))
})
test.after(async () => site?.close())

/** Which of the two images shows, and the CSS filter on it. */
async function shown(mode: 'light' | 'dark') {
  const { context, page, errors } = await site.newPage({ mode })
  await page.goto(`${site.url}/docs/intro/`)
  const result = await page.$$eval('img.themed-image', (imgs) =>
    imgs
      .filter((img) => getComputedStyle(img).display !== 'none')
      .map((img) => [img.getAttribute('src'), getComputedStyle(img).filter]),
  )
  await context.close()
  assert.equal(errors, [])
  return result
}

test('light mode shows the light image; dark mode the dark one, not inverted', async () => {
  assert.equal(await shown('light'), [['/img/light.svg', 'none']])
  assert.equal(await shown('dark'), [['/img/dark.svg', 'none']])
})

test.run()
