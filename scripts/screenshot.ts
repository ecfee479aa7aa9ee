// Takes a screenshot of a built page: tsx scripts/screenshot.ts BUILD_DIR /path out.png [light|dark] [width]
import { serveStatic } from '../test/helpers/static-server.js'
import { launchChromium } from '../test/helpers/browser.js'
const [root, pathname, out, mode, width] = process.argv.slice(2)
const srv = await serveStatic(root!)
const browser = await launchChromium()
const page = await browser.newPage({ viewport: { width: Number(width ?? 1280), height: 900 } })
const errors: string[] = []
page.on('pageerror', (e) => errors.push(String(e)))
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
if (mode === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
await page.goto(srv.url + pathname)
await page.waitForTimeout(Number(process.env.WAIT ?? 500))
const clipY = process.env.CLIP_Y ? Number(process.env.CLIP_Y) : undefined
await page.screenshot({
  path: out!,
  fullPage: process.env.FULL === '1' || clipY !== undefined,
  ...(clipY !== undefined ? { clip: { x: 0, y: clipY, width: Number(width ?? 1280), height: 1100 } } : {}),
})
console.log('errors:', errors)
await browser.close()
await srv.close()
