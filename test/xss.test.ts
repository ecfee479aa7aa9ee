import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, tempCopy } from './helpers/index.js'
import { serveStatic } from './helpers/static-server.js'
import { launchChromium } from './helpers/browser.js'

test('a hostile title and a description with U+2028 cannot break out of the page or its scripts', async () => {
  const dir = tempCopy('basic')
  fs.writeFileSync(
    path.join(dir, 'content/docs/v2/guide/setup.md'),
    `---\ntitle: "</script><script>window.__pwned = 1</script>"\ndescription: "line\u2028break\u2029and <img src=x onerror=window.__pwned=2>"\n---\n\n## Install\n\nText.\n`,
  )
  const r = cli(['build', '--root', dir, '--quiet'])
  assert.is(r.code, 0, r.stderr)
  const html = fs.readFileSync(path.join(dir, 'build/guide/setup/index.html'), 'utf8')
  assert.not.match(html, /<script>window\.__pwned/)
  assert.not.match(html, /<img src=x/)
  const server = await serveStatic(path.join(dir, 'build'))
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(String(e)))
    page.on('dialog', (d) => errors.push(`dialog: ${d.message()}`))
    await page.goto(server.url + '/guide/setup/')
    // Hydration worked (the toggle responds) and nothing ran.
    await page.click('.color-toggle')
    assert.is(await page.getAttribute('html', 'data-theme'), 'dark')
    assert.is(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined)
    assert.is(await page.textContent('h1'), '</script><script>window.__pwned = 1</script>')
    assert.equal(errors, [])
  } finally {
    await browser.close()
    await server.close()
  }
})

test('raw HTML in repository markdown is allowed (authors are trusted); in OpenAPI descriptions it is not', () => {
  const dir = tempCopy('basic')
  fs.appendFileSync(
    path.join(dir, 'content/docs/v2/guide/setup.md'),
    '\n<details><summary>More</summary>\n\nHidden <kbd>Ctrl</kbd>.\n\n</details>\n',
  )
  assert.is(cli(['build', '--root', dir, '--quiet']).code, 0)
  assert.match(
    fs.readFileSync(path.join(dir, 'build/guide/setup/index.html'), 'utf8'),
    /<details><summary>More<\/summary>[\s\S]*<kbd>Ctrl<\/kbd>/,
  )
  // The OpenAPI side of the policy is pinned in test/api.test.ts ("an untrusted description …").
})

test.run()
