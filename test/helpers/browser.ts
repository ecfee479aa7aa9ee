import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from './chromium.mjs'
import { cli, tempCopy } from './index.js'
import { serveStatic, type ServeOptions } from './static-server.js'

export { CHROMIUM, CHROMIUM_ARGS, launchChromium } from './chromium.mjs'

/** Runs the real CLI and throws its stderr when it fails (test set-up, not an assertion). */
export function buildOrThrow(args: string[], cwd?: string): void {
  const r = cli(args, cwd)
  if (r.code !== 0) throw new Error(r.stderr)
}

export interface BrowserSite {
  readonly url: string
  readonly browser: Browser
  /** A fresh context whose requests outside the site are aborted and recorded in `outside`. */
  newPage(options?: {
    width?: number
    mode?: 'light' | 'dark'
  }): Promise<{ context: BrowserContext; page: Page; errors: string[]; outside: string[] }>
  close(): Promise<void>
}

/** Serves a built folder on loopback and starts Chromium to look at it. */
export async function openSite(builtDir: string, options: ServeOptions = {}): Promise<BrowserSite> {
  const server = await serveStatic(builtDir, options)
  const browser = await launchChromium()
  return {
    url: server.url,
    browser,
    async newPage({ width = 1280, mode = 'light' } = {}) {
      const context = await browser.newContext({ viewport: { width, height: 900 } })
      // Tests must not reach the network: anything not on the loopback server fails the test.
      const outside: string[] = []
      await context.route('**/*', (route) =>
        route.request().url().startsWith(server.url)
          ? route.continue()
          : (outside.push(route.request().url()), route.abort()),
      )
      if (mode === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'))
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(String(e)))
      return { context, page, errors, outside }
    },
    async close() {
      await browser.close()
      await server.close()
    },
  }
}

/** A site opened by openFixture: `dir` is the fixture's temp copy, built into `dir`/build. */
export type FixtureSite = BrowserSite & { readonly dir: string }

export interface FixtureChanges {
  /** Written as the copy's docs-site.config.ts, in place of the fixture's own. */
  readonly config?: string
  /** Further changes to the copy (pages added or extended), made after the config. */
  readonly prepare?: (dir: string) => void
  /** close() also deletes the copy. */
  readonly removeOnClose?: boolean
}

/**
 * The browser suites' usual start: a temp copy of fixture `name`, changed where a suite needs more
 * (its own config, an extra page), built by the real CLI and opened with openSite.
 */
export async function openFixture(name: string, changes: FixtureChanges = {}): Promise<FixtureSite> {
  const dir = tempCopy(name)
  if (changes.config !== undefined) fs.writeFileSync(path.join(dir, 'docs-site.config.ts'), changes.config)
  changes.prepare?.(dir)
  buildOrThrow(['build', '--root', dir, '--quiet'])
  const site = await openSite(path.join(dir, 'build'))
  return {
    ...site,
    dir,
    async close() {
      await site.close()
      if (changes.removeOnClose) fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Clicks the menu button and waits for the mobile drawer's content. The drawer opens from an effect
 * of the click's render, which Preact runs after the next frame (later still on a loaded machine):
 * read at once, it is not shown yet. The wait does not fail by itself: the caller asserts.
 */
export async function openDrawer(page: Page): Promise<void> {
  await page.click('.menu-toggle')
  await page
    .waitForSelector('.mobile-drawer .mobile-secondary', { state: 'visible', timeout: 10_000 })
    .catch(() => {})
}

/**
 * Serves `url` with the version dropdown's island props broken (its items null), as a bad build
 * would: the island crashes when it hydrates.
 */
export async function breakDropdownOn(context: BrowserContext, url: string): Promise<void> {
  await context.route(url, async (route) => {
    const res = await route.fetch()
    const body = (await res.text()).replace(
      /data-island="NavbarDropdown" data-props="\{&quot;label&quot;:&quot;v2&quot;,&quot;items&quot;:\[[^"]*\]/,
      'data-island="NavbarDropdown" data-props="{&quot;label&quot;:&quot;v2&quot;,&quot;items&quot;:null',
    )
    await route.fulfill({ response: res, body })
  })
}
