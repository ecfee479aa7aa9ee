import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { serve } from '../src/serve/index.js'
import { tempCopy, cache } from './helpers/index.js'
const dir = tempCopy('basic')
const s = await serve({ root: dir, port: 0, cache, log: (l) => console.log(l), logError: (l) => console.log('ERR', l.split('\n')[0]) })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
const page = await browser.newPage()
page.on('console', (m) => console.log('console:', m.text()))
page.on('pageerror', (e) => console.log('pageerror:', e.message))
await page.goto(`http://localhost:${s.port}/guide/setup/`)
await page.waitForTimeout(500)
const file = path.join(dir, 'content/docs/v2/guide/setup.md')
const good = fs.readFileSync(file, 'utf8')
const nav = page.waitForNavigation()
fs.writeFileSync(file, good + '\nLive edit here.\n')
await nav
console.log('after edit has text:', await page.locator('text=Live edit here.').count())
fs.writeFileSync(file, '---\ntitle: Oops: bad\n---\nx\n')
await page.waitForSelector('#__docs-site-overlay', { timeout: 10000 })
console.log('overlay:', await page.evaluate(() => document.getElementById('__docs-site-overlay')!.shadowRoot!.textContent!.slice(0, 200)))
await page.screenshot({ path: '/tmp/scratch/overlay.png' })
const nav2 = page.waitForNavigation()
fs.writeFileSync(file, good.replace('Run', 'Fixed: run'))
await nav2
console.log('after fix overlay count:', await page.locator('#__docs-site-overlay').count(), 'text:', await page.locator('text=Fixed: run').count())
// client-side navigation keeps the live connection
await page.click('a[href="/guide/intro/"]')
await page.waitForTimeout(500)
const nav3 = page.waitForNavigation()
fs.appendFileSync(path.join(dir, 'content/docs/v2/guide/intro.md'), '\nIntro edited.\n')
await nav3
console.log('after nav+edit:', page.url(), await page.locator('text=Intro edited.').count())
await browser.close()
await s.close()
