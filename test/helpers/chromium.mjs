// Debian's Chromium as every browser test and benchmark starts it. Plain JavaScript so that the
// benchmarks (plain Node, no tsx) and the tests (TypeScript) share one list.
import { chromium } from 'playwright-core'

export const CHROMIUM = '/usr/bin/chromium'
/** Headless, and nothing that reaches the network by itself (tests never leave the machine). */
export const CHROMIUM_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
])

/** Debian's Chromium, with CHROMIUM_ARGS. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] })
}
